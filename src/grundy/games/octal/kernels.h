#pragma once
// The two inner loops of the sparse engine, each with a vector version (AVX-512BW when the build
// targets it) and a plain reference version that the tests compare it with.
//
//   mark_rows:   for a block of consecutive heaps, mark the option values G(p) ^ G(s_j - p) of
//                many fixed parts p at once. For a fixed p the other parts s_j - p of
//                consecutive heaps are consecutive in the table, so every part costs one vector
//                load and one byte store per heap.
//   find_needed: test pairs (lo + i, hi - i) against a bitmap of the values still needed (at
//                most 1024 of them), 32 pairs per step with no store at all; only a step that
//                finds a needed value goes back to the caller.
#include <cstddef>
#include <cstdint>

#include "grundy/games/octal/store.h"

namespace grundy::octal::kernels {

// out[j * stride + (val[e] ^ g[base + j - pos[e]])] = 1 for every row j < rows (rows <= 32) and
// entry e < count. Every index read must be a written value.
void mark_rows(std::uint8_t* out, std::size_t stride, std::size_t rows, const Value* g,
               std::uint64_t base, const std::uint64_t* pos, const Value* val, std::size_t count);
void mark_rows_reference(std::uint8_t* out, std::size_t stride, std::size_t rows, const Value* g,
                         std::uint64_t base, const std::uint64_t* pos, const Value* val,
                         std::size_t count);

// seen[g[lo + i] ^ g[hi - i]] = 1 for i < count.
void mark_pairs(std::uint8_t* seen, const Value* g, std::uint64_t lo, std::uint64_t hi,
                std::uint64_t count);

// Scans the pairs (lo + i, hi - i) for i < count in steps of 32 (the last one shorter): every
// x = g[lo + i] ^ g[hi - i] whose bit is set in `need` (a bitmap of 2^bits bits, as 64-bit
// words) is found, its bit cleared and *remaining decremented. Stops after the step in which
// *remaining reaches 0, or after every pair (at once if it is 0). Returns the number of pairs
// consumed.
std::uint64_t find_needed(const Value* g, std::uint64_t lo, std::uint64_t hi, std::uint64_t count,
                          std::uint64_t* need, unsigned bits, std::uint64_t* remaining);
std::uint64_t find_needed_reference(const Value* g, std::uint64_t lo, std::uint64_t hi,
                                    std::uint64_t count, std::uint64_t* need, unsigned bits,
                                    std::uint64_t* remaining);

// For a block of 32 consecutive heaps (rows) and kCandidates candidate values per row
// (candidates[i * 32 + j]: candidate i of row j), sets bit j of hits[i] when some entry e gives
// row j the option value val[e] ^ g[base + j - pos[e]] equal to its candidate i. Costs a
// compare per candidate and entry for all 32 rows at once, instead of 32 byte stores.
inline constexpr unsigned kCandidates = 8;
void test_candidates(const Value* g, std::uint64_t base, const std::uint64_t* pos, const Value* val,
                     std::size_t count, const Value* candidates, std::uint32_t* hits);
void test_candidates_reference(const Value* g, std::uint64_t base, const std::uint64_t* pos,
                               const Value* val, std::size_t count, const Value* candidates,
                               std::uint32_t* hits);

// Bit i set when row[i] == 0, for the 64 bytes at row.
std::uint64_t unmarked64(const std::uint8_t* row);

// Which version find_needed / mark_rows run in this build ("avx512", "avx2" or "scalar").
const char* vector_kind();

}  // namespace grundy::octal::kernels
