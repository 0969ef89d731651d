#pragma once
// A small evaluation network for Ultimate Tic-Tac-Toe (docs/uttt.md, "The evaluation network"):
// the chance that the player to move wins (a draw counting one half), from 255 binary features
// of the position seen by the player to move, through one hidden layer of 512 clipped ReLUs.
//
//   features  0- 80  the mover's cells (9 * board + cell)     162-170  boards the mover owns
//            81-161  the opponent's cells                     171-179  boards the opponent owns
//                                                             180-188  boards closed, no owner
//                                                             189-198  the board to play in
//                                                                      (198: anywhere)
//   per open board (neither owned nor full; since 2026-11-28, net10):
//           199-207  the mover has a threat there (two of a line, the third cell empty)
//           208-216  the opponent has one
//           217-225  the mover can still win it (a line without an opponent's stone)
//           226-234  the opponent can
//   the big board (since 2026-11-29, net11):
//           235-243  winning this open board would give the mover a line of boards (two boards
//                    of a line are the mover's and the mover can still win this one)
//           244-252  the same for the opponent
//               253  the mover can still make a line of boards (a line of boards each the
//                    mover's or open and still winnable by the mover)
//               254  the opponent can
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
#include "grundy/games/uttt/tables.h"

namespace grundy::uttt::net {

inline constexpr int kInputs = 255;
inline constexpr int kHidden = 512;
inline constexpr int kMine = 0, kTheirs = 81, kMyBoards = 162, kTheirBoards = 171,
                     kDeadBoards = 180, kForced = 189, kMyThreats = 199, kTheirThreats = 208,
                     kMyAlive = 217, kTheirAlive = 226, kMyMetaThreats = 235,
                     kTheirMetaThreats = 244, kMyMetaAlive = 253, kTheirMetaAlive = 254;
// At most 8 cells and 6 features of each open board (4 threat, 2 big-board threat), 9 cells and
// 1 feature of each closed one, the board to play in and the two big-board lines: 129.
inline constexpr int kMaxFeatures = 160;
using FeatureList = std::array<std::uint8_t, kMaxFeatures>;

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

// The features present in b for its player to move, in increasing order; returns how many.
int features(const Board& b, FeatureList& out);

inline void add_row(Accumulator& a, const Weights& w, int feature) {
  const float* row = w.hidden[feature];
  for (int i = 0; i < kHidden; ++i) a.v[i] += row[i];
}
inline void sub_row(Accumulator& a, const Weights& w, int feature) {
  const float* row = w.hidden[feature];
  for (int i = 0; i < kHidden; ++i) a.v[i] -= row[i];
}

namespace detail {
// Bit m is set when mask m has a stone in every line of the board (nobody else can win it).
constexpr std::array<std::uint64_t, 8> make_meets_every_line() {
  std::array<std::uint64_t, 8> bits{};
  for (unsigned m = 0; m < 512; ++m) {
    bool every = true;
    for (auto l : kLines) every = every && (m & l) != 0;
    if (every) bits[m >> 6] |= std::uint64_t{1} << (m & 63);
  }
  return bits;
}
inline constexpr std::array<std::uint64_t, 8> kMeetsEveryLine = make_meets_every_line();
inline bool meets_every_line(unsigned m) {
  return (kMeetsEveryLine[m >> 6] >> (m & 63)) & 1;
}
}  // namespace detail

// The threat features of one board from the cells of the player to move (`mine`) and of the
// other: bit g set for the feature kMyThreats + 9 * g + board (g = 0 the mover's threat, 1 the
// opponent's, 2 the mover can still win it, 3 the opponent can); none for a board that is owned
// or full.
inline unsigned board_threats(unsigned mine, unsigned theirs) {
  if (has_line(mine) || has_line(theirs) || (mine | theirs) == kFullBoard) return 0;
  // A line with two of a side's stones and the third cell not the other's (nor the side's own:
  // the board would have a line).
  return ((kCompletingCells[mine] & ~theirs) != 0 ? 1u : 0u) |
         ((kCompletingCells[theirs] & ~mine) != 0 ? 2u : 0u) |
         (detail::meets_every_line(theirs) ? 0u : 4u) | (detail::meets_every_line(mine) ? 0u : 8u);
}

// The big board's features (kMyMetaThreats on) from the boards each side owns and the boards
// each side can still win (board_threats' bits 4 and 8): bit k set for feature kMyMetaThreats + k.
inline std::uint32_t meta_features(unsigned my_boards, unsigned their_boards, unsigned my_alive,
                                   unsigned their_alive) {
  // A board is open and winnable by a side exactly when its alive bit is set, so the third
  // board of a line with two of the side's boards is a threat when it is alive.
  const unsigned mine = kCompletingCells[my_boards] & my_alive;
  const unsigned theirs = kCompletingCells[their_boards] & their_alive;
  // A side can make a line of boards unless the boards it cannot have meet every line.
  const bool my_line = !detail::meets_every_line(~(my_boards | my_alive) & kFullBoard);
  const bool their_line = !detail::meets_every_line(~(their_boards | their_alive) & kFullBoard);
  return mine | theirs << 9 | static_cast<std::uint32_t>(my_line) << 18 |
         static_cast<std::uint32_t>(their_line) << 19;
}

// The same from the cells alone, seen through symmetry s of tables.h (training: eight positions
// from one): the mover's and the opponent's cells per board and the board to play in (9:
// anywhere). Valid under standard and codingame rules, where a board's owner is whoever has a
// line in it and a full board without a line has none.
int features(const std::array<std::uint16_t, 9>& mine, const std::array<std::uint16_t, 9>& theirs,
             int forced, int s, FeatureList& out);

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
