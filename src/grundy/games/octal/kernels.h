#pragma once
// The inner loops of the sparse engine, in one version per kernel set (core/kernel_set.h: scalar,
// AVX2, AVX-512) chosen at each call from the active set, and a plain reference version that
// the tests compare every set with.
//
//   mark_rows:   for a block of consecutive heaps, mark the option values G(p) ^ G(s_j - p) of
//                many fixed parts p at once. For a fixed p the other parts s_j - p of
//                consecutive heaps are consecutive in the table, so every part costs one vector
//                load and one byte store per heap.
//   find_needed: test pairs (lo + i, hi - i) against a bitmap of the values still needed (at
//                most 1024 of them), 32 pairs per step with no store at all; only a step that
//                finds a needed value goes back to the caller.
//   test_candidates, mark_pairs: below.
// The versions live in kernels_scalar.cpp (the reference), kernels_avx2.cpp and
// kernels_avx512.cpp.
#include <cstddef>
#include <cstdint>

#include "grundy/core/kernel_set.h"
#include "grundy/games/octal/store.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace grundy::octal::kernels {

// out[j * stride + (val[e] ^ g[base + j - pos[e]])] = 1 for every row j < rows (rows <= 32) and
// entry e < count. Every index read must be a written value.
using MarkRows = void (*)(std::uint8_t* out, std::size_t stride, std::size_t rows, const Value* g,
                          std::uint64_t base, const std::uint64_t* pos, const Value* val,
                          std::size_t count);
// seen[g[lo + i] ^ g[hi - i]] = 1 for i < count.
using MarkPairs = void (*)(std::uint8_t* seen, const Value* g, std::uint64_t lo, std::uint64_t hi,
                           std::uint64_t count);
// Scans the pairs (lo + i, hi - i) for i < count in steps of 32 (the last one shorter): every
// x = g[lo + i] ^ g[hi - i] whose bit is set in `need` (a bitmap of 2^bits bits, as at least
// max(16, 2^bits / 64) 64-bit words, *remaining of them set) is found, its bit cleared and
// *remaining decremented. Stops
// after the step in which *remaining reaches 0, or after every pair (at once if it is 0).
// Returns the number of pairs consumed. May read any g[x] with x <= lo + hi (the pairs of a
// part-sum s = lo + hi; g[s] is known), so that a last short step is read whole and masked.
using FindNeeded = std::uint64_t (*)(const Value* g, std::uint64_t lo, std::uint64_t hi,
                                     std::uint64_t count, std::uint64_t* need, unsigned bits,
                                     std::uint64_t* remaining);
// For a block of 32 consecutive heaps (rows) and kCandidates candidate values per row
// (candidates[i * 32 + j]: candidate i of row j), sets bit j of hits[i] when some entry e gives
// row j the option value val[e] ^ g[base + j - pos[e]] equal to its candidate i. Costs a
// compare per candidate and entry for all 32 rows at once, instead of 32 byte stores.
inline constexpr unsigned kCandidates = 8;
using TestCandidates = void (*)(const Value* g, std::uint64_t base, const std::uint64_t* pos,
                                const Value* val, std::size_t count, const Value* candidates,
                                std::uint32_t* hits);

// One kernel set's versions.
struct Table {
  MarkRows mark_rows;
  MarkPairs mark_pairs;
  FindNeeded find_needed;
  TestCandidates test_candidates;
};

// The versions of `set` (tests call each set the CPU supports; others run its own).
const Table& table(KernelSet set);

namespace detail {
extern const Table* const kTables[kKernelSetCount];
inline const Table& active() {
  return *kTables[static_cast<int>(active_kernel_set())];
}
}  // namespace detail

// The active set's versions.
inline void mark_rows(std::uint8_t* out, std::size_t stride, std::size_t rows, const Value* g,
                      std::uint64_t base, const std::uint64_t* pos, const Value* val,
                      std::size_t count) {
  detail::active().mark_rows(out, stride, rows, g, base, pos, val, count);
}
inline void mark_pairs(std::uint8_t* seen, const Value* g, std::uint64_t lo, std::uint64_t hi,
                       std::uint64_t count) {
  detail::active().mark_pairs(seen, g, lo, hi, count);
}
inline std::uint64_t find_needed(const Value* g, std::uint64_t lo, std::uint64_t hi,
                                 std::uint64_t count, std::uint64_t* need, unsigned bits,
                                 std::uint64_t* remaining) {
  return detail::active().find_needed(g, lo, hi, count, need, bits, remaining);
}
inline void test_candidates(const Value* g, std::uint64_t base, const std::uint64_t* pos,
                            const Value* val, std::size_t count, const Value* candidates,
                            std::uint32_t* hits) {
  detail::active().test_candidates(g, base, pos, val, count, candidates, hits);
}

// The reference versions (the scalar set).
void mark_rows_reference(std::uint8_t* out, std::size_t stride, std::size_t rows, const Value* g,
                         std::uint64_t base, const std::uint64_t* pos, const Value* val,
                         std::size_t count);
void mark_pairs_reference(std::uint8_t* seen, const Value* g, std::uint64_t lo, std::uint64_t hi,
                          std::uint64_t count);
std::uint64_t find_needed_reference(const Value* g, std::uint64_t lo, std::uint64_t hi,
                                    std::uint64_t count, std::uint64_t* need, unsigned bits,
                                    std::uint64_t* remaining);
void test_candidates_reference(const Value* g, std::uint64_t base, const std::uint64_t* pos,
                               const Value* val, std::size_t count, const Value* candidates,
                               std::uint32_t* hits);

// Bit i set when row[i] == 0, for the 64 bytes at row. SSE2, which every x86-64 CPU has: as
// fast as the wider sets for 64 bytes, and inlined where it is called once per 64 values.
inline std::uint64_t unmarked64(const std::uint8_t* row) {
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  std::uint64_t m = 0;
  for (int q = 0; q < 4; ++q) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 16 * q));
    m |= std::uint64_t{static_cast<std::uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)))}
         << (16 * q);
  }
  return m;
#else
  std::uint64_t m = 0;
  for (unsigned i = 0; i < 64; ++i) m |= std::uint64_t{row[i] == 0} << i;
  return m;
#endif
}

}  // namespace grundy::octal::kernels
