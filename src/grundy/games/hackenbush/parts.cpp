#include "grundy/games/hackenbush/parts.h"

#include <numeric>
#include <string>

#include "grundy/core/error.h"

namespace grundy::hackenbush {

bool Part::has(Colour c) const {
  for (const Edge& e : local)
    if (e.colour == c) return true;
  return false;
}

std::vector<Part> split_parts(const Graph& g, const std::vector<std::uint8_t>& live) {
  const std::uint32_t n = g.vertex_count();
  std::vector<std::uint32_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0u);
  auto find = [&](std::uint32_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (std::size_t i = 0; i < g.edge_count(); ++i) {
    const Edge& e = g.edge(i);
    if (live[i] && e.u != 0 && e.v != 0) parent[find(e.u)] = find(e.v);
  }
  // Every vertex but the ground belongs to one part: flat arrays, not maps, number them.
  constexpr std::uint32_t kNoPart = ~std::uint32_t{0};
  std::vector<Part> parts;
  std::vector<std::uint32_t> part_of_root(n, kNoPart), local_id(n, kNoPart);
  for (std::uint32_t i = 0; i < g.edge_count(); ++i) {
    if (!live[i]) continue;
    const Edge& e = g.edge(i);
    std::size_t pi;
    if (e.u == 0 && e.v == 0) {  // a loop on the ground stands alone
      pi = parts.size();
      parts.emplace_back();
    } else {
      const std::uint32_t r = find(e.u != 0 ? e.u : e.v);
      if (part_of_root[r] == kNoPart) {
        part_of_root[r] = static_cast<std::uint32_t>(parts.size());
        parts.emplace_back();
      }
      pi = part_of_root[r];
    }
    Part& p = parts[pi];
    auto local = [&](std::uint32_t v) -> std::uint32_t {
      if (v == 0) return 0;
      if (local_id[v] == kNoPart) local_id[v] = p.vertices++;
      return local_id[v];
    };
    p.edges.push_back(i);
    const std::uint32_t lu = local(e.u), lv = local(e.v);
    p.local.push_back(Edge{lu, lv, e.colour});
  }
  return parts;
}

Part whole_graph_part(const Graph& g) {
  Part p;
  p.vertices = g.vertex_count();
  for (std::uint32_t i = 0; i < g.edge_count(); ++i) {
    p.edges.push_back(i);
    p.local.push_back(g.edge(i));
  }
  return p;
}

// Flat arrays (at most two edges per vertex), so that big parts that are not stalks are
// recognised quickly.
std::vector<std::size_t> stalk_order(const Part& p) {
  const std::size_t m = p.local.size();
  std::vector<std::uint8_t> degree(p.vertices, 0);
  std::vector<std::size_t> at(2 * std::size_t{p.vertices}, m);
  for (std::size_t i = 0; i < m; ++i) {
    const Edge& e = p.local[i];
    if (e.u == e.v) return {};
    for (const std::uint32_t v : {e.u, e.v}) {
      if (degree[v] == (v == 0 ? 1 : 2)) return {};
      at[2 * v + degree[v]++] = i;
    }
  }
  std::vector<std::size_t> order;
  std::uint32_t v = 0;
  std::size_t prev = m;
  while (true) {
    const std::size_t next = at[2 * v] != prev ? at[2 * v] : at[2 * v + 1];
    if (next == m) break;
    order.push_back(next);
    const Edge& e = p.local[next];
    v = e.u == v ? e.v : e.u;
    prev = next;
  }
  if (order.size() != m) return {};
  return order;
}

PartMasks::PartMasks(const Part& p) : p_(p) {
  if (p.local.size() > kMaxEdges || p.vertices > 64)
    throw LimitError(
        "exhaustive search handles parts of at most 64 edges and 64 vertices (the "
        "ground included); this part has " +
        std::to_string(p.local.size()) + " edges and " + std::to_string(p.vertices) + " vertices");
}

PartMasks::Mask PartMasks::full() const {
  const std::size_t m = p_.local.size();
  return prune(m == 64 ? ~Mask{0} : (Mask{1} << m) - 1);
}

PartMasks::Mask PartMasks::prune(Mask mask) const {
  std::uint64_t reached = 1;  // bit per local vertex
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t i = 0; i < p_.local.size(); ++i) {
      if (!(mask >> i & 1)) continue;
      const Edge& e = p_.local[i];
      const bool a = reached >> e.u & 1, b = reached >> e.v & 1;
      if (a != b) reached |= (std::uint64_t{1} << e.u) | (std::uint64_t{1} << e.v), grew = true;
    }
  }
  Mask live = 0;
  for (std::size_t i = 0; i < p_.local.size(); ++i)
    if ((mask >> i & 1) && (reached >> p_.local[i].u & 1)) live |= Mask{1} << i;
  return live;
}

}  // namespace grundy::hackenbush
