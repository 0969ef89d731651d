// grundy subtraction --set 1,3,4 [--misere] [--values N] [--at N] [--json]
#include <optional>
#include <string>

#include <fmt/core.h>

#include "command.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/subtraction/subtraction.h"
#include "io.h"
#include "progress_line.h"
#include "report/subtraction.h"

namespace grundy::cli {
namespace {

namespace sub = grundy::subtraction;

struct SubtractionOptions {
  std::string spec;  // the set as a positional argument
  std::string set;
  std::string values = "40";
  std::string at;
  bool values_given = false;
  bool misere = false;
  bool json = false;
  bool progress = false;
};

void print_table(const sub::Table& t, const sub::SubtractionSet& s, Rule rule) {
  fmt::print("Subtraction game, {}, {} play\n", report::subtraction_set_text(s),
             rule == Rule::normal ? "normal" : "misère (a heap with no move left wins)");
  if (t.count == 0) fmt::print("  (no values listed: --values 0)\n");
  print_value_rows(t.count, [&](std::uint64_t n) { return t.at(n); });
  fmt::print("{}\n", report::subtraction_period_text(t, s));
}

constexpr std::size_t kMovesShown = 20;

void print_position(const sub::Position& p, const sub::SubtractionSet& s, Rule rule) {
  fmt::print("Subtraction game, {}, {} play: a heap of {}\n", report::subtraction_set_text(s),
             rule == Rule::normal ? "normal" : "misère", p.n);
  fmt::print("G({}) = {}{}; {}.\n", p.n, p.value,
             p.from_period ? " (from the proven period, in O(1))" : "", outcome_sentence(p.winner));
  for (std::size_t i = 0; i < p.winning_moves.size() && i < kMovesShown; ++i)
    fmt::print("Winning move: take {}, leaving {} (value 0).\n", p.winning_moves[i].take,
               p.winning_moves[i].to);
  if (p.winning_moves.size() > kMovesShown)
    fmt::print("... and {} more winning moves (--json lists them all).\n",
               p.winning_moves.size() - kMovesShown);
}

void run(const SubtractionOptions& o) {
  if (o.set.empty() == o.spec.empty())
    throw InputError(o.set.empty() ? "no subtraction set given; try 'grundy subtraction 1,3,4'"
                                   : "give the set once: as SET or as --set SET, not both");
  if (o.values_given && !o.at.empty())
    throw InputError("give --values N (a table) or --at N (one heap), not both");
  const auto s = sub::SubtractionSet::parse(o.set.empty() ? o.spec : o.set);
  const Rule rule = o.misere ? Rule::misere : Rule::normal;
  if (!o.at.empty()) {
    const auto n = parse_uint(o.at, "--at", std::uint64_t{1} << 62, "2^62");
    ProgressLine progress(fmt::format("G({})", n), o.progress);
    const auto p = sub::analyze(s, n, rule, progress.callback());
    if (!o.json) return print_position(p, s, rule);
    print_json_with_items(
        report::subtraction_position_head(p, s, rule), "winning_moves", p.winning_moves.size(),
        [&](std::uint64_t i) { return report::subtraction_move_json(p.winning_moves[i]); });
    return;
  }
  const auto count = parse_uint(o.values, "--values", sub::kMaxTableValues);
  ProgressLine progress(fmt::format("G(0..{})", count == 0 ? 0 : count - 1), o.progress);
  const auto t = sub::table(s, count, rule, progress.callback());
  if (!o.json) return print_table(t, s, rule);
  print_json_with_array(report::subtraction_table_head(t, s, rule), "values", t.count,
                        [&](std::uint64_t n) { return t.at(n); });
}

const Registration subtraction_registration{
    20, "subtraction", [](Command app) {
      auto o = std::make_shared<SubtractionOptions>();
      auto cmd = app.add_subcommand(
          "subtraction", "Subtraction games: Grundy table, period (proven when possible), G(n)");
      cmd.add_option("set", o->spec, "the subtraction set, as for --set");
      cmd.add_option("--set", o->set,
                     "amounts a move may take: 1,3,4 | squares | powers:K | fibonacci | "
                     "allbut:LIST (names in any case)");
      cmd.add_option("--values", o->values, "how many values to list, G(0)..G(N-1)")
          .capture_default_str();
      cmd.add_option("--at", o->at, "analyse one heap of size N (up to 2^62; O(1) once proven)");
      cmd.add_flag("--misere", o->misere, "misère play: whoever takes the last token loses");
      cmd.add_flag("--json", o->json,
                   "print JSON: values (streamed, any number), preperiod, period, certified");
      cmd.add_flag("--progress", o->progress,
                   "report progress on stderr even when it is not a terminal");
      cmd.footer(
          "Examples:\n  grundy subtraction 1,3,4\n  grundy subtraction --set 1,3,4 --at "
          "1000000000000000000\n  grundy subtraction --set squares --values 30 --json");
      cmd.callback([o, cmd] {
        o->values_given = cmd.count("--values") > 0;
        run(*o);
      });
    }};

}  // namespace
}  // namespace grundy::cli
