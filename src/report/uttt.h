#pragma once
// JSON answers for Ultimate Tic-Tac-Toe (`grundy uttt show|analyze --json`, POST
// /api/uttt/show and /api/uttt).
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/players.h"

namespace grundy::report {

// "X" (player 0) or "O" (player 1).
const char* uttt_player_name(int player);
// "the game is over (X has won): nothing to analyse": why a finished game cannot be analysed.
std::string uttt_nothing_to_analyse(const uttt::Board& b);
// show: the rules, how many moves were played, the grid as nine rows of X, O and '.', each small
// board's owner (X, O, '-' for closed without a line, '.' open), who moves, the forced board (or
// null for a free move), the legal cells, whether the game is over and who won.
nlohmann::json uttt_show_json(const uttt::Board& b, std::size_t moves);
// analyze: to_move, best, win_rate (rounded to 4 places), principal_variation, engine, the
// search's work (playouts for mcts, nodes otherwise), and result (win/draw/loss for the player
// to move) when the search proved it.
nlohmann::json uttt_analysis_json(const uttt::Analysis& a);

}  // namespace grundy::report
