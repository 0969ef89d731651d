#pragma once
// `grundy dots ...`: one file per sub-subcommand (dots_show.cpp, dots_solve.cpp, ...), installed
// by dots.cpp, sharing the helpers below.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "command.h"
#include "distributed.h"
#include "grundy/games/dots/game_review.h"
#include "grundy/games/dots/solve_distributed.h"
#include "grundy/games/dots/solver.h"
#include "grundy/games/dots/state.h"
#include "report/dots.h"

namespace grundy::cli::dots_cli {

void install_show(Command dots);
void install_solve(Command dots);
void install_analyze(Command dots);
void install_play(Command dots);
void install_match(Command dots);
void install_move(Command dots);
void install_checkpoint(Command dots);  // dots_checkpoint.cpp
// --distributed (dots_solve_distributed.cpp): the table the node's ranks share (every rank
// asks, before it serves or solves; none when the node has one rank or no room), the solve
// over the cluster, and its figures.
dots::NodeTable node_table(DistributedRun& run, const dots::SolveOptions& so);
dots::SolveResult solve_distributed(DistributedRun& run, const dots::DotsState& s,
                                    const dots::SolveOptions& so, const dots::NodeTable& table,
                                    bool progress, search::distributed::Figures& figures);
void install_analyze_game(Command dots);  // dots_analyze_game.cpp

using report::dots_line_names;
// "Dots and Boxes 3x3: 5 of 24 lines drawn, score 1–0, player 2 to move."
inline std::string headline(const dots::DotsState& s) {
  return report::dots_headline(s);
}
// "a1b1, b2c2 or c3c4" (at most `cap` names, then "... (N in all)").
std::string name_list(const std::vector<std::string>& names, const char* last_word = "or",
                      std::size_t cap = 12);
// The post-game analysis as text (dots_analyze_game.cpp; also `analyze` in `dots play`).
void print_review(const dots::Board& board, const dots::GameReview& review);
// "player 1 wins 6–3", "a tie 4–4".
inline std::string result_words(int p1, int p2) {
  return report::dots_result_words(p1, p2);
}

}  // namespace grundy::cli::dots_cli
