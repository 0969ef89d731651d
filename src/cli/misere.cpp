// grundy misere CODE --quotient [--max-heap N] [--max-order N] [--table] [--json]
// grundy misere CODE --genus [--values N] [--json]
// grundy misere CODE HEAP... [--explain] [--json]
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "command.h"
#include "grundy/core/error.h"
#include "grundy/core/output_file.h"
#include "grundy/core/parse.h"
#include "grundy/core/quotient/checkpoint.h"
#include "grundy/games/octal/genus.h"
#include "grundy/games/octal/misere_quotient.h"
#include "grundy/games/octal/sums.h"
#include "interrupt.h"
#include "io.h"
#include "octal_text.h"
#include "progress_line.h"
#include "report/misere.h"

namespace grundy::cli {
namespace {

namespace oct = grundy::octal;
namespace q = grundy::quotient;

struct MisereOptions {
  std::string code;
  std::vector<std::string> heaps;
  std::string values;
  std::string max_heap;
  std::string max_order;
  std::string seconds;
  std::string checkpoint;
  std::string checkpoint_every;
  bool resume = false;
  bool quotient = false;
  bool genus = false;
  bool table = false;
  bool explain = false;
  bool json = false;
  bool progress = false;
};

constexpr std::uint64_t kDefaultGenusValues = 21;
constexpr std::uint64_t kMaxGenusValues = 200;
constexpr std::size_t kTableShown = 64;  // text multiplication tables up to this order

oct::Control control_for(ProgressLine& line) {
  oct::Control c;
  const auto cb = line.callback();
  if (cb) c.progress = [cb](std::uint64_t done, std::uint64_t total, bool) { cb(done, total); };
  return c;
}

void print_list(const std::string& head, const std::vector<std::string>& items) {
  std::string line = "  ";
  fmt::print("{}\n", head);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = items[i] + (i + 1 < items.size() ? "," : "");
    if (line.size() + item.size() + 1 > 96) {
      fmt::print("{}\n", line);
      line = "  ";
    }
    line += (line.size() > 2 ? " " : "") + item;
  }
  if (line.size() > 2) fmt::print("{}\n", line);
}

void print_quotient(const oct::OctalCode& code, const oct::MisereQuotient& m, bool table) {
  const auto& pr = m.presentation;
  const auto& monoid = m.run.quotient.monoid;
  print_octal_rules(code, "misère play (whoever makes the last move loses)");
  std::vector<std::string> p_words, elements;
  for (const auto x : pr.by_normal_form) {
    elements.push_back(pr.element(x));
    if (monoid.is_p(x)) p_words.push_back(pr.element(x));
  }
  fmt::print("\nMisère quotient of heaps 0..{}: order {}, P-portion of {} element{}; {}.\n",
             m.last_heap(), monoid.order(), p_words.size(), p_words.size() == 1 ? "" : "s",
             m.tame ? fmt::format("tame (misère Nim's quotient T{})", *m.tame)
                    : std::string("wild (not a quotient of misère Nim)"));
  fmt::print("{}: {}\n",
             m.proven() ? "Stable for every heap, proven" : "Status: " + report::quotient_status(m),
             report::quotient_argument(m));
  std::string gens;
  for (std::size_t i = 0; i < pr.names.size(); ++i)
    gens += fmt::format("{}{} = heap {}", i ? ", " : "", pr.names[i], pr.generator_heap[i]);
  fmt::print("Generators (the first heap that needs each): {}\n", gens.empty() ? "none" : gens);
  std::vector<std::string> rel;
  for (const auto& r : pr.relations) rel.push_back(pr.word(r.left) + " = " + pr.word(r.right));
  print_list(fmt::format("Relations ({}):", rel.size()), rel);
  print_list(fmt::format("P-portion ({}):", p_words.size()), p_words);
  print_list(fmt::format("Elements ({}):", elements.size()), elements);
  // phi: every computed heap, or with a proof up to one period past the preperiod.
  std::uint64_t shown = m.last_heap() + 1;
  if (m.run.proof)
    shown =
        std::min<std::uint64_t>(shown, m.run.proof->period.preperiod + m.run.proof->period.period);
  fmt::print("phi (heap -> element){}:\n",
             m.run.proof ? fmt::format(", then periodic with period {}", m.run.proof->period.period)
                         : std::string());
  for (std::uint64_t row = 0; row < shown; row += 10) {
    std::string line = fmt::format("  phi({:>3}..{:>3}):", row, std::min(row + 10, shown) - 1);
    for (std::uint64_t n = row; n < std::min(row + 10, shown); ++n)
      line += " " + pr.element(m.run.phi[n]);
    fmt::print("{}\n", line);
  }
  if (m.tame) {
    std::vector<std::string> genus;
    for (std::uint32_t n = 0; n < shown; ++n) genus.push_back(oct::tame_genus(m, n));
    print_list("Genus of each heap (tame: g^g- as in misère Nim):", genus);
  }
  if (table) {
    if (monoid.order() > kTableShown) {
      fmt::print("Multiplication table: order {} is above {}; --json prints it.\n", monoid.order(),
                 kTableShown);
      return;
    }
    const q::Multiplier mult(monoid);
    std::size_t w = 1;
    for (const auto& e : elements) w = std::max(w, e.size());
    fmt::print("Multiplication table:\n  {:>{}} |", "", w);
    for (const auto& e : elements) fmt::print(" {:>{}}", e, w);
    fmt::print("\n");
    for (const auto x : pr.by_normal_form) {
      fmt::print("  {:>{}} |", pr.element(x), w);
      for (const auto y : pr.by_normal_form) fmt::print(" {:>{}}", pr.element(mult.times(x, y)), w);
      fmt::print("\n");
    }
  }
}

void run_genus(const oct::OctalCode& code, const MisereOptions& o) {
  const auto count =
      o.values.empty() ? kDefaultGenusValues : parse_uint(o.values, "--values", kMaxGenusValues);
  const auto genera = oct::heap_genera(code, count);
  if (o.json) return print_json(report::misere_genus_json(code, genera));
  print_octal_rules(code, "misère play (whoever makes the last move loses)");
  fmt::print(
      "\nGenus g^γ0γ1... of each heap: g its normal-play value, γk the misère value of the heap "
      "plus k heaps *2 (γ0 = g-, its misère value alone); the last two repeat forever.\n");
  for (std::size_t n = 0; n < genera.size(); ++n)
    fmt::print("  heap {:>3}: {:<14} g- = {}\n", n, oct::genus_text(genera[n]),
               genera[n].misere_value());
}

void run(const MisereOptions& o) {
  const auto code = oct::OctalCode::parse(o.code);
  const int modes =
      static_cast<int>(o.quotient) + static_cast<int>(o.genus) + static_cast<int>(!o.heaps.empty());
  if (modes == 0)
    throw InputError(
        "say what to compute: --quotient, --genus, or heaps (grundy misere 0.77 3 5 9)");
  if (modes > 1) throw InputError("give one of --quotient, --genus or heaps, not several");
  if (!o.values.empty() && !o.genus) throw InputError("--values goes with --genus");
  if (o.table && !o.quotient) throw InputError("--table goes with --quotient");
  if (!o.max_heap.empty() && !o.quotient) throw InputError("--max-heap goes with --quotient");
  if (!o.seconds.empty() && !o.quotient) throw InputError("--seconds goes with --quotient");
  if (!o.checkpoint.empty() && !o.quotient) throw InputError("--checkpoint goes with --quotient");
  if (o.resume && o.checkpoint.empty()) throw InputError("--resume needs --checkpoint FILE");
  if (!o.checkpoint_every.empty() && o.checkpoint.empty())
    throw InputError("--checkpoint-every needs --checkpoint FILE");
  if (o.explain && o.heaps.empty()) throw InputError("--explain goes with heaps");
  const q::Element max_order =
      o.max_order.empty()
          ? oct::kDefaultQuotientOrder
          : static_cast<q::Element>(parse_uint(o.max_order, "--max-order", oct::kMaxQuotientOrder,
                                               std::to_string(oct::kMaxQuotientOrder)));
  if (o.genus) return run_genus(code, o);
  if (o.quotient) {
    oct::QuotientRequest r;
    r.max_order = max_order;
    if (!o.max_heap.empty())
      r.max_heap = static_cast<std::uint32_t>(
          parse_uint(o.max_heap, "--max-heap", oct::kMaxQuotientHeap, "2^20"));
    r.seconds = !o.seconds.empty() ? static_cast<double>(parse_uint(o.seconds, "--seconds",
                                                                    7 * 86400, "a week of seconds"))
                                   : (r.max_heap ? 0 : oct::kDefaultQuotientSeconds);
    if (!o.checkpoint_every.empty())
      r.checkpoint_seconds = parse_decimal(o.checkpoint_every, "--checkpoint-every", 1, 7 * 86400,
                                           "a week of seconds");
    const std::string game = oct::checkpoint_game(code);
    if (!o.checkpoint.empty()) {
      const bool exists = std::filesystem::exists(o.checkpoint);
      if (exists && !o.resume)
        throw InputError("checkpoint '" + o.checkpoint +
                         "' exists: add --resume to continue from it, or remove it");
      if (!exists && o.resume)
        fmt::print(stderr, "grundy: no checkpoint '{}' yet; starting from heap 0\n", o.checkpoint);
      if (exists) r.resume = q::read_state(read_file(o.checkpoint), game, o.checkpoint);
      r.checkpoint = [&o, game](const q::BuilderState& s) {
        write_output_file(o.checkpoint, q::state_json(game, s));
      };
    }
    InterruptScope interrupt;
    ProgressLine line(fmt::format("the misère quotient of {}", code.to_string()), o.progress);
    auto control = control_for(line);
    control.stop = interrupt.stop();
    try {
      const auto m = oct::misere_quotient(code, r, control);
      if (o.json) return print_json(report::misere_quotient_json(code, m, o.table));
      return print_quotient(code, m, o.table);
    } catch (const oct::Interrupted&) {
      fmt::print(stderr, "grundy: interrupted{}\n",
                 o.checkpoint.empty() ? std::string()
                                      : "; checkpoint '" + o.checkpoint +
                                            "' saved: run the same command with "
                                            "--resume to continue");
      std::exit(130);
    }
  }
  std::vector<std::uint64_t> heaps;
  if (o.heaps.size() > oct::kMaxSumHeaps)
    throw LimitError("a sum is limited to " + std::to_string(oct::kMaxSumHeaps) + " heaps");
  for (std::size_t i = 0; i < o.heaps.size(); ++i)
    heaps.push_back(
        parse_uint(o.heaps[i], "heap " + std::to_string(i + 1), std::uint64_t{1} << 62, "2^62"));
  ProgressLine line(fmt::format("the misère quotient of {}", code.to_string()), o.progress);
  const auto m = oct::quotient_for_sum(code, heaps, max_order, control_for(line));
  const auto s = oct::analyze_misere_sum(code, heaps, m);
  if (o.json) return print_json(report::octal_sum_json(code, s, &m));
  print_octal_sum(code, s, &m, o.explain);
}

const Registration misere_registration{
    27, "misere", [](Command app) {
      auto o = std::make_shared<MisereOptions>();
      auto cmd = app.add_subcommand(
          "misere",
          "Misère play of octal games and Grundy's game: the misère quotient (Plambeck and "
          "Siegel), the genus of each heap, and who wins a sum of heaps with every winning move");
      cmd.add_option("code", o->code, "code like 0.77, .07, 0.137, 4.07, 0.8f, or 'grundy'")
          .required();
      cmd.add_option("heaps", o->heaps, "heap sizes of a sum (0 to 2^62)");
      cmd.add_flag("--quotient", o->quotient,
                   "the misère quotient: order, P-portion, generators and relations, phi, tame or "
                   "wild, where it stabilises and why");
      cmd.add_flag("--genus", o->genus, "the genus of each heap (CGSuite's notation) and g-");
      cmd.add_option("--values", o->values, "with --genus: heaps 0..N-1 (default 21, up to 200)");
      cmd.add_option("--max-heap", o->max_heap,
                     "with --quotient: heaps 0..N exactly (default: until proven stable, at most "
                     "heap 1000)");
      cmd.add_option("--seconds", o->seconds,
                     "with --quotient: stop after this long, keeping the heaps done (default: 10 "
                     "without --max-heap, none with it)");
      cmd.add_option("--checkpoint", o->checkpoint,
                     "with --quotient: save the computation to FILE every 30 s, at the end and "
                     "on Ctrl-C (written atomically)");
      cmd.add_option("--checkpoint-every", o->checkpoint_every,
                     "with --checkpoint: save every S seconds (default 30, at least 1)");
      cmd.add_flag("--resume", o->resume,
                   "continue from the --checkpoint FILE (checked against the game first)");
      cmd.add_option("--max-order", o->max_order,
                     "the largest quotient to compute (default 4096, up to 2^20)");
      cmd.add_flag("--table", o->table, "with --quotient: the multiplication table");
      cmd.add_flag("--explain", o->explain,
                   "with heaps: each heap's element, their product and the P-portion");
      cmd.add_flag("--json", o->json, "print JSON (the same as POST /api/misere)");
      cmd.add_flag("--progress", o->progress, "report progress on stderr even when not a TTY");
      cmd.footer(
          "Examples:\n  grundy misere 0.77 --quotient\n  grundy misere 0.75 --quotient --table\n  "
          "grundy misere 0.137 --genus --values 12\n  grundy misere 0.77 3 5 9 --explain");
      cmd.callback([o] { run(*o); });
    }};

}  // namespace
}  // namespace grundy::cli
