#pragma once
// `grundy dots ...`: one file per sub-subcommand (dots_show.cpp, dots_solve.cpp, ...), installed
// by dots.cpp, sharing the helpers below.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "command.h"
#include "distributed.h"
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
// --distributed (dots_solve_distributed.cpp): the solve over the cluster, and its figures.
dots::SolveResult solve_distributed(DistributedRun& run, const dots::DotsState& s,
                                    const dots::SolveOptions& so, bool progress,
                                    search::distributed::Figures& figures);

using report::dots_line_names;

// "Dots and Boxes 3x3: 5 of 24 lines drawn, score 1–0, player 2 to move."
std::string headline(const dots::DotsState& s);
// "a1b1, b2c2 or c3c4" (at most `cap` names, then "... (N in all)").
std::string name_list(const std::vector<std::string>& names, const char* last_word = "or",
                      std::size_t cap = 12);
// "player 1 wins 6–3", "a tie 4–4".
std::string result_words(int p1, int p2);

}  // namespace grundy::cli::dots_cli
