// UCT selection eight children at a time (uct_select.h), in the avx2 kernel set's target
// region: only called when the CPU runs it.
#include "grundy/search/uct_select.h"

#include <algorithm>
#include <bit>

#include <immintrin.h>

namespace grundy::search::detail {

#if GRUNDY_HAVE_TARGETS
GRUNDY_TARGET_AVX2_BEGIN
namespace {

// uint32 to float, rounded once as a scalar conversion does (exact halves, one rounding add).
__m256 u32_to_float(__m256i x) {
  const __m256 hi = _mm256_cvtepi32_ps(_mm256_srli_epi32(x, 16));
  const __m256 lo = _mm256_cvtepi32_ps(_mm256_and_si256(x, _mm256_set1_epi32(0xffff)));
  return _mm256_add_ps(_mm256_mul_ps(hi, _mm256_set1_ps(65536.0f)), lo);
}

// search::inv_sqrt of each lane, with the same operations.
__m256 inv_sqrt(__m256 x) {
  const __m256i guess = _mm256_sub_epi32(_mm256_set1_epi32(static_cast<int>(kInvSqrtMagic)),
                                         _mm256_srli_epi32(_mm256_castps_si256(x), 1));
  __m256 y = _mm256_castsi256_ps(guess);
  const __m256 half = _mm256_mul_ps(_mm256_set1_ps(0.5f), x), three_halves = _mm256_set1_ps(1.5f);
  y = _mm256_mul_ps(y, _mm256_sub_ps(three_halves, _mm256_mul_ps(_mm256_mul_ps(half, y), y)));
  y = _mm256_mul_ps(y, _mm256_sub_ps(three_halves, _mm256_mul_ps(_mm256_mul_ps(half, y), y)));
  return y;
}

}  // namespace

int uct_select_avx2(const void* child, std::uint32_t count, float c, int parent_lo) {
  // After the transpose below, lane j holds child base + kOrder[j].
  const __m256i order = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
  const __m256i n_children = _mm256_set1_epi32(static_cast<int>(count));
  const __m256i lo_bound = _mm256_set1_epi32(parent_lo);
  const __m256 half = _mm256_set1_ps(0.5f), cv = _mm256_set1_ps(c);
  __m256 best = _mm256_set1_ps(-1e30f);
  __m256i best_index = _mm256_set1_epi32(-1);
  const auto* p = reinterpret_cast<const char*>(child);
  for (std::uint32_t base = 0; base < count; base += 8, p += 8 * 16) {
    // Four loads of two nodes each; a 4x4 transpose within each 128-bit half.
    const __m256i a0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    const __m256i a1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
    const __m256i a2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 64));
    const __m256i a3 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 96));
    const __m256i t0 = _mm256_unpacklo_epi32(a0, a1);  // first_child, visits of 0 2 | 1 3
    const __m256i t1 = _mm256_unpackhi_epi32(a0, a1);  // score2, bounds of 0 2 | 1 3
    const __m256i t2 = _mm256_unpacklo_epi32(a2, a3);
    const __m256i t3 = _mm256_unpackhi_epi32(a2, a3);
    const __m256i visits = _mm256_unpackhi_epi64(t0, t2);
    const __m256i score2 = _mm256_unpacklo_epi64(t1, t3);
    const __m256i bounds = _mm256_unpackhi_epi64(t1, t3);
    const __m256i lo = _mm256_srai_epi32(_mm256_slli_epi32(bounds, 24), 24);
    const __m256i hi = _mm256_srai_epi32(_mm256_slli_epi32(bounds, 16), 24);
    const __m256i index = _mm256_add_epi32(order, _mm256_set1_epi32(static_cast<int>(base)));
    // Worth sampling: inside the block, hi > parent_lo, not proven (lo != hi).
    const __m256i valid = _mm256_andnot_si256(
        _mm256_cmpeq_epi32(lo, hi),
        _mm256_and_si256(_mm256_cmpgt_epi32(n_children, index), _mm256_cmpgt_epi32(hi, lo_bound)));
    const __m256i fresh =
        _mm256_and_si256(valid, _mm256_cmpeq_epi32(visits, _mm256_setzero_si256()));
    if (const int m = _mm256_movemask_ps(_mm256_castsi256_ps(fresh))) {
      // The first unvisited child of this block (none in earlier blocks, or we would be done).
      int first = 8;
      for (int bits = m; bits; bits &= bits - 1) {
        const int lane = std::countr_zero(static_cast<unsigned>(bits));
        first = std::min(first, lane < 4 ? 2 * lane : 2 * (lane - 4) + 1);
      }
      return static_cast<int>(base) + first;
    }
    const __m256 r = inv_sqrt(u32_to_float(visits));
    const __m256 score =
        _mm256_add_ps(_mm256_mul_ps(_mm256_mul_ps(half, u32_to_float(score2)), _mm256_mul_ps(r, r)),
                      _mm256_mul_ps(cv, r));
    const __m256 better =
        _mm256_and_ps(_mm256_castsi256_ps(valid), _mm256_cmp_ps(score, best, _CMP_GT_OQ));
    best = _mm256_blendv_ps(best, score, better);
    best_index = _mm256_castps_si256(
        _mm256_blendv_ps(_mm256_castsi256_ps(best_index), _mm256_castsi256_ps(index), better));
  }
  // The highest score over the lanes; the lowest index among the lanes that hold it.
  __m256 m = _mm256_max_ps(best, _mm256_permute2f128_ps(best, best, 1));
  m = _mm256_max_ps(m, _mm256_permute_ps(m, 0x4e));
  m = _mm256_max_ps(m, _mm256_permute_ps(m, 0xb1));
  if (_mm256_cvtss_f32(m) <= -1e30f) return -1;
  const __m256i holds = _mm256_castps_si256(_mm256_cmp_ps(best, m, _CMP_EQ_OQ));
  __m256i i = _mm256_blendv_epi8(_mm256_set1_epi32(0x7fffffff), best_index, holds);
  i = _mm256_min_epi32(i, _mm256_permute2x128_si256(i, i, 1));
  i = _mm256_min_epi32(i, _mm256_shuffle_epi32(i, 0x4e));
  i = _mm256_min_epi32(i, _mm256_shuffle_epi32(i, 0xb1));
  return _mm256_cvtsi256_si32(i);
}
GRUNDY_TARGET_END
#else
int uct_select_avx2(const void*, std::uint32_t, float, int) {
  return -1;  // never called: kUctSelectVector is false
}
#endif

}  // namespace grundy::search::detail
