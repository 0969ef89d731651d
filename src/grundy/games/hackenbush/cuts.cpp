#include "grundy/games/hackenbush/cuts.h"

#include <algorithm>
#include <span>
#include <tuple>

namespace grundy::hackenbush {
namespace {

// 128 bits, so that two different 2-edge-cut classes sharing a label is not a practical concern.
struct Label {
  std::uint64_t a = 0, b = 0;
  Label& operator^=(const Label& o) {
    a ^= o.a;
    b ^= o.b;
    return *this;
  }
  friend bool operator==(const Label&, const Label&) = default;
};

constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

class CutFinder {
 public:
  CutFinder(const Graph& g, const Decomposition& d) : g_(g), d_(d) {}

  std::vector<std::uint32_t> run() {
    compute_need();
    compute_subtree_sums();
    std::vector<std::uint32_t> grouped;  // non-bridge, non-loop live edges
    for (std::uint32_t i = 0; i < g_.edge_count(); ++i) {
      if (!d_.live[i]) continue;
      const Edge& e = g_.edge(i);
      const std::uint32_t c = d_.piece[e.u];
      if (d_.bridge[i]) {
        if (bridge_wins_[d_.piece[lower(i)]]) win_.push_back(i);
      } else if (e.u == e.v) {
        if (wins(c, d_.value[c] ^ 1)) win_.push_back(i);
      } else {
        grouped.push_back(i);
      }
    }
    std::sort(grouped.begin(), grouped.end(), [&](std::uint32_t x, std::uint32_t y) {
      return std::tie(label_[x].a, label_[x].b, x) < std::tie(label_[y].a, label_[y].b, y);
    });
    for (std::size_t i = 0; i < grouped.size();) {
      std::size_t j = i + 1;
      while (j < grouped.size() && label_[grouped[j]] == label_[grouped[i]]) ++j;
      handle_group({grouped.begin() + static_cast<std::ptrdiff_t>(i),
                    grouped.begin() + static_cast<std::ptrdiff_t>(j)});
      i = j;
    }
    std::sort(win_.begin(), win_.end());
    return win_;
  }

 private:
  // The endpoint whose DFS tree edge is `e` (kNone if e is not a tree edge).
  std::uint32_t lower(std::uint32_t e) const {
    const Edge& x = g_.edge(e);
    if (d_.parent_edge[x.u] == e) return x.u;
    if (d_.parent_edge[x.v] == e) return x.v;
    return kNone;
  }
  bool is_ancestor(std::uint32_t a, std::uint32_t b) const {
    return d_.enter[a] <= d_.enter[b] && d_.enter[b] < d_.leave[a];
  }
  bool wins(std::uint32_t piece, std::uint64_t new_value) const {
    return need_ok_[piece] && new_value == need_[piece];
  }

  // need[c]: the value piece c (with all above it) must take for the whole graph to be worth 0,
  // given that nothing outside it changes; need_ok false when no value works.
  void compute_need() {
    const std::size_t pieces = d_.piece_count();
    need_.assign(pieces, 0);
    need_ok_.assign(pieces, 0);
    bridge_wins_.assign(pieces, 0);
    need_ok_[0] = 1;
    for (std::size_t c = 1; c < pieces; ++c) {
      const std::uint32_t p = d_.parent[c];
      if (!need_ok_[p]) continue;
      // The parent's value without this branch, compared with what the parent needs.
      const std::uint64_t t = need_[p] ^ d_.value[p] ^ (d_.value[c] + 1);
      bridge_wins_[c] = t == 0;
      if (t != 0) {
        need_[c] = t - 1;
        need_ok_[c] = 1;
      }
    }
  }

  // Per vertex, sums over its DFS subtree within its piece: xor of the stalks hanging there
  // (pieces above it, as value + 1), degree in internal edges (loops twice), and the number of
  // back edges leaving the subtree upwards; over the whole DFS tree, xor labels.
  void compute_subtree_sums() {
    const std::uint32_t n = g_.vertex_count();
    const std::size_t m = g_.edge_count();
    weight_.assign(n, 0);
    degree_.assign(n, 0);
    up_.assign(n, 0);
    std::vector<Label> acc(n);
    label_.assign(m, Label{});
    for (std::size_t c = 1; c < d_.piece_count(); ++c)
      weight_[d_.dfs_parent(g_, d_.root[c])] ^= d_.value[c] + 1;
    for (std::uint32_t i = 0; i < m; ++i) {
      if (!d_.live[i] || d_.bridge[i]) continue;
      const Edge& e = g_.edge(i);
      degree_[e.u] += 1;
      degree_[e.v] += 1;
      if (e.u == e.v || lower(i) != kNone) continue;
      // A back edge: it joins a vertex to one of its ancestors.
      const std::uint32_t deep = d_.depth[e.u] > d_.depth[e.v] ? e.u : e.v;
      const std::uint32_t high = deep == e.u ? e.v : e.u;
      ++up_[deep];
      --up_[high];
      label_[i] = Label{splitmix64(i * 2 + 1), splitmix64(i * 2 + 2 + (std::uint64_t{1} << 40))};
      acc[deep] ^= label_[i];
      acc[high] ^= label_[i];
    }
    for (std::size_t k = d_.preorder.size(); k-- > 1;) {
      const std::uint32_t v = d_.preorder[k];
      const std::uint32_t p = d_.dfs_parent(g_, v);
      label_[d_.parent_edge[v]] = acc[v];
      acc[p] ^= acc[v];
      if (d_.root[d_.piece[v]] == v) continue;
      weight_[p] ^= weight_[v];
      degree_[p] += degree_[v];
      up_[p] += up_[v];
    }
  }

  void handle_group(std::span<const std::uint32_t> group) {
    const std::uint32_t c = d_.piece[g_.edge(group[0]).u];
    if (group.size() == 1) {
      // In no 2-edge cut: the piece stays 2-edge-connected and loses one loop.
      if (wins(c, d_.value[c] ^ 1)) win_.push_back(group[0]);
      return;
    }
    if (!need_ok_[c]) return;
    if (!necklace(group, c)) {
      // A label collision (never expected): re-evaluate each edge of the group exactly.
      for (const std::uint32_t e : group)
        if (decompose(g_, {}, e).value[0] == 0) win_.push_back(e);
    }
  }

  // Treats the group as one class of 2-edge cuts of piece c; false if its structure says it is
  // not one.
  bool necklace(std::span<const std::uint32_t> group, std::uint32_t c) {
    std::vector<std::uint32_t> tree;  // lower endpoints of the tree edges
    std::uint32_t back = kNone;
    for (const std::uint32_t e : group) {
      if (d_.piece[g_.edge(e).u] != c) return false;
      const std::uint32_t a = lower(e);
      if (a != kNone) {
        tree.push_back(a);
      } else {
        if (back != kNone) return false;  // two non-tree edges never form a 2-edge cut
        back = e;
      }
    }
    std::sort(tree.begin(), tree.end(),
              [&](std::uint32_t x, std::uint32_t y) { return d_.depth[x] < d_.depth[y]; });
    for (std::size_t i = 0; i + 1 < tree.size(); ++i)
      if (!is_ancestor(tree[i], tree[i + 1]) || tree[i] == tree[i + 1]) return false;
    const std::uint32_t top = tree.front(), bottom = tree.back();
    const std::uint32_t r = d_.root[c];
    const std::size_t t = tree.size();
    // Sub-pieces as (xor of stalks, degree sum); each has exactly two class edges leaving it.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> parts;
    parts.emplace_back(0, 0);  // 1-based
    std::vector<std::uint32_t> edges_in_order;
    if (back != kNone) {
      const Edge& b = g_.edge(back);
      const std::uint32_t deep = d_.depth[b.u] > d_.depth[b.v] ? b.u : b.v;
      const std::uint32_t high = deep == b.u ? b.v : b.u;
      if (!(is_ancestor(high, top) && high != top && is_ancestor(bottom, deep))) return false;
      for (const std::uint32_t a : tree)
        if (up_[a] != 1) return false;  // the subtree below each class edge leaves only by b
      parts.emplace_back(weight_[r] ^ weight_[top], degree_[r] - degree_[top]);
      for (std::size_t i = 0; i + 1 < t; ++i)
        parts.emplace_back(weight_[tree[i]] ^ weight_[tree[i + 1]],
                           degree_[tree[i]] - degree_[tree[i + 1]]);
      parts.emplace_back(weight_[bottom], degree_[bottom]);
      for (const std::uint32_t a : tree) edges_in_order.push_back(d_.parent_edge[a]);
      edges_in_order.push_back(back);
    } else {
      if (t < 2) return false;
      parts.emplace_back(weight_[r] ^ weight_[top] ^ weight_[bottom],
                         degree_[r] - degree_[top] + degree_[bottom]);
      for (std::size_t i = 0; i + 1 < t; ++i)
        parts.emplace_back(weight_[tree[i]] ^ weight_[tree[i + 1]],
                           degree_[tree[i]] - degree_[tree[i + 1]]);
      for (const std::uint32_t a : tree) edges_in_order.push_back(d_.parent_edge[a]);
    }
    const std::size_t k = edges_in_order.size();
    std::vector<std::uint64_t> s(k + 2, 0);
    for (std::size_t i = 1; i <= k; ++i) {
      const auto [w, deg] = parts[i];
      if (deg < 2) return false;
      s[i] = (((deg - 2) / 2) & 1) ^ w;
    }
    // prev_nz[i]: the last index in [2, i] with s != 0 (1 if none); next_nz[i]: the first index in
    // [i, k] with s != 0 (k + 1 if none). Runs of zero-valued sub-pieces are plain stalks.
    std::vector<std::size_t> prev_nz(k + 2, 1), next_nz(k + 2, k + 1);
    for (std::size_t i = 2; i <= k; ++i) prev_nz[i] = s[i] != 0 ? i : prev_nz[i - 1];
    for (std::size_t i = k; i >= 2; --i) next_nz[i] = s[i] != 0 ? i : next_nz[i + 1];
    for (std::size_t j = 1; j <= k; ++j) {
      std::uint64_t v = s[1];
      if (j >= 2) {  // the arm P2 .. Pj, Pj on top
        std::uint64_t x = s[j];
        std::size_t i = j - 1;
        while (i >= 2) {
          if (s[i] == 0) {
            x += i - prev_nz[i];
            i = prev_nz[i];
          } else {
            x = s[i] ^ (x + 1);
            --i;
          }
        }
        v ^= x + 1;
      }
      if (j + 1 <= k) {  // the arm Pk .. Pj+1, Pj+1 on top
        std::uint64_t x = s[j + 1];
        std::size_t i = j + 2;
        while (i <= k) {
          if (s[i] == 0) {
            x += next_nz[i] - i;
            i = next_nz[i];
          } else {
            x = s[i] ^ (x + 1);
            ++i;
          }
        }
        v ^= x + 1;
      }
      if (v == need_[c]) win_.push_back(edges_in_order[j - 1]);
    }
    return true;
  }

  const Graph& g_;
  const Decomposition& d_;
  std::vector<std::uint64_t> need_;
  std::vector<std::uint8_t> need_ok_, bridge_wins_;
  std::vector<std::uint64_t> weight_, degree_;
  std::vector<std::int64_t> up_;
  std::vector<Label> label_;
  std::vector<std::uint32_t> win_;
};

}  // namespace

std::vector<std::uint32_t> winning_cuts(const Graph& g, const Decomposition& d) {
  if (d.value[0] == 0) return {};
  return CutFinder(g, d).run();
}

std::vector<std::uint32_t> winning_cuts_by_reevaluation(const Graph& g) {
  const Decomposition whole = decompose(g);
  std::vector<std::uint32_t> result;
  if (whole.value[0] == 0) return result;
  for (std::uint32_t i = 0; i < g.edge_count(); ++i)
    if (whole.live[i] && decompose(g, {}, i).value[0] == 0) result.push_back(i);
  return result;
}

}  // namespace grundy::hackenbush
