#pragma once
// JSON answers for Dots and Boxes (`grundy dots show|analyze|solve|move --json`, POST
// /api/dots/...), and the sentences the command line and the Python module both print.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/games/dots/analysis.h"
#include "grundy/games/dots/checkpoint_moves.h"
#include "grundy/games/dots/checkpoint_summary.h"
#include "grundy/games/dots/solver.h"
#include "grundy/games/dots/state.h"

namespace grundy::report {

// "Dots and Boxes 3x3: 5 of 24 lines drawn, score 1–0, player 2 to move."
std::string dots_headline(const dots::DotsState& s);
// "player 1 wins 6–3", "a tie 4–4".
std::string dots_result_words(int p1, int p2);
// What `grundy dots show RxC --moves ...` prints: the headline and the board in ASCII.
std::string dots_show_text(const dots::DotsState& s);

// Line names, sorted: ["a1b1", "b2c2"].
std::vector<std::string> dots_line_names(const dots::Board& b, const std::vector<int>& lines);
// The names of a set of drawn lines, sorted; the boxes they leave open (not yet completed).
std::vector<std::string> dots_drawn_names(const dots::Board& b, const dots::LineSet& drawn);
int dots_open_boxes(const dots::Board& b, const dots::LineSet& drawn);
// The position's common fields: board, lines_drawn, to_move (1 or 2), score [p1, p2].
nlohmann::json dots_position_json(const dots::DotsState& s);
// show: the drawn lines, each box's owner (0 = open, 1 or 2), and with `strings_and_coins` the
// explanation's lines.
nlohmann::json dots_show_json(const dots::DotsState& s,
                              const std::vector<std::string>* strings_and_coins);
// analyze: chains, the long chain rule, Nimstring, moves by kind, control, endgame, advice,
// and the solver's answer when it finished.
nlohmann::json dots_analysis_json(const dots::DotsState& s, const dots::Analysis& a);
// solve: the exact value (or bounds), every best line, the search's size.
nlohmann::json dots_solve_json(const dots::DotsState& s, const dots::SolveResult& r);
// move: the engine's line, and the position after it (the engine may move again after a box).
nlohmann::json dots_move_json(const dots::DotsState& before, std::string_view engine, int line);
// checkpoint: what a solve's checkpoint holds (board, drawn, to_move, lower, upper, nodes,
// seconds, entries, by_weight), and with `shrunk` the copy written ("kept": file, entries,
// weight, min_nodes).
nlohmann::json dots_checkpoint_json(const dots::CheckpointSummary& s);
nlohmann::json dots_checkpoint_json(const dots::ShrinkResult& r, const std::string& out);
// checkpoint --moves: the same, and the position ("position": drawn, to_move, open) with what the
// checkpoint proves of each undrawn line ("lines": line, captured, same_as (an earlier line
// to the same position up to symmetry, or null), known, lower, upper: its value for the player
// to move, the margin of the boxes open before it; with replies, "replies": the same for the
// lines after it, for the player who moves there).
nlohmann::json dots_checkpoint_json(const dots::CheckpointMoves& m);
// A line's value as proven: "exactly 2", "at most 0", "at least -4", "in [-2, 4]", "unknown".
std::string dots_bounds_words(const dots::CheckpointMove& m, int open);

}  // namespace grundy::report
