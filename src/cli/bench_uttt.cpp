// `grundy bench` workloads for Ultimate Tic-Tac-Toe: random playouts, MCTS iterations and
// perft, each beside a naive baseline in the same run (docs/benchmarks.md compares them with
// the public engines ziap/uttt and uttt.ai, which are not part of this repository).
#include <cstdint>
#include <vector>

#include <fmt/core.h>

#include "bench.h"
#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/playout.h"
#include "grundy/games/uttt/reference.h"
#include "grundy/search/mcts.h"
#include "grundy/search/random.h"
#include "grundy/search/two_player.h"

namespace grundy::cli {
namespace {

namespace ut = grundy::uttt;

// The baseline anyone writes first: the 9x9 array of the reference rules, the legal moves
// listed, one uniformly at random, one game at a time.
std::uint64_t naive_playouts(std::uint64_t games, std::uint64_t& signature) {
  search::Rng rng(2);
  std::uint64_t results[3] = {0, 0, 0};
  for (std::uint64_t g = 0; g < games; ++g) {
    ut::reference::Game game;
    while (true) {
      const auto moves = game.moves();
      if (moves.empty()) break;
      game.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
    ++results[game.winner == 'X' ? 0 : game.winner == 'O' ? 1 : 2];
  }
  for (auto r : results) signature = mix(signature, r);
  return games;
}

BenchResult playouts() {
  constexpr std::uint64_t kGames = 400'000, kNaive = 20'000;
  BenchResult r;
  r.unit = "playouts";
  ut::PlayoutStats s;
  r.ours = time_it([&] {
    s = ut::random_playouts(ut::Board(), kGames, 1);
    return kGames;
  });
  std::uint64_t naive_sig = kSignatureSeed;
  r.baseline_name = "9x9 array, move list";
  r.baseline = time_it([&] { return naive_playouts(kNaive, naive_sig); });
  r.signature = mix(mix(mix(mix(kSignatureSeed, s.x_wins), s.o_wins), s.plies), naive_sig);
  r.note = fmt::format(
      "random games from the empty board, standard rules, one core: X {:.1f}%, O {:.1f}%, draws "
      "{:.1f}%, {:.1f} moves",
      100.0 * static_cast<double>(s.x_wins) / kGames,
      100.0 * static_cast<double>(s.o_wins) / kGames, 100.0 * static_cast<double>(s.draws) / kGames,
      static_cast<double>(s.plies) / kGames);
  return r;
}

// The MCTS baseline: the same search without the game's hooks (uniform playouts through
// legal_moves and play with the hash, no immediate-win proofs).
class PlainBoard {
 public:
  using Move = ut::Board::Move;
  using Undo = ut::Board::Undo;
  static constexpr std::size_t kMaxMoves = ut::Board::kMaxMoves;
  int to_move() const { return b_.to_move(); }
  bool is_over() const { return b_.is_over(); }
  void legal_moves(ut::Board::Moves& out) const { b_.legal_moves(out); }
  Undo play(Move m) { return b_.play(m); }
  void undo(Move m, Undo u) { b_.undo(m, u); }
  std::uint64_t hash() const { return b_.hash(); }
  int points(int player) const { return b_.points(player); }
  bool operator==(const PlainBoard&) const = default;

 private:
  ut::Board b_;
};

BenchResult mcts_iterations() {
  constexpr std::uint64_t kIterations = 300'000, kNaive = 60'000;
  BenchResult r;
  r.unit = "iterations";
  search::MctsResult<ut::Board::Move> result;
  r.ours = time_it([&] {
    search::Mcts<ut::Board> mcts(ut::Board(), {.seed = 1});
    result = mcts.search({.iterations = kIterations});
    return result.iterations;
  });
  search::MctsResult<ut::Board::Move> naive;
  r.baseline_name = "no game hooks";
  r.baseline = time_it([&] {
    search::Mcts<PlainBoard> mcts(PlainBoard(), {.seed = 1});
    naive = mcts.search({.iterations = kNaive});
    return naive.iterations;
  });
  r.signature = mix(mix(kSignatureSeed, result.best), result.moves[0].visits);
  r.signature = mix(mix(r.signature, naive.best), naive.moves[0].visits);
  r.note = fmt::format(
      "UCT + solver from the empty board, one thread, win/block playouts: best {} ({:.1f}%), "
      "{} nodes",
      ut::cell_name(result.best), 100 * result.win_rate, result.nodes);
  return r;
}

BenchResult perft() {
  BenchResult r;
  r.unit = "leaves";
  std::uint64_t ours = 0, naive = 0;
  r.ours = time_it([&] {
    ut::Board b;
    ours = search::perft(b, 6);
    return ours;
  });
  r.baseline_name = "reference rules, copies";
  r.baseline = time_it([&] {
    naive = ut::reference::perft(ut::reference::Game(), 5);
    return naive;
  });
  r.signature = mix(mix(kSignatureSeed, ours), naive);
  r.note = fmt::format("perft 6 = {} (standard rules, make/undo); the baseline runs perft 5 = {}",
                       ours, naive);
  return r;
}

const BenchRegistration bench_uttt_r1{600, "uttt-playouts", playouts};
const BenchRegistration bench_uttt_r2{610, "uttt-mcts", mcts_iterations};
const BenchRegistration bench_uttt_r3{620, "uttt-perft", perft};

}  // namespace
}  // namespace grundy::cli
