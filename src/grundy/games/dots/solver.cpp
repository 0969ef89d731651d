#include "grundy/games/dots/solver.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

#include "grundy/core/error.h"
#include "grundy/games/dots/checkpoint.h"
#include "grundy/games/dots/solver_graph.h"
#include "grundy/games/dots/solver_keys.h"
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
  // A caller's table carries over between solves on one board (keys are positions of the
  // whole board); the graph of a big board's undrawn lines is numbered afresh each time.
  std::unique_ptr<search::TranspositionTable> own;
  const bool reuse = o.table != nullptr && s.board().lines() <= 64;
  // Keys are sets of strings (below 2^strings), values within the open boxes (coins) and every
  // entry exact: a compact table holds 2-3 times the entries in the same memory
  // (transposition_table.h).
  if (!reuse) own = std::make_unique<search::TranspositionTable>(o.table_bytes, g.strings, g.coins);
  search::TranspositionTable& tt = reuse ? *o.table : *own;
  // Keys are sets of lines of this board: another board's entries would answer for positions
  // they are not (the counting of the control player and of hints, `dots analyze` and the web
  // app keeps one table a thread for every board it is asked about).
  if (reuse)
    tt.claim(static_cast<std::uint64_t>(s.board().rows()) << 32 |
             static_cast<std::uint64_t>(s.board().cols()));
  search::AlphaBeta<SolverState> ab(tt);
  r.table_giant_pages = tt.giant_pages();
  int lower = -search::kInfinity, upper = search::kInfinity;
  SolveCheckpoint ck{
      s.board().rows(), s.board().cols(), s.drawn_lines(), s.to_move(), 0, 0, 0, 0, 0};
  if (!o.checkpoint.empty()) {
    ck.keys = solver_keys(s.board(), s.drawn_lines(), s.to_move(), o.symmetry);
    struct stat st {};
    const bool exists = ::stat(o.checkpoint.c_str(), &st) == 0;
    if (exists && !o.resume)
      throw InputError("a checkpoint '" + o.checkpoint +
                       "' exists; add --resume to continue it, or delete it");
    if (exists) {
      SolveCheckpoint saved;
      load_checkpoint(o.checkpoint, ck, saved, tt);
      lower = saved.lower;
      upper = saved.upper;
      r.resumed = true;
      r.nodes_before = saved.nodes;
      saved.keys = ck.keys;  // a file of version 1 or 2 is written again as version 3
      ck = saved;
    }
  }
  const double seconds_before = ck.seconds;
  const auto save = [&](int lo, int hi, std::uint64_t nodes, double secs) {
    ck.lower = lo;
    ck.upper = hi;
    ck.nodes = r.nodes_before + nodes;
    ck.seconds = seconds_before + secs;
    const int weight = checkpoint_weight(
        tt, o.checkpoint_entries > 0 ? o.checkpoint_entries : default_checkpoint_entries(tt));
    r.checkpoint_entries = save_checkpoint(o.checkpoint, ck, tt, weight);
  };
  double last_save = 0;
  int proven_lower = lower, proven_upper = upper;
  if (o.progress || !o.checkpoint.empty())
    ab.set_progress([&](const search::SearchProgress& p) {
      proven_lower = std::max(proven_lower, p.lower);
      proven_upper = std::min(proven_upper, p.upper);
      if (o.progress) {
        search::SearchProgress shown = p;
        shown.nodes += r.nodes_before;
        shown.seconds += seconds_before;
        o.progress(shown);
      }
      if (!o.checkpoint.empty() && p.seconds - last_save >= o.checkpoint_every) {
        last_save = p.seconds;
        save(proven_lower, proven_upper, p.nodes, p.seconds);
      }
    });
  search::SearchLimits limits;
  limits.seconds = o.seconds;
  limits.max_nodes = o.max_nodes;
  limits.stop = o.stop;
  limits.threads = o.threads;
  const auto result = ab.solve(root, limits, lower, upper);
  if (!result.complete && !o.checkpoint.empty()) {
    save(result.lower, result.upper, result.nodes, result.seconds);
    r.checkpoint_saved = true;
  } else if (result.complete && !o.checkpoint.empty()) {
    ::unlink(o.checkpoint.c_str());
  }
  r.nodes = result.nodes;
  r.tt = result.tt;
  r.deferred = result.deferred;
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

int default_solve_threads(int undrawn) {
  const unsigned cores = std::max(1u, std::min(8u, std::thread::hardware_concurrency()));
  return undrawn > 30 ? static_cast<int>(cores) : 1;
}

std::uint64_t default_table_mib(int undrawn, double seconds) {
  constexpr std::uint64_t kTableMiBPerSecond = 64;
  // Sized to the work: every page of the table that the search touches is zeroed on first
  // touch (2.6 s a GiB on the VM of docs/benchmarks.md, "The default table"), and a search of
  // 2*10^7 nodes (4x4, 32 undrawn) ran fastest with 64 MiB, one of 5.5*10^7 (34) with 256 MiB.
  const std::uint64_t mib = undrawn <= 32 ? 64 : undrawn <= 35 ? 256 : undrawn <= 40 ? 1024 : 4096;
  // 4 GiB of fresh pages took 9 s here on a 1 s budget.
  if (seconds > 0)
    return std::min(
        mib, std::max<std::uint64_t>(64, kTableMiBPerSecond * static_cast<std::uint64_t>(seconds)));
  return mib;
}

}  // namespace grundy::dots
