#pragma once
// Game records for `grundy dots play` and `grundy uttt play` (and, in the same form, the web
// pages' "Copy record"): a few '#' header lines, then the moves in the notation --moves reads,
// so a record given to `grundy ... --moves "$(cat game.txt)"` reproduces the position.
//
//   # grundy game record
//   # Game: Dots and Boxes 3x3
//   # Engine: control
//   # Players: player 1 you, player 2 the engine
//   # Result: player 2 wins 6–3
//   # Date: 2026-11-25
//   a1b1 b2c2 ...
#include <string>
#include <vector>

namespace grundy::cli {

struct RecordHeader {
  std::string game;     // "Dots and Boxes 3x3", "Ultimate Tic-Tac-Toe, standard rules"
  std::string engine;   // "control", "mcts, 1000 ms a move"
  std::string players;  // "player 1 you, player 2 the engine"
  std::string result;   // "player 2 wins 6–3", "unfinished"
};

// The record's text; `moves` in order, joined by spaces.
std::string game_record(const RecordHeader& header, const std::vector<std::string>& moves);

// The local date as YYYY-MM-DD.
std::string today();

}  // namespace grundy::cli
