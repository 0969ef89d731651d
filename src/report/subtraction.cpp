#include "report/subtraction.h"

namespace grundy::report {
namespace {

nlohmann::json head(const subtraction::SubtractionSet& s, Rule rule) {
  return {{"game", "subtraction"},
          {"set", s.to_string()},
          {"rule", rule == Rule::misere ? "misere" : "normal"}};
}

}  // namespace

nlohmann::json subtraction_table_head(const subtraction::Table& t,
                                      const subtraction::SubtractionSet& s, Rule rule) {
  nlohmann::json j = head(s, rule);
  j.update({{"preperiod", t.period ? nlohmann::json(t.period->preperiod) : nlohmann::json(nullptr)},
            {"period", t.period ? nlohmann::json(t.period->period) : nlohmann::json(nullptr)},
            {"certified", t.certified}});
  return j;
}

nlohmann::json subtraction_table_json(const subtraction::Table& t,
                                      const subtraction::SubtractionSet& s, Rule rule) {
  nlohmann::json j = subtraction_table_head(t, s, rule);
  nlohmann::json values = nlohmann::json::array();
  for (std::uint64_t n = 0; n < t.count; ++n) values.push_back(t.at(n));
  j["values"] = std::move(values);
  return j;
}

nlohmann::json subtraction_position_head(const subtraction::Position& p,
                                         const subtraction::SubtractionSet& s, Rule rule) {
  nlohmann::json j = head(s, rule);
  j.update({{"n", p.n},
            {"value", p.value},
            {"winner", to_string(p.winner)},
            {"from_period", p.from_period}});
  return j;
}

nlohmann::json subtraction_move_json(const subtraction::Move& m) {
  return {{"take", m.take}, {"to", m.to}};
}

nlohmann::json subtraction_position_json(const subtraction::Position& p,
                                         const subtraction::SubtractionSet& s, Rule rule) {
  nlohmann::json j = subtraction_position_head(p, s, rule);
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : p.winning_moves) moves.push_back(subtraction_move_json(m));
  j["winning_moves"] = std::move(moves);
  return j;
}

}  // namespace grundy::report
