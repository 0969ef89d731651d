#include "grundy/games/hackenbush/explain.h"

#include "grundy/games/hackenbush/green.h"

namespace grundy::hackenbush {

Explanation explain_green(const Graph& g) {
  const Decomposition d = decompose(g);
  Explanation x;
  x.value = d.value[0];
  for (std::size_t i = 0; i < g.edge_count(); ++i) x.fallen_edges += !d.live[i];
  const std::size_t pieces = d.piece_count();

  std::vector<std::vector<std::uint64_t>> members(pieces);
  for (const std::uint32_t v : d.preorder) members[d.piece[v]].push_back(g.label(v));
  for (std::size_t c = 0; c < pieces; ++c) {
    const bool true_loops_only = members[c].size() == 1;
    if (d.loops[c] == 0 || true_loops_only) continue;  // nothing to fuse
    x.fusions.push_back(FuseStep{members[c], d.loops[c]});
  }

  std::vector<std::vector<std::uint64_t>> branches(pieces);
  for (std::size_t c = pieces; c-- > 0;) {
    if (d.parent[c] != kNone) branches[d.parent[c]].push_back(d.value[c] + 1);
  }
  for (std::size_t c = pieces; c-- > 0;) {
    if (branches[c].empty() && d.loops[c] == 0 && c != 0) continue;
    x.collapses.push_back(CollapseStep{g.label(d.root[c]), branches[c], d.loops[c], d.value[c]});
  }
  return x;
}

}  // namespace grundy::hackenbush
