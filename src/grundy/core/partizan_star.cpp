// g >= *k and g <= *k for every k at once.
//
// g >= *k iff no g^R <= *k and no *j >= g for j < k (the Left options of *k are the *j, j < k).
// With A(g) = {k : g >= *k} and B(g) = {k : g <= *k}:
//   A(g) = {k not in U : k <= min B(g)},  U = union of B(g^R) over Right options,
//   B(g) = {k not in V : k <= min A(g)},  V = union of A(g^L) over Left options.
// Let A' = N \ U, B' = N \ V, a = min A', b = min B'. If a < b then A(g) = A' and B(g) is empty;
// if b < a the other way round; if a = b (finite) then g = *a and A(g) = B(g) = {a}; if both are
// infinite, both sets are empty. Numbers: x > 0 is above every nimber, x < 0 below, 0 = *0.
// Every such set is finite or cofinite, so it is stored as a list and a complement flag.
#include <algorithm>
#include <limits>

#include "grundy/core/partizan.h"

namespace grundy {
namespace {

constexpr std::uint64_t kInfinite = std::numeric_limits<std::uint64_t>::max();

}  // namespace

const std::pair<GameStore::NimSet, GameStore::NimSet>& GameStore::star_sets(GameId g) {
  if (auto it = star_sets_.find(g); it != star_sets_.end()) return it->second;
  const auto contains = [](const NimSet& s, std::uint64_t k) {
    return std::binary_search(s.listed.begin(), s.listed.end(), k) != s.complement;
  };
  const auto least = [](const NimSet& s) -> std::uint64_t {
    if (!s.complement) return s.listed.empty() ? kInfinite : s.listed.front();
    std::uint64_t k = 0;  // the least natural not listed
    for (const std::uint64_t x : s.listed) {
      if (x != k) break;
      ++k;
    }
    return k;
  };
  const auto unite = [&](const NimSet& a, const NimSet& b) {
    NimSet r;
    if (!a.complement && !b.complement) {
      std::set_union(a.listed.begin(), a.listed.end(), b.listed.begin(), b.listed.end(),
                     std::back_inserter(r.listed));
      return r;
    }
    r.complement = true;  // all but the listed elements missing from both
    if (a.complement && b.complement) {
      std::set_intersection(a.listed.begin(), a.listed.end(), b.listed.begin(), b.listed.end(),
                            std::back_inserter(r.listed));
    } else {
      const NimSet& co = a.complement ? a : b;
      const NimSet& fin = a.complement ? b : a;
      for (const std::uint64_t x : co.listed)
        if (!contains(fin, x)) r.listed.push_back(x);
    }
    return r;
  };

  std::pair<NimSet, NimSet> result;
  if (nodes_[g].is_number) {
    const Dyadic& x = nodes_[g].number;
    if (x > Dyadic{}) result.first.complement = true;
    if (x < Dyadic{}) result.second.complement = true;
    if (x == Dyadic{}) result.first.listed = result.second.listed = {0};
  } else {
    Depth depth(*this);
    NimSet u, v;
    for (std::size_t i = 0; i < nodes_[g].right.size(); ++i) {
      const NimSet b = star_sets(nodes_[g].right[i]).second;  // copy: the map may rehash
      u = unite(u, b);
    }
    for (std::size_t i = 0; i < nodes_[g].left.size(); ++i) {
      const NimSet a = star_sets(nodes_[g].left[i]).first;
      v = unite(v, a);
    }
    u.complement = !u.complement;  // now A'
    v.complement = !v.complement;  // now B'
    const std::uint64_t a = least(u), b = least(v);
    if (a < b) {
      result.first = std::move(u);
    } else if (b < a) {
      result.second = std::move(v);
    } else if (a != kInfinite) {
      result.first.listed = result.second.listed = {a};
    }
  }
  return star_sets_.emplace(g, std::move(result)).first->second;
}

bool GameStore::geq_star(GameId g, std::uint64_t k) {
  const NimSet& s = star_sets(g).first;
  return std::binary_search(s.listed.begin(), s.listed.end(), k) != s.complement;
}

bool GameStore::leq_star(GameId g, std::uint64_t k) {
  const NimSet& s = star_sets(g).second;
  return std::binary_search(s.listed.begin(), s.listed.end(), k) != s.complement;
}

}  // namespace grundy
