#include "grundy/games/hackenbush/blue_red_tree.h"

#include <algorithm>
#include <compare>
#include <cstdint>
#include <limits>
#include <string>

#include "grundy/core/error.h"

namespace grundy::hackenbush {
namespace {

constexpr std::uint32_t kNoVertex = std::numeric_limits<std::uint32_t>::max();

// A part as a tree hanging from the ground (local vertex 0).
struct Tree {
  std::vector<std::uint32_t> preorder;  // vertices reached from the ground, depth-first
  std::vector<std::uint32_t> parent;    // per vertex; kNoVertex for the ground
  std::vector<std::uint32_t> edge;      // per vertex: local index of the edge to its parent
  std::vector<std::uint32_t> depth;     // per vertex: edges from the ground
  std::uint32_t max_depth = 0;
};

// The part as a tree, or nullopt if it has a loop, a cycle, a multi-edge or an edge that does
// not reach the ground. Iterative depth-first search: any depth is fine.
std::optional<Tree> as_tree(const Part& p) {
  const std::size_t m = p.local.size();
  const std::uint32_t n = p.vertices;
  std::vector<std::uint32_t> start(n + 1, 0), incident(2 * m);
  for (const Edge& e : p.local) {
    if (e.u == e.v) return std::nullopt;
    ++start[e.u + 1], ++start[e.v + 1];
  }
  for (std::uint32_t v = 0; v < n; ++v) start[v + 1] += start[v];
  {
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (std::uint32_t i = 0; i < m; ++i) {
      incident[fill[p.local[i].u]++] = i;
      incident[fill[p.local[i].v]++] = i;
    }
  }
  Tree t;
  t.parent.assign(n, kNoVertex);
  t.edge.assign(n, kNoVertex);
  t.depth.assign(n, 0);
  std::vector<std::uint8_t> seen(n, 0);
  std::vector<std::uint32_t> stack{0};
  seen[0] = 1;
  while (!stack.empty()) {
    const std::uint32_t v = stack.back();
    stack.pop_back();
    t.preorder.push_back(v);
    for (std::uint32_t k = start[v]; k < start[v + 1]; ++k) {
      const std::uint32_t i = incident[k];
      if (i == t.edge[v]) continue;
      const Edge& e = p.local[i];
      const std::uint32_t w = e.u == v ? e.v : e.u;
      if (seen[w]) return std::nullopt;  // a second way to w: a cycle or a multi-edge
      seen[w] = 1;
      t.parent[w] = v;
      t.edge[w] = i;
      t.depth[w] = t.depth[v] + 1;
      t.max_depth = std::max(t.max_depth, t.depth[w]);
      stack.push_back(w);
    }
  }
  if (t.preorder.size() != m + 1) return std::nullopt;  // some edges do not reach the ground
  return t;
}

// The colour of the edge below each vertex, and per vertex the value standing on it (sum) and
// the value of the branch it ends (branch = edge_on(colour, sum)); one pass from the leaves.
struct TreeValues {
  std::vector<Colour> colour;
  std::vector<Dyadic> sum, branch;
};

// Skips the branch ending at `cut` (kNoVertex: none), as if that edge had been cut.
TreeValues tree_values(const Part& p, const Tree& t, std::uint32_t cut = kNoVertex) {
  TreeValues r;
  r.colour.assign(p.vertices, Colour::green);
  r.sum.assign(p.vertices, Dyadic{});
  r.branch.assign(p.vertices, Dyadic{});
  for (std::size_t k = t.preorder.size(); k-- > 1;) {
    const std::uint32_t v = t.preorder[k];
    r.colour[v] = p.local[t.edge[v]].colour;
    if (v == cut) continue;
    r.branch[v] = edge_on(r.colour[v], r.sum[v]);
    r.sum[t.parent[v]] = r.sum[t.parent[v]] + r.branch[v];
  }
  return r;
}

// A non-negative dyadic as (whole part, fraction truncated to 64 bits), ordered cheaply; when
// the truncation is not exact, `exact` points at the Dyadic (low bit: the value is its negation)
// and ties on (whole, frac) are broken by comparing the Dyadics. Truncation is monotone, so
// different truncations already order the values. kInfinite is above every value.
struct Key {
  std::int64_t whole = 0;
  std::uint64_t frac = 0;
  std::uintptr_t exact = 0;  // 0: whole + frac / 2^64 is the value

  Dyadic value() const {
    if (exact != 0) {
      const Dyadic& d = *reinterpret_cast<const Dyadic*>(exact & ~std::uintptr_t{1});
      return (exact & 1) ? -d : d;
    }
    return Dyadic::integer(whole) + Dyadic::make(static_cast<std::int64_t>(frac >> 1), 63) +
           Dyadic::make(static_cast<std::int64_t>(frac & 1), 64);
  }
  friend bool operator<(const Key& a, const Key& b) {
    if (a.whole != b.whole) return a.whole < b.whole;
    if (a.frac != b.frac) return a.frac < b.frac;
    if (a.exact == 0 && b.exact == 0) return false;
    return a.value() < b.value();
  }
};
constexpr Key kInfinite{std::numeric_limits<std::int64_t>::max(), 0, 0};

// The key of x, or of -x when negate; that value must be >= 0, and x must outlive the key.
Key key_of(const Dyadic& x, bool negate = false) {
  const std::uintptr_t tag = reinterpret_cast<std::uintptr_t>(&x) | (negate ? 1 : 0);
  if (!x.is_small()) {
    // Whole part, then the fraction truncated to 63 bits (floor stays within int64).
    const Dyadic v = negate ? -x : x;
    const std::int64_t whole = v.floor();
    const Dyadic f = (v - Dyadic::integer(whole)).shifted(63);
    return {whole, static_cast<std::uint64_t>(f.floor()) << 1, tag};
  }
  const Dyadic v = negate ? -x : x;  // inline: negation is cheap
  const std::uint32_t e = v.exponent();
  const std::uint64_t num = v.signature();  // the numerator, >= 0
  if (e == 0) return {static_cast<std::int64_t>(num), 0, 0};
  if (e < 64) {
    const std::uint64_t low = num & ((std::uint64_t{1} << e) - 1);
    return {static_cast<std::int64_t>(num >> e), low << (64 - e), 0};
  }
  if (e == 64) return {0, num, 0};
  // Below 2^-64 resolution: the numerator is odd, so truncating drops bits.
  return {0, e - 64 < 64 ? num >> (e - 64) : 0, tag};
}

// Keys by depth along the current root path; finds the deepest depth <= d whose key is below a
// bound. A min-tree over depths: O(log depth) per update and per query.
class StopFinder {
 public:
  static constexpr std::size_t kNotFound = std::numeric_limits<std::size_t>::max();

  explicit StopFinder(std::size_t depths) {
    while (leaves_ < depths) leaves_ *= 2;
    min_.assign(2 * leaves_, kInfinite);
  }

  void set(std::size_t depth, Key k) {
    std::size_t i = leaves_ + depth;
    min_[i] = k;
    for (i /= 2; i > 0; i /= 2) min_[i] = std::min(min_[2 * i], min_[2 * i + 1]);
  }

  std::size_t find(std::size_t d, Key bound) const {
    std::size_t i = leaves_ + d;
    if (min_[i] < bound) return d;
    // Climb; a left sibling met on the way covers depths just before those already checked.
    for (; i > 1; i /= 2) {
      if (i % 2 == 1 && min_[i - 1] < bound) {
        i -= 1;
        while (i < leaves_) i = min_[2 * i + 1] < bound ? 2 * i + 1 : 2 * i;
        return i - leaves_;
      }
    }
    return kNotFound;
  }

 private:
  std::size_t leaves_ = 1;
  std::vector<Key> min_;
};

}  // namespace

Dyadic edge_on(Colour c, const Dyadic& x) {
  if (c == Colour::red) return -edge_on(Colour::blue, -x);
  if (c != Colour::blue)
    throw InputError("a green edge in a blue-red tree (its value is no number)");
  if (x.sign() >= 0) return x + Dyadic::integer(1);
  // n = ceil(-x) = -floor(x) >= 1; x + n + 1 lies in [1, 2).
  const std::int64_t n = -x.floor();
  return (x + Dyadic::integer(n + 1)).shifted(-n);
}

std::optional<PartValues> evaluate_blue_red_tree(const Part& p) {
  const std::optional<Tree> tree = as_tree(p);
  if (!tree) return std::nullopt;
  const Tree& t = *tree;
  const TreeValues tv = tree_values(p, t);
  PartValues r;
  r.method = PartMethod::tree;
  r.value = tv.sum[0];
  r.after_cut.resize(p.local.size());

  // One finder per sign of delta. For the edge below w, with its argument u = sum[w] oriented
  // to its colour (u = sum for blue, -sum for red): if u < 0 every change stops there (key 0);
  // else a change in the edge's own direction always passes (key infinite) and one against it
  // passes while |delta| <= u (key u).
  StopFinder rising(t.max_depth + 1), falling(t.max_depth + 1);  // delta > 0, delta < 0
  std::vector<std::uint32_t> path(t.max_depth + 1, 0);           // the root path, by depth
  const Dyadic zero;
  for (std::size_t k = 1; k < t.preorder.size(); ++k) {
    const std::uint32_t v = t.preorder[k], d = t.depth[v];
    path[d] = v;
    const bool blue = tv.colour[v] == Colour::blue;
    const int u_sign = blue ? tv.sum[v].sign() : -tv.sum[v].sign();
    const Key own = u_sign < 0 ? Key{} : kInfinite,
              against = u_sign < 0 ? Key{} : key_of(tv.sum[v], !blue);
    rising.set(d, blue ? own : against);
    falling.set(d, blue ? against : own);

    // Cut the edge below v: its branch leaves the sum at depth d - 1.
    try {
      Dyadic delta = -tv.branch[v];
      const StopFinder& finder = delta.sign() > 0 ? rising : falling;
      std::size_t top = d - 1;  // the change sits in the sum at this depth
      while (true) {
        const std::size_t j = finder.find(top, key_of(delta, delta.sign() < 0));
        if (j == StopFinder::kNotFound) break;  // depth 0, the ground, has no edge: never found
        const std::uint32_t w = path[j];
        delta = edge_on(tv.colour[w], tv.sum[w] + delta) - tv.branch[w];
        top = j - 1;
      }
      r.after_cut[t.edge[v]] = r.value + delta;
    } catch (const LimitError& e) {
      const std::uint32_t i = t.edge[v];
      throw LimitError("after cutting edge e" +
                       std::to_string(i < p.edges.size() ? p.edges[i] : i) + ": " + e.what());
    }
  }
  return r;
}

std::vector<Dyadic> tree_after_cuts_by_reevaluation(const Part& p) {
  const std::optional<Tree> t = as_tree(p);
  if (!t) throw InputError("not a blue-red tree: it has a cycle, a loop or a multi-edge");
  std::vector<Dyadic> after(p.local.size());
  for (std::size_t k = 1; k < t->preorder.size(); ++k) {
    const std::uint32_t v = t->preorder[k];
    after[t->edge[v]] = tree_values(p, *t, v).sum[0];
  }
  return after;
}

}  // namespace grundy::hackenbush
