#include "grundy/games/hackenbush/blue_red.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "absl/container/flat_hash_map.h"
#include "grundy/core/error.h"
#include "grundy/games/hackenbush/green.h"

namespace grundy::hackenbush {
namespace {

int sign(Colour c) {
  if (c == Colour::green)
    throw InputError("a stalk with a green edge is not a blue-red stalk (its value is no number)");
  return c == Colour::blue ? 1 : -1;
}

// The values of every prefix of a stalk: prefix[i] = the stalk of its first i edges.
std::vector<Dyadic> stalk_prefix_values(std::span<const Colour> s) {
  std::vector<Dyadic> prefix{Dyadic{}};
  Dyadic v;
  std::size_t run = 0;
  while (run < s.size() && s[run] == s[0]) {
    v = v + Dyadic::integer(sign(s[run]));
    ++run;
    prefix.push_back(v);
  }
  for (std::size_t i = run; i < s.size(); ++i) {
    v = v + Dyadic::make(sign(s[i]), static_cast<std::uint32_t>(i - run + 1));
    prefix.push_back(v);
  }
  return prefix;
}

// One part of the position as a small graph: local vertices (0 = ground) and edges.
struct Part {
  std::vector<std::uint32_t> edges;  // global edge indices
  std::vector<Edge> local;           // the same edges with local vertex numbers
  std::uint32_t vertices = 1;
};

class Search {
 public:
  explicit Search(const Part& p) : p_(p) {
    if (p.local.size() > kMaxSearchEdges)
      throw LimitError("a part of the position with " + std::to_string(p.local.size()) +
                       " edges that is not a stalk: exhaustive search is limited to " +
                       std::to_string(kMaxSearchEdges) +
                       " edges per part (blue-red Hackenbush is NP-hard on general graphs)");
  }

  std::uint32_t full() const { return prune((std::uint32_t{1} << p_.local.size()) - 1); }

  std::uint32_t prune(std::uint32_t mask) const {
    std::uint32_t reached = 1;  // bit per local vertex
    for (bool grew = true; grew;) {
      grew = false;
      for (std::size_t i = 0; i < p_.local.size(); ++i) {
        if (!(mask >> i & 1)) continue;
        const Edge& e = p_.local[i];
        const bool a = reached >> e.u & 1, b = reached >> e.v & 1;
        if (a != b) reached |= (std::uint32_t{1} << e.u) | (std::uint32_t{1} << e.v), grew = true;
      }
    }
    std::uint32_t live = 0;
    for (std::size_t i = 0; i < p_.local.size(); ++i)
      if ((mask >> i & 1) && (reached >> p_.local[i].u & 1)) live |= std::uint32_t{1} << i;
    return live;
  }

  std::uint32_t cut(std::uint32_t mask, std::size_t i) const {
    return prune(mask & ~(std::uint32_t{1} << i));
  }

  // Depth of recursion is at most the number of edges (kMaxSearchEdges).
  Dyadic value(std::uint32_t mask) {
    if (auto it = memo_.find(mask); it != memo_.end()) return it->second;
    bool has_left = false, has_right = false;
    Dyadic best_left, best_right;
    for (std::size_t i = 0; i < p_.local.size(); ++i) {
      if (!(mask >> i & 1)) continue;
      const Colour c = p_.local[i].colour;
      const Dyadic o = value(cut(mask, i));
      if (c == Colour::blue) {
        if (!has_left || best_left < o) best_left = o;
        has_left = true;
      } else {
        if (!has_right || o < best_right) best_right = o;
        has_right = true;
      }
    }
    if (has_left && has_right && !(best_left < best_right))
      throw std::logic_error("blue-red position that is not a number");
    const Dyadic v =
        simplest_between(has_left ? &best_left : nullptr, has_right ? &best_right : nullptr);
    memo_.emplace(mask, v);
    return v;
  }

 private:
  const Part& p_;
  absl::flat_hash_map<std::uint32_t, Dyadic> memo_;
};

// The edges of a part in order from the ground if it is a stalk (a path, no loops); else empty.
std::vector<std::size_t> stalk_order(const Part& p) {
  const std::size_t m = p.local.size();
  std::vector<std::vector<std::size_t>> at(p.vertices);
  for (std::size_t i = 0; i < m; ++i) {
    const Edge& e = p.local[i];
    if (e.u == e.v) return {};
    at[e.u].push_back(i);
    at[e.v].push_back(i);
  }
  if (at[0].size() != 1) return {};
  for (std::uint32_t v = 1; v < p.vertices; ++v)
    if (at[v].size() > 2) return {};
  std::vector<std::size_t> order;
  std::uint32_t v = 0;
  std::size_t prev = m;
  while (true) {
    std::size_t next = m;
    for (const std::size_t i : at[v])
      if (i != prev) next = i;
    if (next == m) break;
    order.push_back(next);
    const Edge& e = p.local[next];
    v = e.u == v ? e.v : e.u;
    prev = next;
  }
  if (order.size() != m) return {};
  return order;
}

}  // namespace

Dyadic stalk_value(std::span<const Colour> from_ground) {
  return stalk_prefix_values(from_ground).back();
}

BlueRedAnalysis analyze_blue_red(const Graph& g) {
  const Decomposition d = decompose(g);
  const std::uint32_t n = g.vertex_count();
  // Parts: components of the standing graph without the ground vertex.
  std::vector<std::uint32_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0u);
  auto find = [&](std::uint32_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (std::size_t i = 0; i < g.edge_count(); ++i) {
    const Edge& e = g.edge(i);
    if (!d.live[i]) continue;
    if (e.colour == Colour::green)
      throw InputError("edge " + std::to_string(i) + " (" + std::to_string(g.label(e.u)) + "-" +
                       std::to_string(g.label(e.v)) +
                       ") is green: positions mixing green with blue and red edges are not "
                       "supported (their values are not numbers)");
    if (e.u != 0 && e.v != 0) parent[find(e.u)] = find(e.v);
  }
  std::vector<Part> parts;
  absl::flat_hash_map<std::uint32_t, std::size_t> part_of_root;
  std::vector<absl::flat_hash_map<std::uint32_t, std::uint32_t>> local_ids;
  for (std::uint32_t i = 0; i < g.edge_count(); ++i) {
    if (!d.live[i]) continue;
    const Edge& e = g.edge(i);
    std::size_t pi;
    if (e.u == 0 && e.v == 0) {  // a loop on the ground stands alone
      pi = parts.size();
      parts.emplace_back();
      local_ids.emplace_back();
    } else {
      const std::uint32_t r = find(e.u != 0 ? e.u : e.v);
      auto [it, inserted] = part_of_root.try_emplace(r, parts.size());
      if (inserted) {
        parts.emplace_back();
        local_ids.emplace_back();
      }
      pi = it->second;
    }
    Part& p = parts[pi];
    auto local = [&](std::uint32_t v) -> std::uint32_t {
      if (v == 0) return 0;
      auto [it, inserted] = local_ids[pi].try_emplace(v, p.vertices);
      if (inserted) ++p.vertices;
      return it->second;
    };
    p.edges.push_back(i);
    const std::uint32_t lu = local(e.u), lv = local(e.v);
    p.local.push_back(Edge{lu, lv, e.colour});
  }

  BlueRedAnalysis a;
  a.parts = parts.size();
  // Per part: its value and, per edge of it, the part's value after that cut.
  std::vector<Dyadic> part_value(parts.size());
  std::vector<std::vector<Dyadic>> after_cut(parts.size());
  for (std::size_t pi = 0; pi < parts.size(); ++pi) {
    const Part& p = parts[pi];
    const auto order = stalk_order(p);
    after_cut[pi].resize(p.local.size());
    if (!order.empty()) {
      std::vector<Colour> colours;
      for (const std::size_t i : order) colours.push_back(p.local[i].colour);
      const auto prefix = stalk_prefix_values(colours);
      part_value[pi] = prefix.back();
      for (std::size_t k = 0; k < order.size(); ++k) after_cut[pi][order[k]] = prefix[k];
    } else {
      ++a.searched_parts;
      Search s(p);
      const std::uint32_t full = s.full();
      part_value[pi] = s.value(full);
      for (std::size_t i = 0; i < p.local.size(); ++i) after_cut[pi][i] = s.value(s.cut(full, i));
    }
    a.value = a.value + part_value[pi];
  }
  for (std::size_t pi = 0; pi < parts.size(); ++pi) {
    for (std::size_t i = 0; i < parts[pi].local.size(); ++i) {
      const Dyadic left = a.value - part_value[pi] + after_cut[pi][i];
      const std::uint32_t edge = parts[pi].edges[i];
      if (g.edge(edge).colour == Colour::blue) {
        if (left >= Dyadic{}) a.blue_wins.push_back(edge);
      } else if (left <= Dyadic{}) {
        a.red_wins.push_back(edge);
      }
    }
  }
  std::sort(a.blue_wins.begin(), a.blue_wins.end());
  std::sort(a.red_wins.begin(), a.red_wins.end());
  return a;
}

Dyadic blue_red_by_search(const Graph& g) {
  Part p;
  p.vertices = g.vertex_count();
  for (std::uint32_t i = 0; i < g.edge_count(); ++i) {
    if (g.edge(i).colour == Colour::green) throw InputError("green edge in a blue-red search");
    p.edges.push_back(i);
    p.local.push_back(g.edge(i));
  }
  if (p.vertices > 32) throw LimitError("search limited to 32 vertices");
  Search s(p);
  return s.value(s.full());
}

}  // namespace grundy::hackenbush
