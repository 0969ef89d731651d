#include "report/game_review.h"

#include <cmath>

#include "grundy/games/uttt/notation.h"
#include "report/dots.h"
#include "report/uttt.h"

namespace grundy::report {
namespace {

nlohmann::json optional_int(const std::optional<int>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

double rounded(double v) {
  return std::round(v * 1e4) / 1e4;
}

std::string result_word(const std::optional<int>& r) {
  return !r ? "" : *r > 0 ? "win" : *r < 0 ? "loss" : "draw";
}

}  // namespace

nlohmann::json dots_game_review_json(const dots::Board& board, const dots::GameReview& review) {
  nlohmann::json moves = nlohmann::json::array();
  int mistakes[2] = {0, 0}, lost[2] = {0, 0};
  for (const auto& m : review.moves) {
    const nlohmann::json gave = m.value_before && m.value_after
                                    ? nlohmann::json(*m.value_before - *m.value_after)
                                    : nlohmann::json(nullptr);
    if (m.mistake) {
      ++mistakes[m.player];
      lost[m.player] += *m.value_before - *m.value_after;
    }
    moves.push_back({{"move", board.line_name(m.line)},
                     {"player", m.player + 1},
                     {"captured", m.captured},
                     {"value_before", optional_int(m.value_before)},
                     {"value_after", optional_int(m.value_after)},
                     {"boxes_lost", gave},
                     {"best", m.value_before ? nlohmann::json(dots_line_names(board, m.best))
                                             : nlohmann::json(nullptr)},
                     {"mistake", m.mistake}});
  }
  return {{"game", "dots"},
          {"board", board.size_name()},
          {"moves", moves},
          {"positions", review.moves.size() + 1},
          {"solved", review.solved},
          {"mistakes", {mistakes[0], mistakes[1]}},
          {"boxes_lost", {lost[0], lost[1]}},
          {"nodes", review.nodes},
          {"seconds", review.seconds}};
}

nlohmann::json uttt_game_review_json(const uttt::GameReview& review) {
  nlohmann::json moves = nlohmann::json::array();
  int mistakes[2] = {0, 0};
  for (const auto& m : review.moves) {
    mistakes[m.player] += m.mistake;
    nlohmann::json j = {
        {"move", uttt::cell_name(m.move)},         {"player", uttt_player_name(m.player)},
        {"value_before", rounded(m.value_before)}, {"value_after", rounded(m.value_after)},
        {"best", uttt::cell_name(m.best)},         {"mistake", m.mistake}};
    if (m.result_before) j["result_before"] = result_word(m.result_before);
    if (m.result_after) j["result_after"] = result_word(m.result_after);
    moves.push_back(j);
  }
  return {{"game", "uttt"},
          {"rules", uttt::rules_name(review.rules)},
          {"moves", moves},
          {"engine", "mcts"},
          {"iterations", review.iterations},
          {"seed", review.seed},
          {"mistake_drop", uttt::kMistakeDrop},
          {"mistakes", {{"X", mistakes[0]}, {"O", mistakes[1]}}},
          {"playouts", review.playouts},
          {"seconds", review.seconds}};
}

}  // namespace grundy::report
