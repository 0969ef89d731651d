#pragma once
// The conformance test every two-player game passes (header-only, for tests): random games
// from a start position checking, at every step, that
//   - the game is over exactly when there is no legal move, and legal moves are distinct;
//   - a copy is equal to the original (clone), and play + undo restores the state exactly
//     (== and hash) for every legal move;
//   - the incremental hash equals the hash recomputed from scratch (hook compute_hash());
//   - move names round-trip through the game's notation (hooks move_name / parse_move);
//   - points never decrease, and a game ends within `max_plies` moves;
// plus perft computed with play/undo equals perft computed by copying states.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/search/random.h"
#include "grundy/search/two_player.h"

namespace grundy::search::testing {

template <TwoPlayerState S>
std::uint64_t perft_by_copy(const S& s, int depth) {
  if (depth == 0) return 1;
  if (s.is_over()) return 0;
  MovesOf<S> moves;
  s.legal_moves(moves);
  std::uint64_t total = 0;
  for (const auto& m : moves) {
    S child = s;
    child.play(m);
    total += perft_by_copy(child, depth - 1);
  }
  return total;
}

struct ConformanceOptions {
  int games = 100;
  std::uint64_t seed = 1;
  int max_plies = 1000;
  int perft_depth = 3;  // perft with undo against perft by copying, from the start
};

// Checks one state and all its one-move successors. Returns false after a failure.
template <TwoPlayerState S>
bool check_state(const S& s, int max_plies_left) {
  MovesOf<S> moves;
  s.legal_moves(moves);
  EXPECT_EQ(s.is_over(), moves.empty()) << "is_over() disagrees with the legal moves";
  if constexpr (requires { s.compute_hash(); }) {
    EXPECT_EQ(s.hash(), s.compute_hash()) << "incremental hash differs from a fresh one";
  }
  std::set<std::uint16_t> seen;
  for (const auto& m : moves) {
    if constexpr (requires {
                    s.move_name(m);
                    s.parse_move(s.move_name(m));
                  }) {
      EXPECT_TRUE(s.parse_move(s.move_name(m)) == m) << "move name does not round-trip";
    }
    S c = s;
    EXPECT_TRUE(c == s) << "a copy differs from the original";
    const auto u = c.play(m);
    EXPECT_FALSE(c == s) << "a move did not change the state";
    EXPECT_GE(c.points(0), s.points(0));
    EXPECT_GE(c.points(1), s.points(1));
    c.undo(m, u);
    EXPECT_TRUE(c == s) << "undo did not restore the state";
    EXPECT_EQ(c.hash(), s.hash()) << "undo did not restore the hash";
  }
  for (std::size_t i = 0; i < moves.size(); ++i)
    for (std::size_t j = i + 1; j < moves.size(); ++j)
      EXPECT_FALSE(moves[i] == moves[j]) << "a legal move is listed twice";
  EXPECT_GE(max_plies_left, 0) << "a game lasted longer than its bound";
  return !::testing::Test::HasFailure();
}

template <TwoPlayerState S>
void check_conformance(const S& start, const ConformanceOptions& o) {
  Rng rng(o.seed);
  for (int g = 0; g < o.games; ++g) {
    S s = start;
    int plies = 0;
    while (true) {
      if (!check_state(s, o.max_plies - plies)) {
        ADD_FAILURE() << "in random game " << g << " after " << plies << " moves";
        return;
      }
      if (s.is_over()) break;
      MovesOf<S> moves;
      s.legal_moves(moves);
      s.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      ++plies;
    }
  }
  for (int d = 0; d <= o.perft_depth; ++d) {
    S s = start;
    EXPECT_EQ(perft(s, d), perft_by_copy(start, d)) << "perft with undo, depth " << d;
    EXPECT_TRUE(s == start);
  }
}

}  // namespace grundy::search::testing
