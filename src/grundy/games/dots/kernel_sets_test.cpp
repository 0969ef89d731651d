// Dots and Boxes under every kernel set the CPU runs (core/kernel_set.h: the solver's bit counts
// use the POPCNT instruction in avx2 and avx512, a library call in scalar): the same values,
// best lines and node counts.
#include <gtest/gtest.h>

#include "grundy/games/dots/solver.h"
#include "grundy/testing/kernel_sets.h"
#include "grundy/testing/sanitized.h"

namespace grundy::dots {
namespace {

TEST(DotsKernelSets, SolvesAreTheSameUnderEverySet) {
  const Board& b = Board::get(sanitized() ? 2 : 3, 3);
  std::vector<SolveResult> results;
  for (KernelSet set : supported_kernel_sets()) {
    ScopedKernelSet use(set);
    results.push_back(solve(DotsState(b), {.table_bytes = std::size_t{1} << 22}));
  }
  for (std::size_t i = 1; i < results.size(); ++i) {
    EXPECT_EQ(results[i].value, results[0].value);
    EXPECT_EQ(results[i].best, results[0].best);
    EXPECT_EQ(results[i].nodes, results[0].nodes);
  }
}

}  // namespace
}  // namespace grundy::dots
