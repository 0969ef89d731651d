// grundy octal CODE [--values N] [--at N] [--period] [--limit N] [--misere] [--json]
//                   [--out FILE] [--summary FILE] [--resume] [--progress] [--checkpoint-every S]
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include <fmt/core.h>
#include <fmt/format.h>

#include "command.h"
#include "exits.h"
#include "grundy/core/error.h"
#include "grundy/core/output_file.h"
#include "grundy/core/parse.h"
#include "grundy/games/octal/analysis.h"
#include "grundy/games/octal/long_run.h"
#include "io.h"
#include "report/json_text.h"
#include "report/octal.h"

namespace grundy::cli {
namespace {

namespace oct = grundy::octal;

struct OctalOptions {
  std::string code;
  std::string values;
  std::string at;
  std::string limit;
  std::string out;
  std::string summary;
  std::string checkpoint_every;
  bool period = false;
  bool misere = false;
  bool json = false;
  bool resume = false;
  bool progress = false;
};

// Requests that run longer than this without being resumable are refused up front.
constexpr double kInteractiveSeconds = 3600;
constexpr double kExplicitSearchSeconds = 86400;
constexpr double kDefaultSearchSeconds = 10;

std::atomic<bool> g_stop{false};
extern "C" void on_signal(int) {
  g_stop.store(true);
}

// Ctrl-C and SIGTERM set g_stop for as long as this lives; engines then stop at once.
class StopOnSignal {
 public:
  StopOnSignal() {
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
  }
  ~StopOnSignal() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
  }
};

// "12,345/1,000,000 values (1.2%), 3.4e+05 values/s, ETA 41 s" on stderr: rewritten in place on
// a terminal, one line a second otherwise (with --progress). Nothing for the first second.
class Progress {
 public:
  explicit Progress(bool progress_flag)
      : tty_(::isatty(STDERR_FILENO) != 0), show_(progress_flag || tty_) {}
  ~Progress() { done(); }
  void update(std::uint64_t done, std::uint64_t total, bool quadratic) {
    if (!show_) return;
    const auto now = Clock::now();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    if (elapsed < 1 || now - last_ < std::chrono::seconds(1)) return;
    const double interval = std::chrono::duration<double>(now - last_).count();
    const double rate = last_done_ <= done && last_done_ > 0
                            ? static_cast<double>(done - last_done_) / interval
                            : static_cast<double>(done) / elapsed;
    last_ = now;
    last_done_ = done;
    const double left = static_cast<double>(total - std::min(done, total));
    // Plain heaps cost in proportion to n: the remaining time grows like total^2 - done^2.
    const double eta =
        rate <= 0 ? 0
                  : (quadratic && done > 0
                         ? left * (static_cast<double>(total) + static_cast<double>(done)) /
                               (2.0 * static_cast<double>(done) * rate)
                         : left / rate);
    fmt::print(stderr, "{}{}/{} values ({:.1f}%), {:.3g} values/s, ETA {}{}", tty_ ? "\r" : "",
               done, total,
               total ? 100.0 * static_cast<double>(done) / static_cast<double>(total) : 100.0, rate,
               oct::duration_text(eta), tty_ ? "   " : "\n");
    std::fflush(stderr);
    printed_ = true;
  }
  void done() {
    if (printed_ && tty_) fmt::print(stderr, "\n");
    printed_ = false;
  }
  oct::Control control(double max_seconds, std::string what, std::string advice) {
    oct::Control c;
    c.stop = &g_stop;
    c.progress = [this](std::uint64_t d, std::uint64_t t, bool q) { update(d, t, q); };
    c.max_seconds = max_seconds;
    c.what = std::move(what);
    c.advice = std::move(advice);
    return c;
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool tty_ = false, show_ = false, printed_ = false;
  Clock::time_point start_ = Clock::now(), last_ = start_;
  std::uint64_t last_done_ = 0;
};

// Large outputs go out in pieces as they are made, never as one string.
class Stream {
 public:
  explicit Stream(std::FILE* f) : f_(f) {}
  ~Stream() { flush(); }
  template <class... A>
  void print(fmt::format_string<A...> format, A&&... args) {
    fmt::format_to(std::back_inserter(buffer_), format, std::forward<A>(args)...);
    if (buffer_.size() >= (1u << 20)) flush();
  }
  void flush() {
    errno = 0;
    if (buffer_.size() > 0 && std::fwrite(buffer_.data(), 1, buffer_.size(), f_) != buffer_.size())
      failed(errno);
    buffer_.clear();
    errno = 0;
    if (std::fflush(f_) != 0) failed(errno);
  }

 private:
  // The reason goes to the exit status (flush_stdout); errno is lost once fwrite returns.
  void failed(int err) {
    if (f_ == stdout) note_stdout_error(err);
  }
  std::FILE* f_;
  fmt::memory_buffer buffer_;
};

std::string title(const oct::OctalCode& code) {
  const std::string name = oct::common_name(code);
  if (code.is_grundy()) return "Grundy's game";
  return std::string(code.is_hexadecimal() ? "Hexadecimal game " : "Octal game ") +
         code.to_string() + (name.empty() ? "" : " (" + name + ")");
}

void print_rules(const oct::OctalCode& code, Rule rule) {
  fmt::print("{}, {} play. A move:\n", title(code),
             rule == Rule::normal ? "normal" : "misère (single heaps; no move left = win)");
  for (const auto& line : code.describe()) fmt::print("  - {}\n", line);
}

void print_rows(Stream& out, const oct::Table& t) {
  constexpr std::uint64_t kPerRow = 10;
  for (std::uint64_t row = 0; row < t.count; row += kPerRow) {
    const std::uint64_t end = std::min(row + kPerRow, t.count);
    out.print("  G({:>3}..{:>3}):", row, end - 1);
    for (std::uint64_t n = row; n < end; ++n) out.print(" {:>2}", t.value(n));
    out.print("\n");
  }
}

void print_table(const oct::OctalCode& code, const oct::Table& t, Rule rule) {
  print_rules(code, rule);
  std::fflush(stdout);
  Stream out(stdout);
  print_rows(out, t);
  out.print("{}\n", report::octal_period_text(code, t, rule));
}

// The JSON of print_json, with the "values" array (the last key) written value by value.
void print_table_json(const oct::OctalCode& code, const oct::Table& t, Rule rule) {
  const nlohmann::json head = report::octal_table_json_head(code, t, rule);
  std::string text = head.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  const std::string tail = "\"values\": []\n}";
  if (t.count == 0 || text.size() < tail.size() ||
      text.compare(text.size() - tail.size(), tail.size(), tail) != 0) {
    fmt::print("{}\n", text);
    return;
  }
  text.resize(text.size() - 3);  // "[]" stays open as "["
  Stream out(stdout);
  out.print("{}", text);
  for (std::uint64_t n = 0; n < t.count; ++n) out.print("{}\n    {}", n ? "," : "", t.value(n));
  out.print("\n  ]\n}}\n");
}

std::string move_text(const oct::Move& m) {
  const std::string took =
      m.take == 0 ? "split without removing" : fmt::format("remove {}", m.take);
  if (m.a == 0) return took + ", leaving nothing";
  if (m.b == 0) return fmt::format("{}, leaving a heap of {}", took, m.a);
  if (m.c == 0) return fmt::format("{}, leaving heaps of {} and {}", took, m.a, m.b);
  return fmt::format("{}, leaving heaps of {}, {} and {}", took, m.a, m.b, m.c);
}

void run_at(const oct::OctalCode& code, const OctalOptions& o, Rule rule) {
  const auto n = parse_uint(o.at, "--at", std::uint64_t{1} << 62, "2^62");
  const bool far = n >= oct::kMaxDirectHeap;
  const bool explicit_limit = !o.limit.empty() || o.period;
  // Without --period or --limit: a quick proof search (4096 values), except for heaps too large
  // to compute directly, which need the full search (2^24 values), bounded in time.
  const std::uint64_t limit = !o.limit.empty()
                                  ? parse_uint(o.limit, "--limit", std::uint64_t{1} << 28, "2^28")
                                  : (o.period || far ? oct::kDefaultProofLimit : 4096);
  if (code.is_grundy() && far)
    throw LimitError("Grundy's game has no known period; heaps are limited to " +
                     std::to_string(oct::kMaxDirectHeap) +
                     " here (use --values with --out for tables)");
  Progress progress(o.progress);
  const auto control = progress.control(
      far ? (explicit_limit ? kExplicitSearchSeconds : kDefaultSearchSeconds) : kInteractiveSeconds,
      far ? fmt::format("searching {} for a period within {} values", code.to_string(), limit)
          : fmt::format("computing G(0..{}) of {}", n, code.to_string()),
      far ? (explicit_limit
                 ? "use a smaller --limit"
                 : fmt::format("add --limit {} to search anyway (Ctrl-C stops it)", limit))
          : "ask for a smaller heap");
  const auto h = oct::analyze(code, n, rule, limit, control);
  progress.done();
  if (o.json) {
    print_json(report::octal_heap_json(code, h, rule));
    return;
  }
  print_rules(code, rule);
  fmt::print("A heap of {}: G({}) = {}{}; {}.\n", n, n, h.value,
             h.from_period ? " (from the proven period, in O(1))" : "", outcome_sentence(h.winner));
  if (h.proof && h.from_period) fmt::print("{}\n", report::octal_proof_text(*h.proof));
  constexpr std::size_t kShownMoves = 12;
  for (std::size_t i = 0; i < h.winning_moves.size() && i < kShownMoves; ++i)
    fmt::print("Winning move: {} (value 0).\n", move_text(h.winning_moves[i]));
  if (h.winning_moves.empty() && h.winning_moves_complete)
    fmt::print("No winning move: every move leaves a non-zero value.\n");
  if (h.winning_moves.empty() && !h.winning_moves_complete)
    fmt::print("Winning moves are not listed: a heap this large has too many three-heap splits.\n");
  if (!h.winning_moves.empty() &&
      (!h.winning_moves_complete || h.winning_moves_total > kShownMoves))
    fmt::print("{} winning moves in all (--json lists up to {}){}.\n", h.winning_moves_total,
               oct::kMaxListedMoves,
               h.from_period ? fmt::format("; a split whose smaller part b >= {} stands for every "
                                           "b + j*{} as well",
                                           h.proof->period.preperiod, h.proof->period.period)
                             : "");
}

void run_long(const oct::OctalCode& code, const OctalOptions& o) {
  const std::string what = o.out.empty() ? "--summary" : "--out";
  if (o.values.empty()) throw InputError(what + " needs --values N (how many values)");
  if (o.misere) throw InputError(what + " computes normal-play values only");
  if (!o.at.empty() || o.period)
    throw InputError(what + " cannot be combined with --at or --period");
  oct::RunOptions r;
  r.out = o.out;
  r.summary = o.summary;
  r.count = parse_uint(o.values, "--values", std::uint64_t{1} << 36, "2^36");
  r.resume = o.resume;
  if (!o.checkpoint_every.empty()) {
    r.checkpoint_seconds =
        parse_decimal(o.checkpoint_every, "--checkpoint-every", 1, 7 * 86400, "a week of seconds");
  }
  r.stop = &g_stop;
  Progress progress(o.progress);
  r.on_progress = [&](const oct::RunProgress& p) { progress.update(p.done, p.total, p.quadratic); };
  r.on_note = [&](const std::string& text) { fmt::print(stderr, "grundy: {}\n", text); };
  oct::RunResult result;
  {
    StopOnSignal signals;
    result = oct::run_table(code, r);
  }
  progress.done();
  // A table written straight to standard output must not get our sentences mixed in.
  const bool table_on_device = !o.out.empty() && !result.resumable;
  std::FILE* talk = table_on_device ? stderr : stdout;
  const std::string target = o.out.empty() ? o.summary : o.out;
  if (result.interrupted) {
    if (result.resumable)
      fmt::print(stderr,
                 "grundy: interrupted after {} of {} values; checkpoint '{}.ckpt' saved; run the "
                 "same command with --resume to continue\n",
                 result.done, r.count, resolve_output(target).path);
    else
      fmt::print(stderr,
                 "grundy: interrupted after {} of {} values; '{}' is a FIFO or a device, written "
                 "straight, so there is nothing to resume\n",
                 result.done, r.count, target);
    std::exit(130);
  }
  if (result.already_complete) {
    fmt::print(talk, "{}: '{}' is already complete ({}); nothing to do.\n", title(code), target,
               r.count == 0 ? "no values" : fmt::format("G(0..{})", r.count - 1));
    return;
  }
  const oct::Summary& s = result.summary;
  if (o.json) {
    fmt::print(talk, "{}",
               report::json_text(report::octal_run_json(code, o.out, o.summary, result)));
    return;
  }
  std::string wrote;
  if (!o.out.empty())
    wrote = r.count == 0 ? fmt::format("wrote no values to {}", o.out)
                         : fmt::format("wrote G(0..{}) to {}", r.count - 1, o.out);
  if (!o.summary.empty())
    wrote +=
        fmt::format("{}the summary of {} to {}", wrote.empty() ? "wrote " : " and ",
                    r.count == 0 ? "no values" : fmt::format("G(0..{})", r.count - 1), o.summary);
  fmt::print(talk, "{}: {}{}; {}; largest value {} (first at n = {}).\n", title(code), wrote,
             result.resumed_from ? fmt::format(" (resumed at n = {})", result.resumed_from) : "",
             result.source.rfind("proven", 0) == 0 ? result.source
                                                   : fmt::format("{} rare heaps", s.rare_count),
             s.largest, s.largest_at);
}

void run(const OctalOptions& o) {
  const auto code = oct::OctalCode::parse(o.code);
  const Rule rule = o.misere ? Rule::misere : Rule::normal;
  if (o.resume && o.out.empty() && o.summary.empty())
    throw InputError("--resume needs --out FILE or --summary FILE");
  if (o.period && code.is_grundy())
    throw InputError(
        "--period: no periodicity theorem applies to Grundy's game (a split may remove nothing "
        "and leave parts of any size), so no period of it can be proven");
  if (o.period && rule == Rule::misere)
    throw InputError(
        "--period: the periodicity theorem is about normal-play values; misère values of single "
        "heaps have none, so no period can be proven (leave out --misere or --period)");
  if (!o.out.empty() || !o.summary.empty()) return run_long(code, o);
  StopOnSignal signals;
  try {
    if (!o.at.empty()) return run_at(code, o, rule);
    const std::uint64_t limit =
        o.limit.empty() ? (o.period ? oct::kDefaultProofLimit : 4096)
                        : parse_uint(o.limit, "--limit", std::uint64_t{1} << 28, "2^28");
    const auto count =
        o.values.empty() ? 40 : parse_uint(o.values, "--values", oct::kMaxTableValues);
    Progress progress(o.progress);
    const auto control = progress.control(
        o.limit.empty() ? kInteractiveSeconds : kExplicitSearchSeconds,
        fmt::format("computing {} values of {}", std::max(count, limit), code.to_string()),
        "ask for fewer values (or write them with --out, which can be resumed)");
    const auto t = oct::table(code, count, rule, rule == Rule::normal ? limit : 0, control);
    progress.done();
    if (o.json) return print_table_json(code, t, rule);
    print_table(code, t, rule);
  } catch (const oct::Interrupted&) {
    std::fflush(stdout);
    fmt::print(stderr, "grundy: interrupted\n");
    std::exit(130);
  }
}

const Registration octal_registration{
    25, "octal", [](Command app) {
      auto o = std::make_shared<OctalOptions>();
      auto cmd = app.add_subcommand(
          "octal",
          "Octal and hexadecimal games (Kayles 0.77, Dawson's Kayles 0.07, 0.8f, ...) and "
          "Grundy's game: values, proven periods, G(n) for huge n, long resumable tables and "
          "summaries");
      cmd.add_option("code", o->code,
                     "code like 0.77, .07, 4.07, 0.137, hexadecimal 0.8f (digit bit 8: leave "
                     "three heaps); or 'grundy' for Grundy's game")
          .required();
      cmd.add_option("--values", o->values, "how many values to list, G(0)..G(N-1) (default 40)");
      cmd.add_option("--at", o->at,
                     "analyse one heap of size N (up to 2^62 once a period is proven)");
      cmd.add_flag("--period", o->period,
                   "search further for a proven period (up to --limit values, default 2^24)");
      cmd.add_option("--limit", o->limit, "values the period search may compute (up to 2^28)");
      cmd.add_flag("--misere", o->misere,
                   "misère values of single heaps (small heaps; sums are not covered)");
      cmd.add_flag("--json", o->json, "print JSON: values, preperiod, period, certified, ...");
      cmd.add_option("--out", o->out,
                     "write G(0..N-1) to FILE (binary; text 'n value' lines if FILE ends in "
                     ".txt), checkpointing to FILE.ckpt; Ctrl-C stops cleanly; a FIFO or "
                     "device (/dev/stdout) is written straight, without checkpoints");
      cmd.add_option("--summary", o->summary,
                     "write a JSON summary of G(0..N-1) to FILE: per value its count, first and "
                     "last heap; the rare heaps; the largest value; a checksum (resumable like "
                     "--out; for runs whose table would not fit a disk)");
      cmd.add_flag("--resume", o->resume,
                   "continue an interrupted --out/--summary run from its checkpoint");
      cmd.add_option("--checkpoint-every", o->checkpoint_every,
                     "seconds between checkpoints of --out/--summary runs (default 30)");
      cmd.add_flag("--progress", o->progress, "report progress on stderr even when not a TTY");
      cmd.footer(
          "Examples:\n  grundy octal 0.77 --values 24\n  grundy octal .07 --at "
          "1000000000000000000\n  grundy octal .16 --period --json\n  grundy octal 0.8f --values "
          "30\n  grundy octal grundy --values 16777216 --out grundy.bin --progress   (Ctrl-C, "
          "then add --resume)\n  grundy octal grundy --values 4294967296 --summary g32.json");
      cmd.callback([o] { run(*o); });
    }};

}  // namespace
}  // namespace grundy::cli
