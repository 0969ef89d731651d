#include "grundy/games/dots/solver.h"

#include <algorithm>
#include <chrono>

#include "grundy/games/dots/solver_graph.h"
#include "grundy/games/dots/solver_state.h"

namespace grundy::dots {

SolveResult solve(const DotsState& s, const SolveOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  SolveResult r;
  if (s.is_over()) {
    r.complete = true;
    return r;
  }
  const SolverGraph g = SolverGraph::of(s, o.symmetry);
  SolverState root(g, g.present_of(s), s.to_move());
  root.set_symmetry(o.symmetry);
  search::TranspositionTable tt(o.table_bytes);
  search::AlphaBeta<SolverState> ab(tt);
  if (o.progress) ab.set_progress(o.progress);
  search::SearchLimits limits;
  limits.seconds = o.seconds;
  limits.max_nodes = o.max_nodes;
  limits.stop = o.stop;
  limits.threads = o.threads;
  const auto result = ab.solve(root, limits);
  r.nodes = result.nodes;
  r.tt = result.tt;
  r.lower = result.lower;
  r.upper = result.upper;
  r.value = result.value;
  r.complete = result.complete;
  if (r.complete) {
    if (o.best_moves) {
      SolverState::Moves moves;
      root.legal_moves(moves);
      for (const auto m : moves) {
        search::SearchLimits each = limits;
        each.threads = 1;
        if (o.seconds > 0) {
          const std::chrono::duration<double> used = std::chrono::steady_clock::now() - start;
          each.seconds = std::max(1e-3, o.seconds - used.count());
        }
        if (ab.move_reaches(root, m, r.value, each)) r.best.push_back(g.line[m]);
        r.nodes += ab.nodes();
        if (ab.aborted()) break;
      }
      r.best_complete = !ab.aborted();
    } else if (result.has_move) {
      r.best.push_back(g.line[result.best]);
    }
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace grundy::dots
