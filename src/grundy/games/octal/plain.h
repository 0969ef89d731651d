#pragma once
// The obviously correct paths: every option of every heap, O(n^2) values for split games.
#include <cstdint>
#include <vector>

#include "grundy/games/octal/octal_code.h"

namespace grundy::octal {

// Normal-play G(0), ..., G(count - 1) by the mex of all options.
std::vector<std::uint32_t> plain_values(const OctalCode& code, std::uint64_t count);

// Misère values of single heaps: a heap whose player to move has no move is worth 1, otherwise
// the mex of its options' misère values. An option with two heaps is a sum, whose misère value
// is not a function of its parts' values, so this solves the multi-heap game tree (memoised);
// the number of positions grows like partitions of n, so split games stop with LimitError past
// a few dozen tokens. Misère sums of several heaps are not covered.
inline constexpr std::size_t kMaxMiserePositions = std::size_t{1} << 17;
std::vector<std::uint32_t> misere_values(const OctalCode& code, std::uint64_t count,
                                         std::size_t max_positions = kMaxMiserePositions);

}  // namespace grundy::octal
