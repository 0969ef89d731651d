#include "grundy/games/dots/analysis.h"

#include "grundy/core/error.h"

namespace grundy::dots {

Analysis analyze(const DotsState& s, const AnalysisOptions& o) {
  Analysis a;
  const Board& b = s.board();
  const int undrawn = b.lines() - s.lines_drawn();
  a.dots = b.dots();
  a.moves = classify_moves(s);
  a.structure_known = undrawn <= 64;
  if (a.structure_known) {
    a.graph = Coins::of(s);
    a.chains = find_chains(a.graph, a.graph.all());
    for (const auto& c : a.chains) {
      if (c.kind == Chain::Kind::loop)
        ++a.loops;
      else if (c.is_long())
        ++a.long_chains;
    }
    try {
      Nimstring nim(a.graph, o.nimstring_positions, o.stop);
      a.nimstring = nim.value(a.graph.all());
    } catch (const LimitError&) {
    }
  }
  // Player 1 wants dots + long chains even.
  a.favoured = (a.dots + a.long_chains) % 2 == 0 ? 1 : 2;
  if (s.is_over()) return a;
  a.control = control_choice(s);
  if (a.control) a.keep_control = keep_control(s, *a.control);
  a.endgame = endgame_of(s);
  a.best_opening = best_opening(s);
  search::Rng rng(o.seed);
  a.advice = control_advice(s, rng, o.stop);
  if (o.solver_seconds > 0 && undrawn <= o.solver_max_undrawn && undrawn <= 64) {
    SolveOptions so;
    so.seconds = o.solver_seconds;
    so.table_bytes = std::size_t{64} << 20;
    so.threads = 1;
    so.stop = o.stop;
    a.solved = solve(s, so);
  }
  return a;
}

}  // namespace grundy::dots
