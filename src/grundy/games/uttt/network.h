#pragma once
// A small evaluation network for Ultimate Tic-Tac-Toe (docs/uttt.md, "The evaluation network"):
// the chance that the player to move wins (a draw counting one half), from 199 binary features
// of the position seen by the player to move, through one hidden layer of 512 clipped ReLUs.
//
//   features  0- 80  the mover's cells (9 * board + cell)     162-170  boards the mover owns
//            81-161  the opponent's cells                     171-179  boards the opponent owns
//                                                             180-188  boards closed, no owner
//                                                             189-198  the board to play in
//                                                                      (198: anywhere)
//   hidden    h = clamp(bias + sum of the rows of the features present, 0, 1)
//   output    sigmoid(w . h + b)
//
// The first layer is a sum of rows, so a search updates it by adding and removing the rows a move
// changes (an accumulator) instead of recomputing it. The weights are trained by self-play on
// the CPU (tools/uttt_train, scripts/train_uttt_net.sh) and compiled in (network_weights.inc);
// the loops below are plain C++ written so that the compiler vectorises them (and a scalar build
// computes bit for bit the same sums).
#include <array>
#include <cstdint>
#include <string>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt::net {

inline constexpr int kInputs = 199;
inline constexpr int kHidden = 512;
inline constexpr int kMine = 0, kTheirs = 81, kMyBoards = 162, kTheirBoards = 171,
                     kDeadBoards = 180, kForced = 189;

struct Weights {
  alignas(64) float hidden[kInputs][kHidden];
  alignas(64) float hidden_bias[kHidden];
  alignas(64) float output[kHidden];
  float output_bias = 0;
};

// The weights compiled into grundy.
const Weights& builtin_weights();
// Weights from a file that tools/uttt_train wrote (PREFIX.bin: the Weights as raw floats).
// InputError if the file cannot be read or is not that size.
void load_weights(const std::string& path, Weights& w);

// The first layer's sum for one position.
struct alignas(64) Accumulator {
  float v[kHidden];
};

// The features present in b for its player to move, in increasing order; returns how many (at
// most 81 + 27 + 1).
int features(const Board& b, std::array<std::uint8_t, 128>& out);

inline void add_row(Accumulator& a, const Weights& w, int feature) {
  const float* row = w.hidden[feature];
  for (int i = 0; i < kHidden; ++i) a.v[i] += row[i];
}
inline void sub_row(Accumulator& a, const Weights& w, int feature) {
  const float* row = w.hidden[feature];
  for (int i = 0; i < kHidden; ++i) a.v[i] -= row[i];
}

// The same from the cells alone, seen through symmetry s of tables.h (training: eight positions
// from one): the mover's and the opponent's cells per board and the board to play in (9:
// anywhere). Valid under standard and codingame rules, where a board's owner is whoever has a
// line in it and a full board without a line has none.
int features(const std::array<std::uint16_t, 9>& mine, const std::array<std::uint16_t, 9>& theirs,
             int forced, int s, std::array<std::uint8_t, 128>& out);

// bias + the rows of b's features (the mover's point of view).
void refresh(Accumulator& a, const Weights& w, const Board& b);

// The network's output for an accumulator: the mover's chance in (0, 1).
float output(const Accumulator& a, const Weights& w);

// The network's value of b (not over) for its player to move.
float evaluate(const Board& b, const Weights& w = builtin_weights());

// The values of the positions after each move of `moves` in `parent` (not over), each for the
// player who makes the move (one minus the network's value for the player to move after it),
// with one accumulator for the parent and a few rows added per move. Moves that end the game
// get their exact value: 1 win, 0.5 draw, 0 loss. `exact[i]` says which.
void evaluate_moves(const Board& parent, const Board::Moves& moves, float* values, bool* exact,
                    const Weights& w = builtin_weights());

}  // namespace grundy::uttt::net
