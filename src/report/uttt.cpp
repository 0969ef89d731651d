#include "report/uttt.h"

#include <cmath>
#include <string>

#include "grundy/games/uttt/notation.h"

namespace grundy::report {

const char* uttt_player_name(int player) {
  return player == 0 ? "X" : "O";
}

std::string uttt_nothing_to_analyse(const uttt::Board& b) {
  return b.winner() >= 0 ? std::string("the game is over (") + uttt_player_name(b.winner()) +
                               " has won): nothing to analyse"
                         : "the game is over (a draw): nothing to analyse";
}

nlohmann::json uttt_show_json(const uttt::Board& b, std::size_t moves) {
  nlohmann::json rows = nlohmann::json::array();
  for (int row = 0; row < 9; ++row) {
    std::string line;
    for (int column = 0; column < 9; ++column) {
      const int board = (row / 3) * 3 + column / 3, c = (row % 3) * 3 + column % 3;
      line += (b.cells(0, board) >> c) & 1 ? 'X' : (b.cells(1, board) >> c) & 1 ? 'O' : '.';
    }
    rows.push_back(line);
  }
  std::string owners;
  for (int board = 0; board < 9; ++board)
    owners += (b.owned(0) >> board) & 1           ? 'X'
              : (b.owned(1) >> board) & 1         ? 'O'
              : !((b.open_boards() >> board) & 1) ? '-'
                                                  : '.';
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

}  // namespace grundy::report
