// `grundy bench` workloads for Dots and Boxes: the exact solver against exhaustive dynamic
// programming and against plain alpha-beta without the Dots and Boxes knowledge, and the
// Nimstring evaluator against a plain search of the game plus a Nim heap.
#include <cstdint>

#include <fmt/core.h>

#include "bench.h"
#include "grundy/games/dots/coins.h"
#include "grundy/games/dots/nimstring.h"
#include "grundy/games/dots/solver.h"
#include "grundy/games/dots/solver_graph.h"
#include "grundy/games/dots/solver_state.h"
#include "grundy/games/dots/strategy.h"
#include "grundy/games/dots/testing/brute.h"
#include "grundy/search/alpha_beta.h"
#include "grundy/search/random.h"

namespace grundy::cli {
namespace {

namespace db = grundy::dots;

// The solver's state with none of its Dots and Boxes hooks: plain alpha-beta with a table
// keyed by the position (no symmetry, no forced captures, no endgame formula, no ordering).
class PlainDots {
 public:
  using Move = db::SolverState::Move;
  using Undo = db::SolverState::Undo;
  static constexpr std::size_t kMaxMoves = db::SolverState::kMaxMoves;
  explicit PlainDots(db::SolverState s) : s_(s) {}
  int to_move() const { return s_.to_move(); }
  bool is_over() const { return s_.is_over(); }
  void legal_moves(db::SolverState::Moves& out) const { s_.legal_moves(out); }
  Undo play(Move m) { return s_.play(m); }
  void undo(Move m, Undo u) { s_.undo(m, u); }
  std::uint64_t hash() const { return s_.hash(); }
  std::uint64_t tt_key() const { return s_.present(); }
  int points(int p) const { return s_.points(p); }
  bool operator==(const PlainDots& o) const { return s_ == o.s_; }

 private:
  db::SolverState s_;
};

// Positions of `rows` x `cols` after `drawn` random safe lines.
std::vector<db::DotsState> midgame(int rows, int cols, int drawn, int count) {
  std::vector<db::DotsState> out;
  const auto& b = db::Board::get(rows, cols);
  for (int i = 0; i < count; ++i) {
    db::DotsState s(b);
    search::Rng rng(1000 + static_cast<std::uint64_t>(i));
    while (s.lines_drawn() < drawn) {
      const auto m = db::classify_moves(s);
      if (m.safe.empty()) break;
      s.play(static_cast<db::DotsState::Move>(
          m.safe[rng.below(static_cast<std::uint32_t>(m.safe.size()))]));
    }
    out.push_back(s);
  }
  return out;
}

BenchResult solver_vs_dp() {
  BenchResult r;
  r.unit = "solves";
  const auto& b = db::Board::get(3, 3);
  std::uint64_t sig = kSignatureSeed;
  std::uint64_t nodes = 0;
  r.ours = time_it([&] {
    const auto s =
        db::solve(db::DotsState(b),
                  {.table_bytes = std::size_t{64} << 20, .threads = 1, .best_moves = false});
    sig = mix(sig, static_cast<std::uint64_t>(s.value + 100));
    nodes = s.nodes;
    return 1;
  });
  r.baseline_name = "exhaustive DP over all 2^24 sets of lines";
  int dp = 0;
  r.baseline = time_it([&] {
    db::testing::BruteDots brute(b);
    dp = brute.value(0);
    return 1;
  });
  r.signature = mix(sig, static_cast<std::uint64_t>(dp + 100));
  r.note = fmt::format("3x3 from the empty board: value {} ({} nodes)", dp, nodes);
  return r;
}

BenchResult solver_vs_plain() {
  BenchResult r;
  r.unit = "positions";
  const auto positions = midgame(3, 3, 4, 4);
  std::uint64_t sig = kSignatureSeed;
  std::uint64_t ours_nodes = 0, plain_nodes = 0;
  r.ours = time_it([&] {
    for (const auto& s : positions) {
      const auto v =
          db::solve(s, {.table_bytes = std::size_t{64} << 20, .threads = 1, .best_moves = false});
      sig = mix(sig, static_cast<std::uint64_t>(v.value + 100));
      ours_nodes += v.nodes;
    }
    return positions.size();
  });
  r.baseline_name = "plain alpha-beta + table, no Dots knowledge";
  bool agree = true;
  r.baseline = time_it([&] {
    for (std::size_t i = 0; i < positions.size(); ++i) {
      const auto g = db::SolverGraph::of(positions[i], false);
      PlainDots p(db::SolverState(g, g.present_of(positions[i]), positions[i].to_move()));
      search::TranspositionTable tt(std::size_t{64} << 20);
      search::AlphaBeta<PlainDots> ab(tt);
      const auto v = ab.solve(p, {});
      plain_nodes += v.nodes;
      const auto again =
          db::solve(positions[i], {.table_bytes = 1 << 20, .threads = 1, .best_moves = false});
      agree = agree && v.value == again.value;
    }
    return positions.size();
  });
  r.signature = mix(sig, agree ? 1 : 0xBAD);
  r.note = fmt::format("3x3 after 4 random safe lines, 4 positions: {} nodes against {}",
                       ours_nodes, plain_nodes);
  return r;
}

BenchResult solver_4x4_midgame() {
  BenchResult r;
  r.unit = "positions";
  const auto positions = midgame(4, 4, 12, 4);
  std::uint64_t sig = kSignatureSeed, nodes = 0;
  double hits = 0;
  r.ours = time_it([&] {
    for (const auto& s : positions) {
      const auto v =
          db::solve(s, {.table_bytes = std::size_t{256} << 20, .threads = 1, .best_moves = false});
      sig = mix(sig, static_cast<std::uint64_t>(v.value + 100));
      nodes += v.nodes;
      hits += v.tt.hit_rate();
    }
    return positions.size();
  });
  r.signature = sig;
  r.note = fmt::format(
      "4x4 after 12 random safe lines, 4 positions: {} nodes, {:.3g} nodes/s, "
      "table hit rate {:.0f}%",
      nodes, r.ours.seconds > 0 ? static_cast<double>(nodes) / r.ours.seconds : 0,
      100 * hits / static_cast<double>(positions.size()));
  return r;
}

BenchResult nimstring_vs_search() {
  BenchResult r;
  r.unit = "positions";
  std::vector<db::Coins> graphs;
  search::Rng rng(99);
  const auto& b = db::Board::get(3, 3);
  for (int i = 0; i < 300; ++i) {
    std::vector<int> lines(static_cast<std::size_t>(b.lines()));
    for (int l = 0; l < b.lines(); ++l) lines[l] = l;
    for (int k = b.lines() - 1; k > 0; --k)
      std::swap(lines[k], lines[rng.below(static_cast<std::uint32_t>(k + 1))]);
    lines.resize(static_cast<std::size_t>(b.lines() - 12));
    graphs.push_back(db::Coins::of(db::DotsState::after(b, lines)));
  }
  std::vector<int> ours, theirs;
  r.ours = time_it([&] {
    for (const auto& g : graphs) {
      db::Nimstring nim(g);
      const auto v = nim.value(g.all());
      ours.push_back(v.loony ? -1 : static_cast<int>(v.nimber));
    }
    return graphs.size();
  });
  r.baseline_name = "plain search of the game plus a Nim heap";
  r.baseline = time_it([&] {
    for (const auto& g : graphs) {
      db::testing::BruteNimstring brute(g);
      theirs.push_back(brute.value(g.all(), 16));
    }
    return graphs.size();
  });
  std::uint64_t sig = mix(kSignatureSeed, ours == theirs ? 1 : 0xBAD);
  for (int v : ours) sig = mix(sig, static_cast<std::uint64_t>(v + 1));
  r.signature = sig;
  r.note = "Nimstring values of 300 random 3x3 positions with 12 undrawn lines";
  return r;
}

const BenchRegistration bench_dots_r1{500, "dots-3x3-solve", solver_vs_dp};
const BenchRegistration bench_dots_r2{510, "dots-3x3-midgame", solver_vs_plain};
const BenchRegistration bench_dots_r3{520, "dots-4x4-midgame", solver_4x4_midgame};
const BenchRegistration bench_dots_r4{530, "dots-nimstring", nimstring_vs_search};

}  // namespace
}  // namespace grundy::cli
