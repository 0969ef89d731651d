// grundy octal CODE [--values N] [--at N] [--period] [--limit N] [--misere] [--json]
//                   [--out FILE] [--resume] [--progress]
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "command.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/octal/analysis.h"
#include "grundy/games/octal/long_run.h"
#include "io.h"

namespace grundy::cli {
namespace {

namespace oct = grundy::octal;

struct OctalOptions {
  std::string code;
  std::string values;
  std::string at;
  std::string limit;
  std::string out;
  bool period = false;
  bool misere = false;
  bool json = false;
  bool resume = false;
  bool progress = false;
};

std::atomic<bool> g_stop{false};
extern "C" void on_signal(int) {
  g_stop.store(true);
}

std::string title(const oct::OctalCode& code) {
  const std::string name = oct::common_name(code);
  if (code.is_grundy()) return "Grundy's game";
  return "Octal game " + code.to_string() + (name.empty() ? "" : " (" + name + ")");
}

void print_rules(const oct::OctalCode& code, Rule rule) {
  fmt::print("{}, {} play. A move:\n", title(code),
             rule == Rule::normal ? "normal" : "misère (single heaps; no move left = win)");
  for (const auto& line : code.describe()) fmt::print("  - {}\n", line);
}

std::string proof_text(const oct::PeriodProof& p) {
  const auto e = p.checked.preperiod, per = p.checked.period;
  const auto e1 = std::max<std::uint64_t>(e, 1);
  std::string text = fmt::format(
      "Period {} from n = {}: proven by the octal periodicity theorem. G(n + {}) = G(n) was "
      "checked for {} <= n <= 2*{} + {} + {} = {} (t = {} is the last non-zero digit), which "
      "needed {} values; {} were computed.",
      p.period.period, p.period.preperiod, per, e, e1, per, p.t, p.checked_up_to, p.t,
      p.values_needed, p.values_computed);
  if (p.period != p.checked)
    text += fmt::format(
        " The least period and preperiod follow from one full period of the "
        "proven ({}, {}).",
        e, per);
  return text;
}

void print_table(const oct::OctalCode& code, const oct::Table& t, Rule rule) {
  print_rules(code, rule);
  print_value_rows(t.values);
  if (t.proof) {
    fmt::print("{}\n", proof_text(*t.proof));
  } else if (rule == Rule::misere) {
    fmt::print(
        "Misère values of single heaps only: they do not add up by xor, so they say "
        "nothing about sums of heaps.\n");
  } else if (code.is_grundy()) {
    fmt::print("Grundy's game has no known period; no periodicity theorem applies to it.\n");
  } else {
    fmt::print("No period proven within {} values{}.\n", t.proof_limit,
               t.observed ? fmt::format(" (these values repeat with period {} from n = {}, "
                                        "which proves nothing)",
                                        t.observed->period, t.observed->preperiod)
                          : "");
  }
}

std::string move_text(const oct::Move& m) {
  const std::string took =
      m.take == 0 ? "split without removing" : fmt::format("remove {}", m.take);
  if (m.a == 0) return took + ", leaving nothing";
  if (m.b == 0) return fmt::format("{}, leaving a heap of {}", took, m.a);
  return fmt::format("{}, leaving heaps of {} and {}", took, m.a, m.b);
}

nlohmann::json proof_json(const std::optional<oct::PeriodProof>& p) {
  if (!p) return nullptr;
  return {{"checked_preperiod", p->checked.preperiod},
          {"checked_period", p->checked.period},
          {"t", p->t},
          {"inequality", fmt::format("G(n+{}) = G(n) for {} <= n <= {}", p->checked.period,
                                     p->checked.preperiod, p->checked_up_to)},
          {"values_needed", p->values_needed},
          {"values_computed", p->values_computed}};
}

void run_at(const oct::OctalCode& code, const OctalOptions& o, Rule rule, std::uint64_t limit) {
  const auto n = parse_uint(o.at, "--at", std::uint64_t{1} << 62, "2^62");
  const auto h = oct::analyze(code, n, rule, limit);
  if (o.json) {
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : h.winning_moves) {
      nlohmann::json left = nlohmann::json::array();
      if (m.a > 0) left.push_back(m.a);
      if (m.b > 0) left.push_back(m.b);
      moves.push_back({{"take", m.take}, {"leaves", left}});
    }
    print_json({{"game", code.is_grundy() ? "grundy" : "octal"},
                {"code", code.to_string()},
                {"rule", rule == Rule::normal ? "normal" : "misere"},
                {"n", h.n},
                {"value", h.value},
                {"winner", to_string(h.winner)},
                {"winning_moves", moves},
                {"winning_moves_total", h.winning_moves_total},
                {"winning_moves_complete", h.winning_moves_complete},
                {"from_period", h.from_period},
                {"certified", h.proof.has_value()},
                {"preperiod", h.proof ? nlohmann::json(h.proof->period.preperiod) : nullptr},
                {"period", h.proof ? nlohmann::json(h.proof->period.period) : nullptr}});
    return;
  }
  print_rules(code, rule);
  fmt::print("A heap of {}: G({}) = {}{}; {}.\n", n, n, h.value,
             h.from_period ? " (from the proven period, in O(1))" : "", outcome_sentence(h.winner));
  if (h.proof && h.from_period) fmt::print("{}\n", proof_text(*h.proof));
  constexpr std::size_t kShown = 12;
  for (std::size_t i = 0; i < h.winning_moves.size() && i < kShown; ++i)
    fmt::print("Winning move: {} (value 0).\n", move_text(h.winning_moves[i]));
  if (h.winning_moves.empty()) fmt::print("No winning move: every move leaves a non-zero value.\n");
  if (!h.winning_moves_complete || h.winning_moves_total > kShown)
    fmt::print("{} winning moves in all (--json lists up to {}){}.\n", h.winning_moves_total,
               oct::kMaxListedMoves,
               h.from_period ? fmt::format("; a split whose smaller part b >= {} stands for every "
                                           "b + j*{} as well",
                                           h.proof->period.preperiod, h.proof->period.period)
                             : "");
}

void run_long(const oct::OctalCode& code, const OctalOptions& o) {
  if (o.values.empty()) throw InputError("--out needs --values N (how many values to write)");
  if (o.misere) throw InputError("--out writes normal-play tables only");
  const auto count = parse_uint(o.values, "--values", std::uint64_t{1} << 36, "2^36");
  const bool show = o.progress || ::isatty(STDERR_FILENO);
  const bool tty = ::isatty(STDERR_FILENO);
  oct::RunOptions r;
  r.out = o.out;
  r.count = count;
  r.resume = o.resume;
  r.stop = &g_stop;
  if (show)
    r.on_progress = [tty](const oct::RunProgress& p) {
      const double eta = p.rate > 0 ? static_cast<double>(p.total - p.done) / p.rate : 0;
      fmt::print(stderr, "{}{}/{} values ({:.1f}%), {:.3g} values/s, ETA {:.0f} s{}",
                 tty ? "\r" : "", p.done, p.total,
                 100.0 * static_cast<double>(p.done) / static_cast<double>(p.total), p.rate, eta,
                 tty ? "   " : "\n");
      std::fflush(stderr);
    };
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  const auto result = oct::run_table(code, r);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  if (show && tty) fmt::print(stderr, "\n");
  if (result.interrupted) {
    fmt::print(stderr,
               "grundy: interrupted after {} of {} values; checkpoint '{}.ckpt' saved; run the "
               "same command with --resume to continue\n",
               result.done, count, o.out);
    std::exit(130);
  }
  if (o.json) {
    print_json({{"game", code.is_grundy() ? "grundy" : "octal"},
                {"code", code.to_string()},
                {"out", o.out},
                {"count", result.done},
                {"resumed_from", result.resumed_from},
                {"rare_positions", result.stats.rare_positions},
                {"max_value", result.stats.max_value}});
    return;
  }
  fmt::print("{}: wrote G(0..{}) to {}{}; {} rare heaps, largest value {}.\n", title(code),
             count == 0 ? 0 : count - 1, o.out,
             result.resumed_from ? fmt::format(" (resumed at n = {})", result.resumed_from) : "",
             result.stats.rare_positions, result.stats.max_value);
}

void run(const OctalOptions& o) {
  const auto code = oct::OctalCode::parse(o.code);
  const Rule rule = o.misere ? Rule::misere : Rule::normal;
  if (o.resume && o.out.empty()) throw InputError("--resume needs --out FILE");
  if (!o.out.empty()) {
    if (!o.at.empty() || o.period)
      throw InputError("--out cannot be combined with --at or --period");
    return run_long(code, o);
  }
  // Without --period or --limit, only a quick proof search (4096 values), except for heaps too
  // large to compute directly, which need the full search (2^24 values).
  const bool far_heap = !o.at.empty() && parse_uint(o.at, "--at", std::uint64_t{1} << 62, "2^62") >=
                                             oct::kMaxDirectHeap;
  const std::uint64_t limit = o.limit.empty()
                                  ? (o.period || far_heap ? oct::kDefaultProofLimit : 4096)
                                  : parse_uint(o.limit, "--limit", std::uint64_t{1} << 28, "2^28");
  if (!o.at.empty()) return run_at(code, o, rule, limit);
  const auto count = o.values.empty() ? 40 : parse_uint(o.values, "--values", oct::kMaxTableValues);
  const auto t = oct::table(code, count, rule, rule == Rule::normal ? limit : 0);
  if (!o.json) return print_table(code, t, rule);
  print_json({{"game", code.is_grundy() ? "grundy" : "octal"},
              {"code", code.to_string()},
              {"rule", o.misere ? "misere" : "normal"},
              {"values", t.values},
              {"preperiod", t.proof ? nlohmann::json(t.proof->period.preperiod) : nullptr},
              {"period", t.proof ? nlohmann::json(t.proof->period.period) : nullptr},
              {"certified", t.proof.has_value()},
              {"proof", proof_json(t.proof)}});
}

const Registration registration{
    25, "octal", [](CLI::App& app) {
      auto o = std::make_shared<OctalOptions>();
      auto* cmd = app.add_subcommand(
          "octal",
          "Octal games (Kayles 0.77, Dawson's Kayles 0.07, ...) and Grundy's game: values, proven "
          "periods, G(n) for huge n, long resumable tables");
      cmd->add_option("code", o->code,
                      "octal code like 0.77, .07, 4.07, 0.137; or 'grundy' for Grundy's game")
          ->required();
      cmd->add_option("--values", o->values, "how many values to list, G(0)..G(N-1) (default 40)");
      cmd->add_option("--at", o->at,
                      "analyse one heap of size N (up to 2^62 once a period is proven)");
      cmd->add_flag("--period", o->period,
                    "search further for a proven period (up to --limit values, default 2^24)");
      cmd->add_option("--limit", o->limit, "values the period search may compute (up to 2^28)");
      cmd->add_flag("--misere", o->misere,
                    "misère values of single heaps (small heaps; sums are not covered)");
      cmd->add_flag("--json", o->json, "print JSON: values, preperiod, period, certified, ...");
      cmd->add_option("--out", o->out,
                      "write G(0..N-1) to FILE (binary; text 'n value' lines if FILE ends in "
                      ".txt), checkpointing to FILE.ckpt; Ctrl-C stops cleanly");
      cmd->add_flag("--resume", o->resume, "continue an interrupted --out run from its checkpoint");
      cmd->add_flag("--progress", o->progress, "report progress on stderr even when not a TTY");
      cmd->footer(
          "Examples:\n  grundy octal 0.77 --values 24\n  grundy octal .07 --at "
          "1000000000000000000\n  grundy octal .16 --period --json\n  grundy octal grundy --values "
          "16777216 --out grundy.bin --progress   (Ctrl-C, then add --resume)");
      cmd->callback([o] { run(*o); });
    }};

}  // namespace
}  // namespace grundy::cli
