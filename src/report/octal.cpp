#include "report/octal.h"

#include <fmt/core.h>

namespace grundy::report {

namespace oct = grundy::octal;

namespace {

nlohmann::json proof_json(const std::optional<oct::PeriodProof>& p) {
  if (!p) return nullptr;
  return {{"checked_preperiod", p->checked.preperiod},
          {"checked_period", p->checked.period},
          {"t", p->t},
          {"heaps", p->heaps},
          {"inequality", fmt::format("G(n+{}) = G(n) for {} <= n <= {}", p->checked.period,
                                     p->checked.preperiod, p->checked_up_to)},
          {"values_needed", p->values_needed},
          {"values_computed", p->values_computed}};
}

}  // namespace

nlohmann::json octal_table_json_head(const oct::OctalCode& code, const oct::Table& t, Rule rule) {
  return {{"game", code.is_grundy() ? "grundy" : "octal"},
          {"code", code.to_string()},
          {"rule", rule == Rule::misere ? "misere" : "normal"},
          {"values", nlohmann::json::array()},
          {"preperiod", t.proof ? nlohmann::json(t.proof->period.preperiod) : nullptr},
          {"period", t.proof ? nlohmann::json(t.proof->period.period) : nullptr},
          {"certified", t.proof.has_value()},
          {"proof", proof_json(t.proof)}};
}

nlohmann::json octal_table_json(const oct::OctalCode& code, const oct::Table& t, Rule rule) {
  auto j = octal_table_json_head(code, t, rule);
  auto& values = j["values"];
  for (std::uint64_t n = 0; n < t.count; ++n) values.push_back(t.value(n));
  return j;
}

nlohmann::json octal_heap_json(const oct::OctalCode& code, const oct::HeapAnalysis& h, Rule rule) {
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : h.winning_moves) {
    nlohmann::json left = nlohmann::json::array();
    if (m.a > 0) left.push_back(m.a);
    if (m.b > 0) left.push_back(m.b);
    if (m.c > 0) left.push_back(m.c);
    moves.push_back({{"take", m.take}, {"leaves", left}});
  }
  return {{"game", code.is_grundy() ? "grundy" : "octal"},
          {"code", code.to_string()},
          {"rule", rule == Rule::normal ? "normal" : "misere"},
          {"n", h.n},
          {"value", h.value},
          {"winner", to_string(h.winner)},
          {"winning_moves", moves},
          {"winning_moves_total", h.winning_moves_total},
          {"winning_moves_complete", h.winning_moves_complete},
          {"from_period", h.from_period},
          {"certified", h.proof.has_value()},
          {"preperiod", h.proof ? nlohmann::json(h.proof->period.preperiod) : nullptr},
          {"period", h.proof ? nlohmann::json(h.proof->period.period) : nullptr}};
}

}  // namespace grundy::report
