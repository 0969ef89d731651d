#include "grundy/games/dag/dag.h"

#include "absl/container/flat_hash_set.h"
#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/core/sum.h"
#include "grundy/core/text.h"

namespace grundy::dag {

std::uint32_t Graph::intern(std::string_view name) {
  const auto [it, inserted] =
      index_.try_emplace(std::string(name), static_cast<std::uint32_t>(names_.size()));
  if (inserted) {
    names_.emplace_back(name);
    out_.emplace_back();
  }
  return it->second;
}

std::uint32_t Graph::find(std::string_view name) const {
  const auto it = index_.find(std::string(name));
  if (it == index_.end())
    throw InputError("no vertex named '" + std::string(name) + "' in the graph");
  return it->second;
}

Graph Graph::parse(std::string_view text, std::string_view origin) {
  check_text(text, origin, kTextLimits);
  Graph g;
  absl::flat_hash_set<std::uint64_t> edges;  // (u, v) seen: an edge listed again is one move
  for_each_line_words(text, [&](std::size_t line_no, const std::vector<std::string_view>& words) {
    if (words.size() > 2)
      throw InputError(position_in(origin, line_no, text, words[2]) + ": a third word '" +
                       printable(words[2]) + "'; expected 'u v' (an edge) or 'u' (a vertex)");
    const std::uint32_t u = g.intern(words[0]);
    if (words.size() == 2) {
      const std::uint32_t v = g.intern(words[1]);
      if (edges.insert(std::uint64_t{u} << 32 | v).second) g.out_[u].push_back(v);
    }
  });
  if (g.size() == 0) throw InputError(std::string(origin) + " has no vertices");
  return g;
}

std::string Graph::to_text() const {
  std::string out;
  for (std::uint32_t u = 0; u < size(); ++u) {
    if (out_[u].empty()) out += names_[u] + "\n";
    for (const std::uint32_t v : out_[u]) out += names_[u] + " " + names_[v] + "\n";
  }
  return out;
}

std::vector<std::uint32_t> grundy_values(const Graph& g, Rule rule) {
  Solver<Graph> solver(g, rule);
  std::vector<std::uint32_t> values(g.size());
  for (std::uint32_t v = 0; v < g.size(); ++v) values[v] = solver.value(v);
  return values;
}

Analysis analyze(const Graph& g, const std::vector<std::uint32_t>& tokens, Rule rule) {
  if (rule == Rule::misere && tokens.size() != 1)
    throw InputError(
        "misère play of a sum of several tokens is not covered yet (its outcome does not follow "
        "from the tokens' values); give one token, or use normal play");
  Solver<Graph> solver(g, rule);
  const auto sum = analyze_sum(solver, std::span<const std::uint32_t>(tokens));
  Analysis a;
  a.tokens = tokens;
  a.token_values = sum.component_values;
  a.value = sum.value;
  a.winner = sum.winner;
  for (const auto& m : sum.winning_moves)
    a.winning_moves.push_back({m.component, tokens[m.component], m.to});
  return a;
}

}  // namespace grundy::dag
