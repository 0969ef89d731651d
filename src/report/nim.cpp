#include "report/nim.h"

namespace grundy::report {
namespace {

std::string_view rule_name(Rule r) {
  return r == Rule::normal ? "normal" : "misere";
}

}  // namespace

nlohmann::json nim_json(const nim::Analysis& a, std::size_t heap_count) {
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : a.winning_moves)
    moves.push_back({{"heap", m.heap}, {"from", m.from}, {"to", m.to}});
  return {{"game", "nim"},         {"rule", rule_name(a.rule)}, {"heaps", heap_count},
          {"nim_sum", a.nim_sum},  {"value", a.value},          {"winner", to_string(a.winner)},
          {"winning_moves", moves}};
}

nlohmann::json nim_move_json(std::span<const std::uint64_t> heaps, Rule rule, Strength strength,
                             std::uint64_t seed, const nim::Take& t) {
  const std::uint64_t from = heaps[t.heap], to = from - t.take;
  bool emptied = to == 0;
  for (std::size_t i = 0; i < heaps.size() && emptied; ++i) emptied = i == t.heap || heaps[i] == 0;
  return {{"game", "nim"},
          {"rule", rule_name(rule)},
          {"engine", to_string(strength)},
          {"seed", seed},
          {"move", nim::move_name(t)},
          {"heap", t.heap},
          {"from", from},
          {"to", to},
          {"take", t.take},
          {"game_over", emptied}};
}

nlohmann::json nim_game_review_json(const nim::GameReview& review, std::size_t heap_count) {
  nlohmann::json moves = nlohmann::json::array();
  int mistakes[2] = {0, 0};
  for (const auto& m : review.moves) {
    nlohmann::json best = nlohmann::json::array();
    for (const auto& b : m.best) best.push_back(nim::move_name({b.heap, b.from - b.to}));
    mistakes[m.player] += m.mistake;
    moves.push_back({{"move", nim::move_name(m.move)},
                     {"player", m.player + 1},
                     {"value_before", m.value_before},
                     {"value_after", m.value_after},
                     {"best", best},
                     {"mistake", m.mistake}});
  }
  return {{"game", "nim"},
          {"rule", rule_name(review.rule)},
          {"heaps", heap_count},
          {"moves", moves},
          {"mistakes", {mistakes[0], mistakes[1]}}};
}

}  // namespace grundy::report
