#pragma once
// A game of the network's training data (tools/uttt_train, docs/uttt.md "Training the
// network"): one line per game, "R m1 m2 ... | v1 v2 ...", where R is the result (X or O won,
// D a draw), the moves are cells in the move-list notation (notation.h), and the optional values
// after the bar are the search's value of the position for the player to move before each move,
// in [0, 1], or -1 where the move was random. The moves are checked to be legal from the empty
// board of the given rules, and the result to agree with the final position when the game is
// over (a game that stops early, a resignation, keeps its stated result).
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt {

struct TrainingGame {
  char result = 'D';  // 'X', 'O' or 'D'
  std::vector<Board::Move> moves;
  std::vector<float> values;  // at most one per move; -1 or in [0, 1]
};

// InputError naming what is wrong: the result, the first illegal move (as play_moves), a value
// that is not a number in range, more values than moves, a result the final position
// contradicts, a line longer than 64 KiB.
TrainingGame parse_training_game(std::string_view line, Rules rules);

// The line parse_training_game reads back (values with three decimals).
std::string format_training_game(const TrainingGame& game);

}  // namespace grundy::uttt
