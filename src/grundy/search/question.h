#pragma once
// Questions about two-player positions, the unit of work that proof-number search
// (proof_number.h) and distributed search (distributed/) share: "can the player to move make the
// margin still to be won (two_player.h) at least t?".
//
// In negamax form every position is an OR node for its own question. After a move that passes
// the turn, the child's question is the negation for the opponent, "at least d - t + 1" where d
// is the margin the move itself won; after an extra move it is "at least t - d" for the same
// player. Margins here are in points (not scaled by S::kPointScale).
#include <cstdint>

#include "grundy/search/two_player.h"

namespace grundy::search {

template <class S>
constexpr int point_scale() {
  if constexpr (requires { S::kPointScale; })
    return S::kPointScale;
  else
    return 1;
}

// a / b rounded down (b > 0): a lower bound in scaled units becomes one in points (and
// -floor_div(-a, b) an upper bound).
constexpr int floor_div(int a, int b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// The transposition key of a position: the state's tt_key() hook when it has one, else hash().
template <class S>
std::uint64_t position_key(const S& s) {
  if constexpr (requires { s.tt_key(); })
    return s.tt_key();
  else
    return s.hash();
}

// The key of question (s, t): the position's key mixed with t.
inline std::uint64_t question_key_of(std::uint64_t position, int t) {
  return position ^ (static_cast<std::uint64_t>(static_cast<std::int64_t>(t) + 0x4000) *
                     0x9e3779b97f4a7c15ull);
}
template <class S>
std::uint64_t question_key(const S& s, int t) {
  return question_key_of(position_key(s), t);
}

// The value of s in points when it is known without search (the game is over, or the state's
// static_value hook knows it).
template <class S>
bool exact_value(const S& s, int& v) {
  if (s.is_over()) {
    v = 0;
    return true;
  }
  if constexpr (requires(int& x) { s.static_value(x); }) {
    int scaled;
    if (s.static_value(scaled)) {
      v = scaled / point_scale<S>();
      return true;
    }
  }
  return false;
}

// The answer to (s, t) when no search is needed: 1 yes, 0 no, -1 unknown.
template <class S>
int exact_answer(const S& s, int t) {
  int v;
  if (!exact_value(s, v)) return -1;
  return v >= t ? 1 : 0;
}

// The question of the child reached by a move: `flip` when the turn passed (the child's answer
// is then the negation of what the move contributes), its threshold, and the points the move won.
struct ChildQuestion {
  bool flip = false;
  int t = 0;
  int delta = 0;
};

// For a move just played from a position where `mover` was to move with margin `margin_before`
// and question t; `child` is the position after the move.
template <class S>
ChildQuestion child_question(const S& child, int mover, int margin_before, int t) {
  ChildQuestion q;
  q.delta = margin(child, mover) - margin_before;
  q.flip = child.to_move() != mover;
  q.t = q.flip ? q.delta - t + 1 : t - q.delta;
  return q;
}

}  // namespace grundy::search
