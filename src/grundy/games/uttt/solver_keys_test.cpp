#include "grundy/games/uttt/solver_keys.h"

#include <gtest/gtest.h>

namespace grundy::uttt {
namespace {

// The fingerprint is a function of the position and tells positions and rule sets apart.
TEST(UtttSolverKeys, TheFingerprintNamesThePosition) {
  const Board empty;
  EXPECT_EQ(solver_keys(empty), solver_keys(Board()));
  EXPECT_NE(solver_keys(empty), solver_keys(Board(Rules::orlin)));
  Board b;
  b.play(40);
  EXPECT_NE(solver_keys(b), solver_keys(empty));
  Board c;
  c.play(0);  // a corner, not the centre
  EXPECT_NE(solver_keys(c), solver_keys(b));
}

// The reference positions still give the keys of the solver of 2026-11-30, so checkpoints
// tagged without a fingerprint (all of those written before) still resume. When this fails the
// keys have changed: every tag now carries " keys <fingerprint>" and the old files are refused,
// as they must be.
TEST(UtttSolverKeys, TheKeysOfEarlierCheckpointsStillHold) {
  EXPECT_TRUE(legacy_keys_hold());
  EXPECT_EQ(checkpoint_keys_suffix(Board()), "");
}

}  // namespace
}  // namespace grundy::uttt
