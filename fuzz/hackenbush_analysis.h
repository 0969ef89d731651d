#pragma once
// What the Hackenbush fuzz targets do with a parsed graph: the analysis the command would run,
// cross-checked against exhaustive search on small graphs, and the SVG picture. Sizes are capped
// so that each run stays in milliseconds (exhaustive search is exponential by nature).
#include "fuzz_target.h"
#include "grundy/core/solver.h"
#include "grundy/games/hackenbush/blue_red.h"
#include "grundy/games/hackenbush/brute.h"
#include "grundy/games/hackenbush/explain.h"
#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/hackenbush/green.h"
#include "grundy/games/hackenbush/mixed.h"
#include "grundy/games/hackenbush/svg.h"

namespace grundy::fuzz {

inline void analyze_hackenbush(const hackenbush::Graph& g) {
  using namespace hackenbush;
  const std::size_t m = g.edge_count();
  if (g.all_green()) {
    const GreenAnalysis a = analyze_green(g);
    (void)explain_green(g);
    if (m <= 12) {
      BruteGreen brute(g);
      Solver<BruteGreen> solver(brute);
      require(solver.value(brute.full()) == a.value, "green value matches brute force");
    }
    if (m <= 300) (void)render_svg(g, a.winning_moves, "caption with <&>\"' and \xc3\xa9");
  } else if (!g.has_green()) {
    if (m > 16) return;
    const BlueRedAnalysis a = analyze_blue_red(g);
    if (m <= 10) require(a.value == blue_red_by_search(g), "blue-red value matches search");
    (void)render_svg(g, a.blue_wins, "blue-red", &a.red_wins);
  } else if (m <= 9) {
    const MixedAnalysis a = analyze_mixed(g);
    (void)render_svg(g, a.left_wins, a.value, &a.right_wins);
  }
}

}  // namespace grundy::fuzz
