// grundy dots analyze RxC --moves LIST [--seconds T] [--json]
#include <memory>
#include <string>

#include <fmt/core.h>

#include "dots_cli.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/dots/analysis.h"
#include "grundy/games/dots/explain.h"
#include "grundy/games/dots/render.h"
#include "io.h"

namespace grundy::cli::dots_cli {
namespace {

struct AnalyzeOptions {
  std::string size;
  std::string moves;
  std::string seconds;
  bool json = false;
};

std::string rule_sentence(const dots::Analysis& a) {
  return fmt::format(
      "Long chain rule: with {} dots, player 1 wants dots + long chains to be even, player 2 odd. "
      "There {} {} long chain{} now ({} + {} = {}, {}): as things stand it favours player {}.",
      a.dots, a.long_chains == 1 ? "is" : "are", a.long_chains, a.long_chains == 1 ? "" : "s",
      a.dots, a.long_chains, a.dots + a.long_chains,
      (a.dots + a.long_chains) % 2 == 0 ? "even" : "odd", a.favoured);
}

std::string nimstring_sentence(const dots::NimstringValue& v) {
  if (v.loony)
    return "Nimstring: loony — a chain is offered, so the player to move chooses who moves next "
           "(take all, or all but two and hand them back).";
  if (v.nimber == 0)
    return "Nimstring value 0: the player to move loses Nimstring — the fight for control: with "
           "best play they must make the first loony move (open a long chain), or the last move.";
  return fmt::format(
      "Nimstring value *{}: the player to move wins the fight for control with a "
      "move to a position worth 0.",
      v.nimber);
}

void run(const AnalyzeOptions& o) {
  const auto& board = dots::Board::parse(o.size);
  const auto s = dots::DotsState::after(board, o.moves);
  dots::AnalysisOptions ao;
  if (!o.seconds.empty()) ao.solver_seconds = parse_decimal(o.seconds, "--seconds", 0, 86'400);
  const auto a = dots::analyze(s, ao);
  if (o.json) return print_json(report::dots_analysis_json(s, a));
  fmt::print("{}\n\n{}\n", headline(s), dots::render_ascii(s));
  if (s.is_over()) return;
  if (a.structure_known) {
    if (a.chains.empty()) {
      fmt::print("No chains yet: every open box still has 3 or 4 undrawn sides.\n");
    } else {
      fmt::print("Chains and loops:\n");
      for (const auto& c : a.chains)
        fmt::print("  - {}\n", dots::describe_chain(board, a.graph, c));
    }
  }
  fmt::print("{}\n", rule_sentence(a));
  if (a.nimstring) fmt::print("{}\n", nimstring_sentence(*a.nimstring));
  fmt::print("Lines: {} capturing, {} safe (they give nothing away), {} sacrifices.\n",
             a.moves.captures.size(), a.moves.safe.size(), a.moves.sacrifices.size());
  if (a.control)
    fmt::print(
        "At the end of the capturable chain: take with {}, or keep control with {} "
        "(handing over {} boxes){}.\n",
        board.line_name(a.control->take), board.line_name(a.control->double_deal),
        a.control->handed_over,
        a.keep_control ? ": keeping control pays here" : ": taking them pays here");
  if (a.endgame.simple)
    fmt::print(
        "A simple loony endgame (only chains and loops): with best play the player who must "
        "open one finishes {:+d} on the boxes left; open {} first.\n",
        a.endgame.value, board.line_name(a.best_opening));
  if (a.advice.line >= 0)
    fmt::print("Advice (control engine): {} — {}.\n", board.line_name(a.advice.line),
               a.advice.reason);
  if (a.solved && a.solved->complete) {
    const int v = a.solved->value;
    fmt::print("Exact (solver): the player to move {} the remaining {} boxes by {}; best: {}.\n",
               v > 0    ? "wins"
               : v == 0 ? "ties"
                        : "loses",
               s.boxes_left(), v > 0 ? v : -v, name_list(dots_line_names(board, a.solved->best)));
  } else if (a.solved) {
    fmt::print("Exact (solver): not solved within the budget (--seconds).\n");
  }
}

}  // namespace

void install_analyze(Command dots) {
  auto o = std::make_shared<AnalyzeOptions>();
  auto cmd = dots.add_subcommand(
      "analyze", "Chains, loops, the long chain rule, Nimstring, control and the best move");
  cmd.add_option("size", o->size, "board size in boxes, ROWSxCOLUMNS (e.g. 3x3)").required();
  cmd.add_option("--moves", o->moves, "the lines drawn so far, in order");
  cmd.add_option("--seconds", o->seconds, "solver budget (default 2; 0 = no solver)");
  cmd.add_flag("--json", o->json, "print JSON: chains, long_chain_rule, nimstring, control, ...");
  cmd.footer("Example:\n  grundy dots analyze 3x3 --moves 'a1b1 b2b3 c1c2 a3a4 d2d3 b4c4'");
  cmd.callback([o] { run(*o); });
}

}  // namespace grundy::cli::dots_cli
