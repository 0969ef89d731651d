#pragma once
// The MCTS tree node and UCT selection among a node's children (mcts.h).
//
// Selection is the inner loop of every descent (81 children at the root of Ultimate
// Tic-Tac-Toe), so it has two implementations with the same result, bit for bit: a plain loop
// (`uct_select_scalar`, the reference, which the scalar kernel set runs) and, in the avx2 and
// avx512 kernel sets (core/kernel_set.h) when the node is 16 bytes, eight children at a time
// (`uct_select`; AVX-512's sixteen were no faster). Both compute each score with the same float
// operations in the same order, and no approximate instruction (whose bits differ between
// processors); the build turns off floating-point contraction (-ffp-contract=off) so the
// compiler does not fuse them into FMA in one and not the other.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "grundy/core/kernel_set.h"
#include "grundy/core/target.h"

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

// 1/sqrt(x) for x >= 1 to a relative error below 1e-5: a first guess from the bits of x and two
// Newton steps, in plain float operations, so that every processor gives the same bits. (The
// approximate-reciprocal instruction used before differs in its last bits between processor
// makers and emulators, and so did the moves MCTS chose.) uct_select.cpp does the same eight
// at a time.
inline constexpr std::uint32_t kInvSqrtMagic = 0x5f375a86u;
inline float inv_sqrt(float x) {
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  bits = kInvSqrtMagic - (bits >> 1);
  float y;
  std::memcpy(&y, &bits, sizeof y);
  const float half = 0.5f * x;
  y = y * (1.5f - half * y * y);
  y = y * (1.5f - half * y * y);
  return y;
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

// Whether uct_select may read eight children at a time (the avx2 and avx512 kernel sets): the
// 16-byte layout (visits, score2 and the bounds at bytes 4, 8, 12 and 13). It may then read up
// to seven nodes past the last child: the pool keeps that much room after its last element.
template <class Node>
constexpr bool kUctSelectVector =
#if GRUNDY_HAVE_TARGETS
    sizeof(Node) == 16 && offsetof(Node, visits) == 4 && offsetof(Node, score2) == 8 &&
    offsetof(Node, lo) == 12 && offsetof(Node, hi) == 13;
#else
    false;
#endif
inline constexpr std::size_t kUctSelectOverread = 7;

namespace detail {
// uct_select_scalar over 16-byte nodes laid out as above, eight children per step with AVX2
// (uct_select.cpp). Only when the CPU runs the avx2 kernel set.
int uct_select_avx2(const void* child, std::uint32_t count, float c, int parent_lo);
}  // namespace detail

// uct_select_scalar's answer, eight children at a time where kUctSelectVector<Node> and `set`
// has AVX2 (tests compare the sets).
template <class Node>
int uct_select(KernelSet set, const Node* child, std::uint32_t count, float c, int parent_lo) {
  if constexpr (kUctSelectVector<Node>) {
    if (set != KernelSet::scalar) return detail::uct_select_avx2(child, count, c, parent_lo);
  }
  return uct_select_scalar(child, count, c, parent_lo);
}

// The same with the active kernel set.
template <class Node>
int uct_select(const Node* child, std::uint32_t count, float c, int parent_lo) {
  return uct_select(active_kernel_set(), child, count, c, parent_lo);
}

}  // namespace grundy::search
