#include "report/uttt.h"

#include <bit>
#include <cmath>
#include <string>

#include <fmt/core.h>

#include "grundy/games/uttt/notation.h"

namespace grundy::report {

namespace {

// The cell in `column` and `row` (0-8 on the 9x9 grid): 'X', 'O' or '.' when empty.
char uttt_cell_char(const uttt::Board& b, int column, int row) {
  const int board = (row / 3) * 3 + column / 3, c = (row % 3) * 3 + column % 3;
  return (b.cells(0, board) >> c) & 1 ? 'X' : (b.cells(1, board) >> c) & 1 ? 'O' : '.';
}

// Small board `board`'s owner: 'X', 'O', '-' (closed without a line) or '.' (open).
char uttt_owner_char(const uttt::Board& b, int board) {
  return (b.owned(0) >> board) & 1           ? 'X'
         : (b.owned(1) >> board) & 1         ? 'O'
         : !((b.open_boards() >> board) & 1) ? '-'
                                             : '.';
}

}  // namespace

const char* uttt_player_name(int player) {
  return player == 0 ? "X" : "O";
}

std::string uttt_nothing_to_analyse(const uttt::Board& b) {
  return b.winner() >= 0 ? std::string("the game is over (") + uttt_player_name(b.winner()) +
                               " has won): nothing to analyse"
                         : "the game is over (a draw): nothing to analyse";
}

std::string uttt_board_text(const uttt::Board& b) {
  uttt::Board::Moves legal;
  b.legal_moves(legal);
  std::string s = "    a b c   d e f   g h i      boards\n";
  for (int row = 0; row < 9; ++row) {
    if (row == 3 || row == 6) s += "    ------+-------+------\n";
    s += fmt::format(" {}  ", row + 1);
    for (int column = 0; column < 9; ++column) {
      if (column == 3 || column == 6) s += "| ";
      const int board = (row / 3) * 3 + column / 3, c = (row % 3) * 3 + column % 3;
      const char cell = uttt_cell_char(b, column, row);
      s +=
          cell == '.' && legal.contains(static_cast<uttt::Board::Move>(9 * board + c)) ? '*' : cell;
      s += ' ';
    }
    if (row % 3 == 1) {
      const int big = row / 3;
      s += fmt::format("     {} {} {}", uttt_owner_char(b, 3 * big),
                       uttt_owner_char(b, 3 * big + 1), uttt_owner_char(b, 3 * big + 2));
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    s += '\n';
  }
  if (b.winner() >= 0 && b.won_on_line()) {
    s += fmt::format("{} has won (three boards in a line).\n", uttt_player_name(b.winner()));
  } else if (b.winner() >= 0) {
    s += fmt::format("{} has won on the tie-break (no line; {} boards won to {}).\n",
                     uttt_player_name(b.winner()), std::popcount(b.owned(b.winner())),
                     std::popcount(b.owned(1 - b.winner())));
  } else if (b.is_over()) {
    s += "The game is a draw (no legal move is left).\n";
  } else {
    s += fmt::format("{} to move {}; * marks the {} legal cell{}.\n", uttt_player_name(b.to_move()),
                     b.forced_board() == uttt::kAnyBoard
                         ? std::string("anywhere (a free move)")
                         : "in " + uttt::board_name(b.forced_board()),
                     legal.size(), legal.size() == 1 ? "" : "s");
  }
  return s;
}

std::string uttt_show_text(const uttt::Board& b, const std::vector<uttt::Board::Move>& moves) {
  return fmt::format("Ultimate Tic-Tac-Toe, {} rules, after {} move{}{}\n\n{}",
                     uttt::rules_name(b.rules()), moves.size(), moves.size() == 1 ? "" : "s",
                     moves.empty() ? "" : ": " + uttt::format_moves(moves), uttt_board_text(b));
}

nlohmann::json uttt_show_json(const uttt::Board& b, std::size_t moves) {
  nlohmann::json rows = nlohmann::json::array();
  for (int row = 0; row < 9; ++row) {
    std::string line;
    for (int column = 0; column < 9; ++column) line += uttt_cell_char(b, column, row);
    rows.push_back(line);
  }
  std::string owners;
  for (int board = 0; board < 9; ++board) owners += uttt_owner_char(b, board);
  uttt::Board::Moves legal;
  b.legal_moves(legal);
  nlohmann::json legal_names = nlohmann::json::array();
  for (auto m : legal) legal_names.push_back(uttt::cell_name(m));
  return {{"rules", uttt::rules_name(b.rules())},
          {"moves", moves},
          {"rows", rows},
          {"boards", owners},
          {"to_move", uttt_player_name(b.to_move())},
          {"forced_board", b.forced_board() == uttt::kAnyBoard
                               ? nlohmann::json(nullptr)
                               : nlohmann::json(uttt::board_name(b.forced_board()))},
          {"legal_moves", legal_names},
          {"over", b.is_over()},
          {"winner",
           b.winner() < 0 ? nlohmann::json(nullptr) : nlohmann::json(uttt_player_name(b.winner()))},
          {"won_on", b.winner() < 0    ? nlohmann::json(nullptr)
                     : b.won_on_line() ? nlohmann::json("line")
                                       : nlohmann::json("tie-break")}};
}

nlohmann::json uttt_analysis_json(const uttt::Analysis& a) {
  nlohmann::json pv = nlohmann::json::array();
  for (auto m : a.principal_variation) pv.push_back(uttt::cell_name(m));
  nlohmann::json j = {{"to_move", uttt_player_name(a.to_move)},
                      {"best", uttt::cell_name(a.best)},
                      {"win_rate", std::round(a.win_rate * 1e4) / 1e4},
                      {"principal_variation", pv},
                      {"engine", a.engine},
                      {a.engine == "mcts"  ? "playouts"
                       : a.engine == "net" ? "expansions"
                                           : "nodes",
                       a.work}};
  if (a.result) j["result"] = *a.result > 0 ? "win" : *a.result < 0 ? "loss" : "draw";
  return j;
}

nlohmann::json uttt_arena_json(const uttt::ArenaTally& t, const std::string& rules, double ms,
                               double first_ms, int openings, int opening_plies, std::uint64_t seed,
                               bool interrupted) {
  auto elo = [](double score) {
    const double e = uttt::elo_of_score(score);
    return std::isinf(e) ? nlohmann::json(nullptr) : nlohmann::json(std::round(e * 10) / 10);
  };
  auto by = [](const int* counts) {
    nlohmann::json j;
    for (auto e : {uttt::GameEnd::line, uttt::GameEnd::tie_break, uttt::GameEnd::late,
                   uttt::GameEnd::illegal, uttt::GameEnd::crashed})
      j[uttt::game_end_name(e)] = counts[static_cast<int>(e)];
    return j;
  };
  const auto s = t.score_interval();
  auto round4 = [](double x) { return std::round(x * 1e4) / 1e4; };
  nlohmann::json j = {{"rules", rules},
                      {"ms", ms},
                      {"first_ms", first_ms},
                      {"games", t.games},
                      {"wins", t.wins},
                      {"draws", t.draws},
                      {"losses", t.losses},
                      {"score", round4(t.score())},
                      {"score_interval", {round4(s.low), round4(s.high)}},
                      {"elo", elo(t.score())},
                      {"elo_interval", {elo(s.low), elo(s.high)}},
                      {"wins_by", by(t.wins_by)},
                      {"losses_by", by(t.losses_by)},
                      {"games_as_x", t.games_as_x},
                      {"wins_as_x", t.wins_as_x},
                      {"interrupted", interrupted}};
  if (openings > 0) j["openings"] = {{"count", openings}, {"plies", opening_plies}, {"seed", seed}};
  return j;
}

nlohmann::json uttt_solve_json(const uttt::Board& b, const uttt::SolveResult& r,
                               const std::string& proof_file, const std::string& checkpoint) {
  nlohmann::json j = {{"result", r.result},
                      {"to_move", uttt_player_name(r.to_move)},
                      {"rules", uttt::rules_name(b.rules())},
                      {"nodes", r.nodes},
                      {"seconds", r.seconds},
                      {"proof_size", r.proof_size},
                      {"resumed", r.resumed}};
  j["first_move"] =
      r.has_move ? nlohmann::json(uttt::cell_name(r.first_move)) : nlohmann::json(nullptr);
  if (!proof_file.empty() && !r.proof.empty()) {
    j["proof_file"] = proof_file;
    j["proof_moves"] = r.proof_moves;
  }
  if (r.checkpoint_saved) j["checkpoint"] = checkpoint;
  return j;
}

}  // namespace grundy::report
