#include "report/misere.h"

#include <fmt/core.h>

namespace grundy::report {

namespace oct = grundy::octal;
namespace q = grundy::quotient;

std::string quotient_status(const oct::MisereQuotient& m) {
  return m.proven() ? "proven" : fmt::format("observed to {}", m.last_heap());
}

std::string quotient_argument(const oct::MisereQuotient& m) {
  if (const auto& s = m.run.proof) {
    const auto e = s->period.preperiod, p = s->period.period;
    const auto e1 = std::max<std::uint64_t>(e, 1);
    return fmt::format(
        "phi(n + {}) = phi(n) for {} <= n <= {}, and the quotient of heaps 0..{} is valid and "
        "reduced; the argument needs heaps up to {}*({} + {}) + {} - 1 = {} (t = {}: a move "
        "removes at most {} token{}; it leaves at most {} heap{}). Every heap above {} then has "
        "the "
        "same option elements as the heap {} below it, so it adds no new case to the check: the "
        "quotient holds for every heap and phi is periodic with period {} from heap {}.",
        p, e, m.last_heap() - p, m.last_heap(), s->h, e1, p, s->t, s->needed, s->t, s->t,
        s->t == 1 ? "" : "s", s->h, s->h == 1 ? "" : "s", m.last_heap(), p, p, e);
  }
  std::string why = fmt::format("computed for heaps 0..{} only", m.last_heap());
  if (!m.run.stopped.empty()) why += fmt::format(" (stopped: {})", m.run.stopped);
  if (!m.finite_rules)
    return why +
           "; no stabilisation argument applies to Grundy's game (a split may remove "
           "nothing and leave parts of any size), so nothing is proven beyond those heaps.";
  return why +
         "; phi shows no period long enough for the stabilisation argument there, so "
         "nothing is proven beyond those heaps.";
}

namespace {

nlohmann::json stabilised_json(const oct::MisereQuotient& m) {
  if (!m.run.proof) return nullptr;
  const auto& s = *m.run.proof;
  return {{"from", s.period.preperiod},
          {"period", s.period.period},
          {"heaps_needed", s.needed},
          {"t", s.t},
          {"heaps_per_move", s.h}};
}

nlohmann::json words(const q::Presentation& pr, const std::vector<q::Element>& xs) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto x : xs) out.push_back(pr.element(x));
  return out;
}

}  // namespace

nlohmann::json misere_quotient_json(const oct::OctalCode& code, const oct::MisereQuotient& m,
                                    bool table) {
  const q::Presentation& pr = m.presentation;
  const q::BipartiteMonoid& monoid = m.run.quotient.monoid;
  std::vector<q::Element> p_portion;
  for (const auto x : pr.by_normal_form)
    if (monoid.is_p(x)) p_portion.push_back(x);
  nlohmann::json generators = nlohmann::json::array();
  for (std::size_t i = 0; i < pr.names.size(); ++i)
    generators.push_back({{"name", pr.names[i]}, {"heap", pr.generator_heap[i]}});
  nlohmann::json relations = nlohmann::json::array();
  for (const auto& r : pr.relations)
    relations.push_back(pr.word(r.left) + " = " + pr.word(r.right));
  nlohmann::json tame_genus = nullptr;
  if (m.tame) {
    tame_genus = nlohmann::json::array();
    for (std::uint32_t n = 0; n <= m.last_heap(); ++n) tame_genus.push_back(oct::tame_genus(m, n));
  }
  nlohmann::json j = {
      {"game", code.is_grundy() ? "grundy" : "octal"},
      {"code", code.to_string()},
      {"rule", "misere"},
      {"order", monoid.order()},
      {"p_portion", words(pr, p_portion)},
      {"generators", generators},
      {"relations", relations},
      {"elements", words(pr, pr.by_normal_form)},
      {"phi", words(pr, m.run.phi)},
      {"tame", m.tame.has_value()},
      {"tame_quotient", m.tame ? nlohmann::json("T" + std::to_string(*m.tame)) : nullptr},
      {"tame_genus", tame_genus},
      {"expansions", m.run.expansions},
      {"computed_to", m.last_heap()},
      {"status", quotient_status(m)},
      {"stabilised", stabilised_json(m)},
      {"argument", quotient_argument(m)},
      {"stopped", m.run.stopped.empty() ? nlohmann::json(nullptr) : nlohmann::json(m.run.stopped)}};
  if (table) {
    const q::Multiplier mult(monoid);
    nlohmann::json rows = nlohmann::json::array();
    for (const auto x : pr.by_normal_form) {
      nlohmann::json row = nlohmann::json::array();
      for (const auto y : pr.by_normal_form) row.push_back(pr.element(mult.times(x, y)));
      rows.push_back(std::move(row));
    }
    j["table"] = std::move(rows);
  }
  return j;
}

nlohmann::json misere_genus_json(const oct::OctalCode& code,
                                 const std::vector<oct::Genus>& genera) {
  nlohmann::json genus = nlohmann::json::array(), misere = nlohmann::json::array(),
                 normal = nlohmann::json::array();
  for (const auto& g : genera) {
    genus.push_back(oct::genus_text(g));
    misere.push_back(g.misere_value());
    normal.push_back(g.normal);
  }
  return {{"game", code.is_grundy() ? "grundy" : "octal"},
          {"code", code.to_string()},
          {"genus", genus},
          {"misere_values", misere},
          {"normal_values", normal}};
}

nlohmann::json octal_sum_json(const oct::OctalCode& code, const oct::SumAnalysis& s,
                              const oct::MisereQuotient* m) {
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& mv : s.winning_moves) {
    nlohmann::json to = nlohmann::json::array();
    for (const auto part : {mv.move.a, mv.move.b, mv.move.c})
      if (part > 0) to.push_back(part);
    moves.push_back({{"heap", mv.heap}, {"from", mv.from}, {"take", mv.move.take}, {"to", to}});
  }
  nlohmann::json j = {{"game", code.is_grundy() ? "grundy" : "octal"},
                      {"code", code.to_string()},
                      {"rule", s.rule == Rule::misere ? "misere" : "normal"},
                      {"heaps", s.heaps}};
  if (s.rule == Rule::normal) {
    j["values"] = s.values;
    j["value"] = s.value;
  } else {
    std::vector<q::Element> elements = s.elements;
    j["elements"] = m ? words(m->presentation, elements) : nlohmann::json(elements);
    j["product"] =
        m ? nlohmann::json(m->presentation.element(s.product)) : nlohmann::json(s.product);
    j["in_p_portion"] = s.winner == Winner::second;
    j["quotient_order"] = m ? nlohmann::json(m->run.quotient.monoid.order()) : nullptr;
    j["quotient_status"] =
        m ? nlohmann::json(m->proven() ? std::string("proven")
                                       : "computed to " + std::to_string(m->last_heap()))
          : nullptr;
  }
  j["winner"] = to_string(s.winner);
  j["winning_moves"] = std::move(moves);
  j["winning_moves_total"] =
      s.winning_moves_counted ? nlohmann::json(s.winning_moves_total) : nlohmann::json(nullptr);
  j["winning_moves_complete"] = s.winning_moves_complete;
  j["families"] =
      s.families ? nlohmann::json({{"from", s.families->preperiod}, {"period", s.families->period}})
                 : nlohmann::json(nullptr);
  j["from_period"] = s.from_period;
  return j;
}

}  // namespace grundy::report
