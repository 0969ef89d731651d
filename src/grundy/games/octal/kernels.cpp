// The reference versions of the kernels (the scalar set) and the table of every set.
#include "grundy/games/octal/kernels.h"

#include <algorithm>

#include "grundy/games/octal/kernels_sets.h"

namespace grundy::octal::kernels {

void mark_rows_reference(std::uint8_t* out, std::size_t stride, std::size_t rows, const Value* g,
                         std::uint64_t base, const std::uint64_t* pos, const Value* val,
                         std::size_t count) {
  for (std::size_t e = 0; e < count; ++e)
    for (std::size_t j = 0; j < rows; ++j) out[j * stride + (val[e] ^ g[base + j - pos[e]])] = 1;
}

void mark_pairs_reference(std::uint8_t* seen, const Value* g, std::uint64_t lo, std::uint64_t hi,
                          std::uint64_t count) {
  for (std::uint64_t i = 0; i < count; ++i) seen[g[lo + i] ^ g[hi - i]] = 1;
}

void test_candidates_reference(const Value* g, std::uint64_t base, const std::uint64_t* pos,
                               const Value* val, std::size_t count, const Value* candidates,
                               std::uint32_t* hits) {
  for (std::size_t e = 0; e < count; ++e)
    for (unsigned j = 0; j < 32; ++j) {
      const Value x = static_cast<Value>(val[e] ^ g[base + j - pos[e]]);
      for (unsigned i = 0; i < kCandidates; ++i)
        if (x == candidates[i * 32 + j]) hits[i] |= std::uint32_t{1} << j;
    }
}

std::uint64_t find_needed_reference(const Value* g, std::uint64_t lo, std::uint64_t hi,
                                    std::uint64_t count, std::uint64_t* need, unsigned,
                                    std::uint64_t* remaining) {
  using detail::kStep;
  if (*remaining == 0) return 0;
  for (std::uint64_t i = 0; i < count; i += kStep) {
    const std::uint64_t end = std::min<std::uint64_t>(count, i + kStep);
    for (std::uint64_t j = i; j < end; ++j) {
      const unsigned x = g[lo + j] ^ g[hi - j];
      if (detail::needed(need, x)) {
        need[x >> 6] &= ~(std::uint64_t{1} << (x & 63));
        --*remaining;
      }
    }
    if (*remaining == 0) return end;
  }
  return count;
}

namespace detail {
const Table kScalarTable = {mark_rows_reference, mark_pairs_reference, find_needed_reference,
                            test_candidates_reference};
const Table* const kTables[kKernelSetCount] = {&kScalarTable, &kAvx2Table, &kAvx512Table};
}  // namespace detail

const Table& table(KernelSet set) {
  return *detail::kTables[static_cast<int>(set)];
}

}  // namespace grundy::octal::kernels
