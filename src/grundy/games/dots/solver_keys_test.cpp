#include "grundy/games/dots/solver_keys.h"

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/dots/checkpoint.h"
#include "grundy/games/dots/state.h"

namespace grundy::dots {
namespace {

std::uint64_t keys_after(int rows, int cols, const char* moves, bool symmetry = true) {
  const Board& b = Board::get(rows, cols);
  const DotsState s = DotsState::after(b, moves);
  return solver_keys(b, s.drawn_lines(), s.to_move(), symmetry);
}

// The fingerprint is a function of the position and the symmetry option, and tells positions,
// players to move, boards and the option apart.
TEST(DotsSolverKeys, TheFingerprintNamesThePositionAndTheOption) {
  const std::uint64_t empty = keys_after(3, 3, "");
  EXPECT_NE(empty, 0u);
  EXPECT_EQ(keys_after(3, 3, ""), empty);
  EXPECT_NE(keys_after(3, 3, "", false), empty);
  EXPECT_NE(keys_after(3, 3, "a1b1"), empty);
  EXPECT_NE(keys_after(3, 3, "a1b1"), keys_after(3, 3, "b1c1"));
  EXPECT_NE(keys_after(3, 4, ""), empty);
  const Board& b = Board::get(3, 3);
  EXPECT_NE(solver_keys(b, LineSet{}, 1, true), empty);
  // Past 64 lines the graph of the undrawn lines; past 64 undrawn lines no solve at all.
  EXPECT_NE(keys_after(6, 6,
                       "a1b1 b1c1 c1d1 d1e1 e1f1 f1g1 a7b7 b7c7 c7d7 d7e7 e7f7 f7g7 a1a2 "
                       "a2a3 a3a4 a4a5 a5a6 a6a7 g1g2 g2g3"),
            0u);
  EXPECT_THROW(keys_after(6, 6, ""), LimitError);
}

// The reference positions still give the fingerprint of the solver that wrote checkpoints of
// versions 1 and 2 (before fingerprints). When this fails, the solver's keys have changed:
// those files are now refused on --resume, as they must be (their entries would stand for other
// positions), and runs/4x5/4x5.ckpt has to be a version 3 file written by the new solver.
TEST(DotsSolverKeys, TheKeysOfVersionTwoCheckpointsStillHold) {
  EXPECT_TRUE(legacy_keys_hold()) << std::hex << reference_keys();
  SolveCheckpoint legacy{3, 3, LineSet{}, 0, 0, 0, 0, 0, 0};
  EXPECT_TRUE(keys_match(legacy));
  legacy.keys = solver_keys(Board::get(3, 3), LineSet{}, 0, true);
  EXPECT_TRUE(keys_match(legacy));
  legacy.keys ^= 1;
  EXPECT_FALSE(keys_match(legacy));
  // A solve without symmetries (SolveOptions::symmetry off) wrote its own keys: resumable too.
  legacy.keys = solver_keys(Board::get(3, 3), LineSet{}, 0, false);
  EXPECT_TRUE(keys_match(legacy));
  // A header no solve could have written (84 undrawn lines): not resumable, and no exception.
  SolveCheckpoint big{6, 6, LineSet{}, 0, 0, 0, 0, 0, 0};
  big.keys = 5;
  EXPECT_FALSE(keys_match(big));
}

}  // namespace
}  // namespace grundy::dots
