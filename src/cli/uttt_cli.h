#pragma once
// `grundy uttt ...`: the Ultimate Tic-Tac-Toe subcommands, one file per family (uttt.cpp:
// show, perft, playouts; uttt_play.cpp: analyze, play, match; uttt_solve.cpp: solve;
// uttt_bot.cpp: bot; uttt_arena.cpp: arena). Each
// family adds its sub-subcommands to the `uttt` command that uttt.cpp registers.
#include <string>

#include "command.h"
#include "distributed.h"
#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/game_review.h"
#include "grundy/games/uttt/solve.h"

namespace grundy::cli::uttt_cli {

// Options every uttt subcommand shares: the rules and the moves played so far.
struct PositionOptions {
  std::string rules = "standard";
  std::string moves;
};
void add_position_options(Command cmd, PositionOptions& o, bool moves_required = false);
uttt::Board position(const PositionOptions& o);

// "X" or "O".
const char* player_name(int player);
// The board as text: the grid, owners, the board to play in, who moves (or the result).
std::string board_text(const uttt::Board& b);

// The post-game analysis as text (uttt_analyze_game.cpp; also `analyze` in `uttt play`).
void print_game_review(const uttt::GameReview& review);

void install_play_commands(Command uttt);         // uttt_play.cpp
void install_solve_commands(Command uttt);        // uttt_solve.cpp
void install_analyze_game_command(Command uttt);  // uttt_analyze_game.cpp
void install_bot_command(Command uttt);           // uttt_bot.cpp
void install_arena_command(Command uttt);         // uttt_arena.cpp
// --distributed (uttt_solve_distributed.cpp): the solve over the cluster, and its figures.
uttt::SolveResult solve_distributed(DistributedRun& run, const uttt::Board& b,
                                    const uttt::SolveOptions& s, bool progress,
                                    search::distributed::Figures& figures);

}  // namespace grundy::cli::uttt_cli
