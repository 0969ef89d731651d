// The AVX-512 kernel set (AVX-512 BW: 32 lanes of 16 bits, masks, word permutes).
#include <algorithm>

#include <immintrin.h>

#include "grundy/core/target.h"
#include "grundy/games/octal/kernels_sets.h"

namespace grundy::octal::kernels {

#if GRUNDY_HAVE_TARGETS
GRUNDY_TARGET_AVX512_BEGIN
namespace avx512 {
namespace {

using detail::kStep;

void mark_rows(std::uint8_t* out, std::size_t stride, std::size_t rows, const Value* g,
               std::uint64_t base, const std::uint64_t* pos, const Value* val, std::size_t count) {
  // 16-bit indices j * stride + x must not wrap.
  if (rows > 32 || (rows - 1) * stride + stride > 65536)
    return mark_rows_reference(out, stride, rows, g, base, pos, val, count);
  alignas(64) std::uint16_t offsets[32];
  for (std::size_t j = 0; j < 32; ++j) offsets[j] = static_cast<std::uint16_t>(j * stride);
  const __m512i off = _mm512_load_si512(offsets);
  const __mmask32 lanes = rows == 32 ? ~__mmask32{0} : (__mmask32{1} << rows) - 1;
  // Four parts per round, as in the AVX2 set (two were slower there).
  constexpr std::size_t kParts = 4;
  alignas(64) std::uint16_t idx[kParts][32];
  std::size_t e = 0;
  if (rows == 32) {
    for (; e + kParts <= count; e += kParts) {
      for (std::size_t p = 0; p < kParts; ++p)
        _mm512_store_si512(
            idx[p],
            _mm512_add_epi16(_mm512_xor_si512(_mm512_loadu_si512(g + base - pos[e + p]),
                                              _mm512_set1_epi16(static_cast<short>(val[e + p]))),
                             off));
      asm volatile("" : "+m"(idx));
#pragma GCC unroll 32
      for (std::size_t j = 0; j < 32; ++j)
#pragma GCC unroll 4
        for (std::size_t p = 0; p < kParts; ++p) out[idx[p][j]] = 1;
    }
  }
  for (; e < count; ++e) {
    const __m512i a = _mm512_maskz_loadu_epi16(lanes, g + base - pos[e]);
    _mm512_store_si512(
        idx[0],
        _mm512_add_epi16(_mm512_xor_si512(a, _mm512_set1_epi16(static_cast<short>(val[e]))), off));
    for (std::size_t j = 0; j < rows; ++j) out[idx[0][j]] = 1;
  }
}

void test_candidates(const Value* g, std::uint64_t base, const std::uint64_t* pos, const Value* val,
                     std::size_t count, const Value* candidates, std::uint32_t* hits) {
  static_assert(kCandidates == 8);
  const __m512i c0 = _mm512_loadu_si512(candidates), c1 = _mm512_loadu_si512(candidates + 32),
                c2 = _mm512_loadu_si512(candidates + 64), c3 = _mm512_loadu_si512(candidates + 96),
                c4 = _mm512_loadu_si512(candidates + 128),
                c5 = _mm512_loadu_si512(candidates + 160),
                c6 = _mm512_loadu_si512(candidates + 192),
                c7 = _mm512_loadu_si512(candidates + 224);
  __mmask32 h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0, h7 = 0;
  for (std::size_t e = 0; e < count; ++e) {
    const __m512i x = _mm512_xor_si512(_mm512_loadu_si512(g + base - pos[e]),
                                       _mm512_set1_epi16(static_cast<short>(val[e])));
    h0 |= _mm512_cmpeq_epi16_mask(x, c0);
    h1 |= _mm512_cmpeq_epi16_mask(x, c1);
    h2 |= _mm512_cmpeq_epi16_mask(x, c2);
    h3 |= _mm512_cmpeq_epi16_mask(x, c3);
    h4 |= _mm512_cmpeq_epi16_mask(x, c4);
    h5 |= _mm512_cmpeq_epi16_mask(x, c5);
    h6 |= _mm512_cmpeq_epi16_mask(x, c6);
    h7 |= _mm512_cmpeq_epi16_mask(x, c7);
  }
  hits[0] |= h0, hits[1] |= h1, hits[2] |= h2, hits[3] |= h3;
  hits[4] |= h4, hits[5] |= h5, hits[6] |= h6, hits[7] |= h7;
}

// The need bit of each lane's x: bit (x & 15) of 16-bit word x >> 4 of the bitmap, looked up
// with word permutes in 1, 2 or 4 pairs of 32-word tables (2^bits <= 1024, 2048, 4096).
template <unsigned Pairs>
struct NeedTable {
  __m512i t[2 * Pairs];
  void load(const std::uint64_t* need) {
    for (unsigned i = 0; i < 2 * Pairs; ++i) t[i] = _mm512_loadu_si512(need + 8 * i);
  }
  __mmask32 test(__m512i x) const {
    const __m512i index = _mm512_srli_epi16(x, 4);
    __m512i word = _mm512_permutex2var_epi16(t[0], index, t[1]);
    if constexpr (Pairs >= 2) {
      const __m512i w1 = _mm512_permutex2var_epi16(t[2], index, t[3]);
      word =
          _mm512_mask_blend_epi16(_mm512_test_epi16_mask(index, _mm512_set1_epi16(64)), word, w1);
    }
    if constexpr (Pairs == 4) {
      __m512i w2 = _mm512_permutex2var_epi16(t[4], index, t[5]);
      const __m512i w3 = _mm512_permutex2var_epi16(t[6], index, t[7]);
      w2 = _mm512_mask_blend_epi16(_mm512_test_epi16_mask(index, _mm512_set1_epi16(64)), w2, w3);
      word =
          _mm512_mask_blend_epi16(_mm512_test_epi16_mask(index, _mm512_set1_epi16(128)), word, w2);
    }
    const __m512i bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, _mm512_set1_epi16(15)));
    return _mm512_test_epi16_mask(bit, _mm512_set1_epi16(1));
  }
};

template <unsigned Pairs>
std::uint64_t find_needed_with(const Value* g, std::uint64_t lo, std::uint64_t hi,
                               std::uint64_t count, std::uint64_t* need, unsigned bits,
                               std::uint64_t* remaining) {
  const __m512i reverse =
      _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                       22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  // Words of a bitmap smaller than the tables read as zero (the callers keep at least 16).
  alignas(64) std::uint64_t padded[16 * Pairs] = {};
  const std::size_t words = std::max<std::size_t>(16, (std::size_t{1} << bits) / 64);
  const bool copy = words < 16 * Pairs;
  if (copy) std::copy_n(need, words, padded);
  NeedTable<Pairs> table;
  table.load(copy ? padded : need);
  std::uint64_t i = 0;
  const Value* low = g + lo;
  const Value* high = g + hi;
  // The needed values among the xors x of a step (lanes m flagged) leave the bitmap.
  const auto take = [&](__m512i x, __mmask32 m) {
    alignas(64) std::uint16_t xs[32];
    _mm512_store_si512(xs, x);
    for (std::uint32_t mm = m; mm != 0; mm &= mm - 1) {
      const unsigned v = xs[__builtin_ctz(mm)];
      const std::uint64_t b = std::uint64_t{1} << (v & 63);
      if (need[v >> 6] & b) {
        need[v >> 6] &= ~b;
        --*remaining;
      }
    }
    if (copy) std::copy_n(need, words, padded);
    table.load(copy ? padded : need);
  };
  for (; i + kStep <= count; i += kStep) {
    const __m512i l = _mm512_loadu_si512(low + i);
    const __m512i h = _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512(high - i - 31));
    const __m512i x = _mm512_xor_si512(l, h);
    const __mmask32 m = table.test(x);
    if (m != 0) [[unlikely]] {
      take(x, m);
      if (*remaining == 0) return i + kStep;
    }
  }
  if (i < count) {
    // The last, shorter step: masked loads read nothing past count. The large parts
    // hi - i - k, k < n, are the last n of the 32 values from hi - i - 31.
    const auto n = static_cast<unsigned>(count - i);
    const __mmask32 lanes = (__mmask32{1} << n) - 1;
    const __m512i l = _mm512_maskz_loadu_epi16(lanes, low + i);
    const __m512i h = _mm512_permutexvar_epi16(
        reverse,
        _mm512_maskz_loadu_epi16(static_cast<__mmask32>(lanes << (kStep - n)), high - i - 31));
    const __m512i x = _mm512_xor_si512(l, h);
    if (const __mmask32 m = table.test(x) & lanes) take(x, m);
  }
  return count;
}

std::uint64_t find_needed(const Value* g, std::uint64_t lo, std::uint64_t hi, std::uint64_t count,
                          std::uint64_t* need, unsigned bits, std::uint64_t* remaining) {
  if (*remaining == 0 || bits > 12)
    return find_needed_reference(g, lo, hi, count, need, bits, remaining);
  if (bits <= 10) return find_needed_with<1>(g, lo, hi, count, need, bits, remaining);
  if (bits == 11) return find_needed_with<2>(g, lo, hi, count, need, bits, remaining);
  return find_needed_with<4>(g, lo, hi, count, need, bits, remaining);
}

void mark_pairs(std::uint8_t* seen, const Value* g, std::uint64_t lo, std::uint64_t hi,
                std::uint64_t count) {
  const __m512i reverse =
      _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                       22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
  alignas(64) std::uint16_t xs[32];
  std::uint64_t i = 0;
  for (; i + kStep <= count; i += kStep) {
    const __m512i l = _mm512_loadu_si512(g + lo + i);
    const __m512i h = _mm512_permutexvar_epi16(reverse, _mm512_loadu_si512(g + hi - i - 31));
    _mm512_store_si512(xs, _mm512_xor_si512(l, h));
    for (unsigned j = 0; j < kStep; ++j) seen[xs[j]] = 1;
  }
  for (; i < count; ++i) seen[g[lo + i] ^ g[hi - i]] = 1;
}

}  // namespace
}  // namespace avx512
GRUNDY_TARGET_END

const Table detail::kAvx512Table = {avx512::mark_rows, avx512::mark_pairs, avx512::find_needed,
                                    avx512::test_candidates};
#else
const Table detail::kAvx512Table = {mark_rows_reference, mark_pairs_reference,
                                    find_needed_reference, test_candidates_reference};
#endif

}  // namespace grundy::octal::kernels
