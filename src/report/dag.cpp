#include "report/dag.h"

namespace grundy::report {

nlohmann::json dag_json(const dag::Graph& g, const std::vector<std::uint32_t>& values, Rule rule,
                        const std::vector<std::string>& start, const dag::Analysis& analysis) {
  nlohmann::json vals = nlohmann::json::object();
  for (std::uint32_t v = 0; v < g.size(); ++v) vals[g.name(v)] = values[v];
  nlohmann::json out = {
      {"game", "dag"}, {"rule", rule == Rule::misere ? "misere" : "normal"}, {"values", vals}};
  if (!start.empty()) {
    const auto& a = analysis;
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : a.winning_moves)
      moves.push_back({{"token", m.token}, {"from", g.name(m.from)}, {"to", g.name(m.to)}});
    out["start"] = start;
    out["value"] = a.value;
    out["winner"] = to_string(a.winner);
    out["winning_moves"] = moves;
  }
  return out;
}

}  // namespace grundy::report
