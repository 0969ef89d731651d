#pragma once
// The MCTS tree node and UCT selection among a node's children (mcts.h).
//
// Selection is the inner loop of every descent (81 children at the root of Ultimate
// Tic-Tac-Toe), so it has two implementations with the same result, bit for bit: a plain loop
// (`uct_select_scalar`, the reference) and, where AVX2 is available and the node is 16 bytes,
// eight children at a time (`uct_select`). Both compute each score with the same float
// operations in the same order; the build turns off floating-point contraction
// (-ffp-contract=off) so the compiler does not fuse them into FMA in one and not the other.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE__)
#include <immintrin.h>
#endif

namespace grundy::search {

// A fast natural logarithm for UCT (relative error below 1e-3 for n >= 1).
inline float fast_log(std::uint32_t n) {
  const auto f = static_cast<float>(n);
  std::uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  const auto exponent = static_cast<float>(static_cast<int>(bits >> 23) - 127);
  bits = (bits & 0x7fffffu) | 0x3f800000u;  // mantissa in [1, 2)
  float m;
  std::memcpy(&m, &bits, sizeof m);
  // log2(m) on [1, 2) by a cubic fit; then scale by ln 2.
  const float log2m = ((0.15824870f * m - 1.05187502f) * m + 3.04788415f) * m - 2.15419859f;
  return (exponent + log2m) * 0.69314718f;
}

// 1/sqrt(x): the approximate instruction where there is one (UCT needs no more precision).
inline float inv_sqrt(float x) {
#if defined(__SSE__)
  return _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x)));
#else
  return 1.0f / std::sqrt(x);
#endif
}

// One node of an MCTS tree. Its children are consecutive in the tree's pool.
template <class Move, class ChildCount>
struct MctsNode {
  std::uint32_t first_child = 0;  // 0: not expanded (the root is node 0, never a child)
  std::uint32_t visits = 0;
  std::uint32_t score2 = 0;     // results in half points (win 2, draw 1) for the player who
                                // moved into this node
  std::int8_t lo = -1, hi = 1;  // proven bounds on the result for that player
  ChildCount child_count = 0;
  Move move{};
  bool proven() const { return lo == hi; }
};

// The UCT score of a visited child: its mean result plus c / sqrt(visits), where c is the
// exploration constant times sqrt(log(parent visits)).
inline float uct_score(std::uint32_t visits, std::uint32_t score2, float c) {
  const float r = inv_sqrt(static_cast<float>(visits));
  return 0.5f * static_cast<float>(score2) * (r * r) + c * r;
}

// UCT among the children worth sampling: not proven, and able to beat `parent_lo` (the best
// result the mover is already sure of). The first unvisited child if there is one; else the
// highest score, the first on ties. -1 when no child is worth sampling.
template <class Node>
int uct_select_scalar(const Node* child, std::uint32_t count, float c, int parent_lo) {
  int best = -1;
  float best_score = -1e30f;
  for (std::uint32_t k = 0; k < count; ++k) {
    const Node& ch = child[k];
    if (ch.hi <= parent_lo || ch.proven()) continue;
    if (ch.visits == 0) return static_cast<int>(k);
    const float score = uct_score(ch.visits, ch.score2, c);
    if (score > best_score) {
      best_score = score;
      best = static_cast<int>(k);
    }
  }
  return best;
}

// Whether uct_select reads eight children at a time: AVX2 and the 16-byte layout (visits,
// score2 and the bounds at bytes 4, 8, 12 and 13). It may then read up to seven nodes past
// the last child: the pool keeps that much room after its last element.
template <class Node>
constexpr bool kUctSelectVector =
#if defined(__AVX2__)
    sizeof(Node) == 16 && offsetof(Node, visits) == 4 && offsetof(Node, score2) == 8 &&
    offsetof(Node, lo) == 12 && offsetof(Node, hi) == 13;
#else
    false;
#endif
inline constexpr std::size_t kUctSelectOverread = 7;

#if defined(__AVX2__)
namespace detail {
// uint32 to float, rounded once as a scalar conversion does (exact halves, one rounding add).
inline __m256 u32_to_float(__m256i x) {
  const __m256 hi = _mm256_cvtepi32_ps(_mm256_srli_epi32(x, 16));
  const __m256 lo = _mm256_cvtepi32_ps(_mm256_and_si256(x, _mm256_set1_epi32(0xffff)));
  return _mm256_add_ps(_mm256_mul_ps(hi, _mm256_set1_ps(65536.0f)), lo);
}

template <class Node>
int uct_select_avx2(const Node* child, std::uint32_t count, float c, int parent_lo) {
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
    const __m256 r = _mm256_rsqrt_ps(u32_to_float(visits));
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
}  // namespace detail
#endif

// uct_select_scalar's answer, eight children at a time where kUctSelectVector<Node>.
template <class Node>
int uct_select(const Node* child, std::uint32_t count, float c, int parent_lo) {
#if defined(__AVX2__)
  if constexpr (kUctSelectVector<Node>) return detail::uct_select_avx2(child, count, c, parent_lo);
#endif
  return uct_select_scalar(child, count, c, parent_lo);
}

}  // namespace grundy::search
