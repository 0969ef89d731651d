#include "report/subtraction.h"

#include <fmt/core.h>

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

std::string subtraction_set_text(const subtraction::SubtractionSet& s) {
  switch (s.kind()) {
    case subtraction::SetKind::finite:
      return "S = {" + s.to_string() + "}";
    case subtraction::SetKind::squares:
      return "S = squares {1, 4, 9, 16, ...}";
    case subtraction::SetKind::powers:
      return fmt::format("S = powers of {} {{1, {}, {}, ...}}", s.base(), s.base(),
                         s.base() * s.base());
    case subtraction::SetKind::fibonacci:
      return "S = Fibonacci numbers {1, 2, 3, 5, 8, ...}";
    case subtraction::SetKind::all_but:
      return "S = every positive integer except {" + s.to_string().substr(7) + "}";
  }
  return s.to_string();
}

std::string subtraction_period_text(const subtraction::Table& t,
                                    const subtraction::SubtractionSet& s) {
  if (!t.period)
    return s.is_finite() ? "No period found within the search limit."
                         : "No period observed in these values (the set is infinite, so none is "
                           "proven either).";
  const Period p = *t.period;
  std::string text = fmt::format("Period {} from n = {}", p.period, p.preperiod);
  if (t.certified) {
    const auto& c = *t.certificate;
    text += fmt::format(
        ": proven. Each G(n) with n >= {} depends only on the {} values before it, and the {} "
        "values before n = {} recur before n = {}, so the sequence repeats from there forever; "
        "the least period and preperiod follow from one full period.",
        c.window, c.window, c.window, c.window_at, c.window_at + c.repeat);
  } else {
    text += fmt::format(": observed (repeating at least twice) in these {} values only, not proven",
                        t.values.size());
    text += s.is_finite() ? "." : " (the set is infinite, so no finite window certifies it).";
  }
  return text;
}

}  // namespace grundy::report
