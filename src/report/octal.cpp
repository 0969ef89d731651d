#include "report/octal.h"

#include <fmt/core.h>

#include "grundy/games/octal/summary.h"

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

nlohmann::json octal_period_json(const std::optional<oct::PeriodProof>& p) {
  return {{"preperiod", p ? nlohmann::json(p->period.preperiod) : nullptr},
          {"period", p ? nlohmann::json(p->period.period) : nullptr},
          {"certified", p.has_value()},
          {"proof", proof_json(p)}};
}

nlohmann::json octal_table_json_head(const oct::OctalCode& code, const oct::Table& t, Rule rule) {
  nlohmann::json j = octal_period_json(t.proof);
  j.update({{"game", code.is_grundy() ? "grundy" : "octal"},
            {"code", code.to_string()},
            {"rule", rule == Rule::misere ? "misere" : "normal"},
            {"values", nlohmann::json::array()}});
  return j;
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

std::string octal_proof_text(const oct::PeriodProof& p) {
  const auto e = p.checked.preperiod, per = p.checked.period;
  const auto e1 = std::max<std::uint64_t>(e, 1);
  const std::string bound =
      p.heaps == 2 ? fmt::format("2*{} + {} + {}", e1, per, p.t)
                   : fmt::format("{}*{} + {}*{} + {}", p.heaps, e1, p.heaps - 1, per, p.t);
  std::string text = fmt::format(
      "Period {} from n = {}: proven by the octal periodicity theorem. G(n + {}) = G(n) was "
      "checked for {} <= n <= {} = {} (t = {} is the last non-zero digit{}), which needed {} "
      "values; {} were computed.",
      p.period.period, p.period.preperiod, per, e, bound, p.checked_up_to, p.t,
      p.heaps == 2 ? "" : fmt::format("; a move may leave {} heaps", p.heaps), p.values_needed,
      p.values_computed);
  if (p.period != p.checked)
    text += fmt::format(
        " The least period and preperiod follow from one full period of the "
        "proven ({}, {}).",
        e, per);
  return text;
}

nlohmann::json octal_run_json(const oct::OctalCode& code, const std::string& out,
                              const std::string& summary, const oct::RunResult& r) {
  const oct::Summary& s = r.summary;
  return {{"game", code.is_grundy() ? "grundy" : "octal"},
          {"code", code.to_string()},
          {"out", out.empty() ? nlohmann::json(nullptr) : nlohmann::json(out)},
          {"summary", summary.empty() ? nlohmann::json(nullptr) : nlohmann::json(summary)},
          {"count", r.done},
          {"resumed_from", r.resumed_from},
          {"source", r.source},
          {"rare_positions", s.rare_count},
          {"max_value", s.largest},
          {"checksum", "crc32c:" + oct::checksum_text(s.checksum)}};
}

std::string octal_period_text(const oct::OctalCode& code, const oct::Table& t, Rule rule) {
  if (t.proof) return octal_proof_text(*t.proof);
  if (rule == Rule::misere)
    return "Misère values of single heaps only: they do not add up by xor, so they say nothing "
           "about sums of heaps.";
  if (code.is_grundy())
    return "Grundy's game has no known period; no periodicity theorem applies to it.";
  return fmt::format("No period proven within {} values{}.", t.proof_limit,
                     t.observed ? fmt::format(" (these values repeat with period {} from n = {}, "
                                              "which proves nothing)",
                                              t.observed->period, t.observed->preperiod)
                                : "");
}

}  // namespace grundy::report
