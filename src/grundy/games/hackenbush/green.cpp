#include "grundy/games/hackenbush/green.h"

#include <algorithm>

#include "grundy/games/hackenbush/cuts.h"

namespace grundy::hackenbush {

std::uint32_t Decomposition::dfs_parent(const Graph& g, std::uint32_t v) const {
  const Edge& e = g.edge(parent_edge[v]);
  return e.u == v ? e.v : e.u;
}

Decomposition decompose(const Graph& g, const std::vector<std::uint64_t>& weights,
                        std::uint32_t skip) {
  const std::uint32_t n = g.vertex_count();
  const std::size_t m = g.edge_count();
  Decomposition d;

  // Adjacency in compressed rows; loops never matter to connectivity, so they are left out.
  std::vector<std::uint32_t> start(n + 1, 0);
  for (std::uint32_t i = 0; i < m; ++i) {
    const Edge& e = g.edge(i);
    if (e.u != e.v && i != skip) ++start[e.u + 1], ++start[e.v + 1];
  }
  for (std::uint32_t v = 0; v < n; ++v) start[v + 1] += start[v];
  std::vector<std::uint32_t> adj(start[n]);
  {
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (std::uint32_t i = 0; i < m; ++i) {
      const Edge& e = g.edge(i);
      if (e.u == e.v || i == skip) continue;
      adj[fill[e.u]++] = i;
      adj[fill[e.v]++] = i;
    }
  }

  d.piece.assign(n, kNone);
  d.parent_edge.assign(n, kNone);
  d.depth.assign(n, 0);
  d.enter.assign(n, kNone);
  d.leave.assign(n, 0);
  d.live.assign(m, 0);
  d.bridge.assign(m, 0);
  std::vector<std::uint32_t> low(n, 0);

  // Iterative DFS: an explicit stack of (vertex, next adjacency slot), so a path of millions of
  // edges does not overflow the call stack. A true DFS, so every non-tree edge joins a vertex to
  // one of its ancestors (the winning-cut method relies on it).
  struct Frame {
    std::uint32_t v, next;
  };
  std::vector<Frame> stack;
  std::uint32_t timer = 0;
  d.enter[0] = low[0] = timer++;
  d.preorder.push_back(0);
  stack.push_back({0, start[0]});
  while (!stack.empty()) {
    Frame& f = stack.back();
    const std::uint32_t v = f.v;
    if (f.next < start[v + 1]) {
      const std::uint32_t ei = adj[f.next++];
      if (ei == d.parent_edge[v]) continue;
      const Edge& e = g.edge(ei);
      const std::uint32_t w = e.u == v ? e.v : e.u;
      if (d.enter[w] == kNone) {
        d.parent_edge[w] = ei;
        d.depth[w] = d.depth[v] + 1;
        d.enter[w] = low[w] = timer++;
        d.preorder.push_back(w);
        stack.push_back({w, start[w]});  // invalidates f
      } else {
        low[v] = std::min(low[v], d.enter[w]);
      }
      continue;
    }
    d.leave[v] = timer;
    stack.pop_back();
    if (!stack.empty()) {
      const std::uint32_t p = stack.back().v;
      low[p] = std::min(low[p], low[v]);
      if (low[v] > d.enter[p]) d.bridge[d.parent_edge[v]] = 1;
    }
  }

  for (std::uint32_t i = 0; i < m; ++i) d.live[i] = i != skip && d.enter[g.edge(i).u] != kNone;

  // Pieces: a vertex starts a new piece when it is the ground or hangs by a bridge.
  for (const std::uint32_t v : d.preorder) {
    if (v == 0 || d.bridge[d.parent_edge[v]]) {
      const auto id = static_cast<std::uint32_t>(d.root.size());
      d.piece[v] = id;
      d.root.push_back(v);
      d.parent.push_back(v == 0 ? kNone : d.piece[d.dfs_parent(g, v)]);
      d.parent_bridge.push_back(v == 0 ? kNone : d.parent_edge[v]);
    } else {
      d.piece[v] = d.piece[d.dfs_parent(g, v)];
    }
  }
  const std::size_t pieces = d.root.size();
  d.loops.assign(pieces, 0);
  for (std::uint32_t i = 0; i < m; ++i)
    if (d.live[i] && !d.bridge[i]) ++d.loops[d.piece[g.edge(i).u]];

  // Colon principle, children before parents (pieces are numbered in DFS order).
  std::vector<std::uint64_t> above(pieces, 0);
  if (!weights.empty())
    for (const std::uint32_t v : d.preorder) above[d.piece[v]] ^= weights[v];
  d.value.assign(pieces, 0);
  for (std::size_t c = pieces; c-- > 0;) {
    d.value[c] = (d.loops[c] & 1u) ^ above[c];
    if (d.parent[c] != kNone) above[d.parent[c]] ^= d.value[c] + 1;
  }
  return d;
}

std::uint64_t green_value(const Graph& g) {
  return decompose(g).value[0];
}

GreenAnalysis analyze_green(const Graph& g) {
  const Decomposition d = decompose(g);
  GreenAnalysis a;
  a.value = d.value[0];
  a.winner = winner_from_value(a.value);
  a.live_edges = static_cast<std::size_t>(std::count(d.live.begin(), d.live.end(), 1));
  if (a.value != 0) a.winning_moves = winning_cuts(g, d);
  return a;
}

}  // namespace grundy::hackenbush
