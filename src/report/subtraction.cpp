#include "report/subtraction.h"

namespace grundy::report {

nlohmann::json subtraction_table_json(const subtraction::Table& t,
                                      const subtraction::SubtractionSet& s, Rule rule) {
  return {{"game", "subtraction"},
          {"set", s.to_string()},
          {"rule", rule == Rule::misere ? "misere" : "normal"},
          {"values", t.values},
          {"preperiod", t.period ? nlohmann::json(t.period->preperiod) : nlohmann::json(nullptr)},
          {"period", t.period ? nlohmann::json(t.period->period) : nlohmann::json(nullptr)},
          {"certified", t.certified}};
}

nlohmann::json subtraction_position_json(const subtraction::Position& p,
                                         const subtraction::SubtractionSet& s, Rule rule) {
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : p.winning_moves) moves.push_back({{"take", m.take}, {"to", m.to}});
  return {{"game", "subtraction"},
          {"set", s.to_string()},
          {"rule", rule == Rule::misere ? "misere" : "normal"},
          {"n", p.n},
          {"value", p.value},
          {"winner", to_string(p.winner)},
          {"winning_moves", moves},
          {"from_period", p.from_period}};
}

}  // namespace grundy::report
