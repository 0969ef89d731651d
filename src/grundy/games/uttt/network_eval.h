#pragma once
// The evaluation network as the search runs it: the same network as network.h in 16-bit
// integers, and the one routine that values every move of a position, written once for both
// number types.
//
// Why integers: a hidden unit's sum fits in 16 bits, so a 512-unit accumulator is half the
// bytes of floats and every vector operation covers twice the units (32 per AVX-512 register);
// the output layer is a multiply-add of 16-bit pairs into 32-bit sums. Integer sums do not
// depend on their order, so the vector and plain builds give the same values bit for bit, and
// the search chooses the same moves under every kernel set. The loops are plain C++: the search
// compiles a copy of itself for each kernel set (net_search.cpp), where the compiler vectorises
// them with that set's registers.
//
// Scales. A hidden sum is kept in units of 1/one, one = 2^k for the largest k <= 12 for which
// no position's sum can leave the int16 range (each cell is the mover's, the opponent's or
// empty; each board owned by one side, closed or open; one board to play in: the bound adds
// the largest contribution of each). The clipped unit is min(max(sum, 0), one). An output
// weight is kept in units of output_scale * one, small enough that 512 products of a unit
// (<= one) and a weight add up within 32 bits. The compiled-in network gets one = 512 and
// values within 0.0045 of the float network's (network_eval_test.cpp).
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>

#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/network.h"

namespace grundy::uttt::net {

struct QuantizedWeights {
  alignas(64) std::int16_t hidden[kInputs][kHidden];
  alignas(64) std::int16_t hidden_bias[kHidden];
  alignas(64) std::int16_t output[kHidden];
  // The rows of each board's threat features (network.h) summed for each of the 16 sets
  // board_threats() can give, so that a board's threats cost one row (modulo 2^16: the sum of a
  // position's rows is within int16, so the wrapped partial sums give it exactly).
  alignas(64) std::int16_t threat_rows[9][16][kHidden];
  std::int16_t one = 0;    // 1.0 of a hidden sum
  float output_scale = 0;  // the output layer's sum times this is the float network's sum
  float output_bias = 0;
};

// w in 16-bit integers (the scales above). InputError, naming the problem, when a weight is not
// finite or the hidden weights are so large that even one = 16 overflows.
std::unique_ptr<QuantizedWeights> quantize(const Weights& w);
// The compiled-in network, quantised once.
const QuantizedWeights& builtin_quantized();

struct alignas(64) Accumulator16 {
  std::int16_t v[kHidden];
};

inline void set_bias(Accumulator16& a, const QuantizedWeights& w) {
  for (int i = 0; i < kHidden; ++i) a.v[i] = w.hidden_bias[i];
}
inline void set_bias(Accumulator& a, const Weights& w) {
  for (int i = 0; i < kHidden; ++i) a.v[i] = w.hidden_bias[i];
}
// (The sum of two int16 values is exact in int; the bound of quantize() keeps every position's
// sum, and so the value converted back, within int16.)
inline void add_row(Accumulator16& a, const QuantizedWeights& w, int feature) {
  const std::int16_t* row = w.hidden[feature];
  for (int i = 0; i < kHidden; ++i) a.v[i] = static_cast<std::int16_t>(a.v[i] + row[i]);
}
inline void sub_row(Accumulator16& a, const QuantizedWeights& w, int feature) {
  const std::int16_t* row = w.hidden[feature];
  for (int i = 0; i < kHidden; ++i) a.v[i] = static_cast<std::int16_t>(a.v[i] - row[i]);
}

// The rows of threat features `bits` (board_threats) of `board`, added or taken out.
inline void add_threats(Accumulator16& a, const QuantizedWeights& w, int board, unsigned bits) {
  if (bits == 0) return;
  const std::int16_t* row = w.threat_rows[board][bits];
  for (int i = 0; i < kHidden; ++i) a.v[i] = static_cast<std::int16_t>(a.v[i] + row[i]);
}
inline void sub_threats(Accumulator16& a, const QuantizedWeights& w, int board, unsigned bits) {
  if (bits == 0) return;
  const std::int16_t* row = w.threat_rows[board][bits];
  for (int i = 0; i < kHidden; ++i) a.v[i] = static_cast<std::int16_t>(a.v[i] - row[i]);
}
inline void add_threats(Accumulator& a, const Weights& w, int board, unsigned bits) {
  for (; bits; bits &= bits - 1) add_row(a, w, kMyThreats + 9 * std::countr_zero(bits) + board);
}
inline void sub_threats(Accumulator& a, const Weights& w, int board, unsigned bits) {
  for (; bits; bits &= bits - 1) sub_row(a, w, kMyThreats + 9 * std::countr_zero(bits) + board);
}

// The network's output for an accumulator: the mover's chance in (0, 1).
inline float output(const Accumulator16& a, const QuantizedWeights& w) {
  std::int32_t sum = 0;
  const std::int16_t one = w.one;
  for (int i = 0; i < kHidden; ++i) {
    const std::int16_t x = a.v[i];
    const std::int16_t h = x > 0 ? (x < one ? x : one) : std::int16_t{0};
    sum += static_cast<std::int32_t>(h) * w.output[i];
  }
  return 1.0f / (1.0f + std::exp(-(static_cast<float>(sum) * w.output_scale + w.output_bias)));
}

namespace detail {

// What the rows of the big board's features (meta_features) of the positions after a move
// depend on, for the mover after it: the boards each side owns and can still win.
struct BigBoard {
  unsigned my_boards = 0, their_boards = 0, my_alive = 0, their_alive = 0;
  std::uint32_t features() const {
    return meta_features(my_boards, their_boards, my_alive, their_alive);
  }
  // The same with board `board`'s threat bits (board_threats) replaced by `threats`.
  BigBoard with(int board, unsigned threats) const {
    BigBoard b = *this;
    const unsigned bit = 1u << board;
    b.my_alive = (my_alive & ~bit) | (((threats >> 2) & 1) << board);
    b.their_alive = (their_alive & ~bit) | (((threats >> 3) & 1) << board);
    return b;
  }
};

// Adds the rows of the big board's features in `add` and takes out those in `sub`.
template <class Acc, class W>
void change_meta(Acc& a, const W& w, std::uint32_t add, std::uint32_t sub) {
  for (; add; add &= add - 1) add_row(a, w, kMyMetaThreats + std::countr_zero(add));
  for (; sub; sub &= sub - 1) sub_row(a, w, kMyMetaThreats + std::countr_zero(sub));
}

// The rows every position after a move from `parent` shares, for the mover after it (the
// parent's opponent): cells, owned boards, closed boards, every board's threat features and the
// big board's; no board to play in. Returns the big board as the parent has it.
template <class Acc, class W>
BigBoard shared_rows(Acc& a, const W& w, const Board& parent) {
  const int me = 1 - parent.to_move(), you = parent.to_move();
  set_bias(a, w);
  for (int board = 0; board < 9; ++board) {
    for (unsigned bits = parent.cells(me, board); bits; bits &= bits - 1)
      add_row(a, w, kMine + 9 * board + std::countr_zero(bits));
    for (unsigned bits = parent.cells(you, board); bits; bits &= bits - 1)
      add_row(a, w, kTheirs + 9 * board + std::countr_zero(bits));
  }
  const unsigned mine = parent.owned(me), yours = parent.owned(you);
  const unsigned dead = ~(parent.open_boards() | mine | yours) & kFullBoard;
  for (unsigned bits = mine; bits; bits &= bits - 1)
    add_row(a, w, kMyBoards + std::countr_zero(bits));
  for (unsigned bits = yours; bits; bits &= bits - 1)
    add_row(a, w, kTheirBoards + std::countr_zero(bits));
  for (unsigned bits = dead; bits; bits &= bits - 1)
    add_row(a, w, kDeadBoards + std::countr_zero(bits));
  BigBoard big{.my_boards = mine, .their_boards = yours};
  for (int board = 0; board < 9; ++board) {
    const unsigned threats = board_threats(parent.cells(me, board), parent.cells(you, board));
    add_threats(a, w, board, threats);
    big = big.with(board, threats);
  }
  change_meta(a, w, big.features(), 0);
  return big;
}

}  // namespace detail

// evaluate_moves (network.h) for either number type: one accumulator for the parent, a few
// rows added per move.
template <class Acc, class W>
void evaluate_moves_with(const Board& parent, const Board::Moves& moves, float* values, bool* exact,
                         const W& w) {
  Acc base, a, without;  // `without`: base less the threat rows of board `without_board`
  const detail::BigBoard big = detail::shared_rows(base, w, parent);
  const std::uint32_t meta_before = big.features();
  int without_board = -1;
  const int p = parent.to_move();
  const unsigned owned_before = parent.owned(p);
  auto dead = [](const Board& b) {
    return ~(b.open_boards() | b.owned(0) | b.owned(1)) & kFullBoard;
  };
  const unsigned dead_before = dead(parent);
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const Board::Move m = moves[k];
    Board child = parent;
    child.play_fast(m);
    if (child.is_over()) {
      values[k] = child.winner() == p ? 1.0f : child.winner() < 0 ? 0.5f : 0.0f;
      exact[k] = true;
      continue;
    }
    const int board = m / 9;
    if (board != without_board) {
      // Moves of one position are mostly in one board: take its threat rows out once.
      without = base;
      sub_threats(without, w, board,
                  board_threats(parent.cells(1 - p, board), parent.cells(p, board)));
      without_board = board;
    }
    a = without;
    const unsigned threats = board_threats(child.cells(1 - p, board), child.cells(p, board));
    add_threats(a, w, board, threats);
    add_row(a, w, kTheirs + m);
    detail::BigBoard after = big.with(board, threats);
    if ((child.owned(p) & ~owned_before) != 0) {
      add_row(a, w, kTheirBoards + board);
      after.their_boards |= 1u << board;
    } else if (((dead(child) & ~dead_before) >> board) & 1) {
      add_row(a, w, kDeadBoards + board);
    }
    // (Mostly the same as before the move: no row.)
    const std::uint32_t meta = after.features();
    detail::change_meta(a, w, meta & ~meta_before, meta_before & ~meta);
    const int forced = child.forced_board();
    add_row(a, w, kForced + (forced == kAnyBoard ? 9 : forced));
    values[k] = 1.0f - output(a, w);
    exact[k] = false;
  }
}

// The quantised network's value of b (not over) for its player to move (tests).
float evaluate(const Board& b, const QuantizedWeights& w);

}  // namespace grundy::uttt::net
