#pragma once
// JSON answers for Ultimate Tic-Tac-Toe (`grundy uttt show|analyze|solve --json`, POST
// /api/uttt/show and /api/uttt), and the board as text, for the command line and the Python
// module alike.
#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/players.h"
#include "grundy/games/uttt/referee.h"
#include "grundy/games/uttt/solve.h"

namespace grundy::report {

// "X" (player 0) or "O" (player 1).
const char* uttt_player_name(int player);
// "the game is over (X has won): nothing to analyse": why a finished game cannot be analysed.
std::string uttt_nothing_to_analyse(const uttt::Board& b);
// The board as text: the grid (X, O, '*' for the legal cells, '.'), each small board's owner,
// who moves and where (or the result).
std::string uttt_board_text(const uttt::Board& b);
// What `grundy uttt show --moves ...` prints: a title naming the rules and the moves, then the
// board as text.
std::string uttt_show_text(const uttt::Board& b, const std::vector<uttt::Board::Move>& moves);
// show: the rules, how many moves were played, the grid as nine rows of X, O and '.', each small
// board's owner (X, O, '-' for closed without a line, '.' open), who moves, the forced board (or
// null for a free move), the legal cells, whether the game is over and who won.
nlohmann::json uttt_show_json(const uttt::Board& b, std::size_t moves);
// analyze: to_move, best, win_rate (rounded to 4 places), principal_variation, engine, the
// search's work (playouts for mcts, nodes otherwise), and result (win/draw/loss for the player
// to move) when the search proved it.
nlohmann::json uttt_analysis_json(const uttt::Analysis& a);
// arena: the match from bot A's point of view: games, wins, draws, losses, score and its 95%
// interval, Elo and its interval (null when infinite), wins and losses by how the games ended
// (line, tie-break, late, illegal, crashed), the time control and the openings.
nlohmann::json uttt_arena_json(const uttt::ArenaTally& t, const std::string& rules, double ms,
                               double first_ms, int openings, int opening_plies, std::uint64_t seed,
                               bool interrupted);
// solve: result (win, draw, loss or unknown for the player to move), to_move, rules, nodes,
// seconds, proof_size, resumed, first_move; proof_file and proof_moves when a proof was written
// to `proof_file`; checkpoint when the run saved one to `checkpoint`.
nlohmann::json uttt_solve_json(const uttt::Board& b, const uttt::SolveResult& r,
                               const std::string& proof_file, const std::string& checkpoint);

}  // namespace grundy::report
