#include "grundy/games/dots/solver.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <thread>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/run_clock.h"
#include "grundy/games/dots/checkpoint.h"
#include "grundy/games/dots/solver_graph.h"
#include "grundy/games/dots/solver_keys.h"
#include "grundy/games/dots/solver_state.h"

namespace grundy::dots {
namespace {

struct BestMoves {
  std::vector<SolverState::Move> moves;  // in the order of legal_moves
  std::uint64_t nodes = 0;
  bool complete = true;
};

// Every move of `root` that reaches `value`: one null-window test a move, on one thread each,
// the moves shared out among `threads` threads over the one table (a test of 2*10^6 nodes or
// more is common on 4x4, and one thread had done them all in turn). A budget that ends stops
// every thread at its next move; `complete` is then false.
// `each()` gives the limits of one test.
template <class MakeLimits>
BestMoves moves_reaching(const SolverState& root, int value, search::AlphaBeta<SolverState>& ab,
                         search::TranspositionTable& tt, const MakeLimits& each, int threads) {
  SolverState::Moves moves;
  root.legal_moves(moves);
  std::vector<char> reaches(moves.size(), 0);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> aborted{false};
  std::atomic<std::uint64_t> nodes{0};
  const auto work = [&](search::AlphaBeta<SolverState>& a) {
    while (!aborted.load()) {
      const std::size_t i = next.fetch_add(1);
      if (i >= moves.size()) return;
      const bool yes = a.move_reaches(root, moves[i], value, each());
      nodes += a.nodes();
      if (a.aborted()) {
        aborted = true;
        return;
      }
      reaches[i] = yes;
    }
  };
  const int helpers = std::clamp(threads, 1, static_cast<int>(moves.size())) - 1;
  std::vector<std::exception_ptr> failed(static_cast<std::size_t>(helpers));
  std::vector<std::thread> pool;
  for (int h = 0; h < helpers; ++h)
    pool.emplace_back([&, h] {
      try {
        search::AlphaBeta<SolverState> mine(tt);
        work(mine);
      } catch (...) {
        aborted = true;
        failed[static_cast<std::size_t>(h)] = std::current_exception();
      }
    });
  std::exception_ptr main_failed;
  try {
    work(ab);
  } catch (...) {
    aborted = true;
    main_failed = std::current_exception();
  }
  for (auto& t : pool) t.join();
  if (main_failed) std::rethrow_exception(main_failed);
  for (const auto& f : failed)
    if (f) std::rethrow_exception(f);
  BestMoves out;
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (reaches[i]) out.moves.push_back(moves[i]);
  out.nodes = nodes.load();
  out.complete = !aborted.load();
  return out;
}

}  // namespace

SolveResult solve(const DotsState& s, const SolveOptions& o) {
  const RunClock clock;  // not counting a stopped process's pause
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
      const auto each = [&] {
        search::SearchLimits e = limits;
        e.threads = 1;
        if (o.seconds > 0) {
          e.seconds = std::max(1e-3, o.seconds - clock.seconds());
        }
        return e;
      };
      const BestMoves best = moves_reaching(root, r.value, ab, tt, each, o.threads);
      for (const auto m : best.moves) r.best.push_back(g.line[m]);
      r.nodes += best.nodes;
      r.best_complete = best.complete;
    } else if (result.has_move) {
      r.best.push_back(g.line[result.best]);
    }
  }
  r.seconds = clock.seconds();
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
