#include "grundy/core/quotient/monoid.h"

#include <algorithm>
#include <deque>

#include "absl/container/flat_hash_map.h"
#include "absl/hash/hash.h"

namespace grundy::quotient {

BipartiteMonoid renumber_reachable(const BipartiteMonoid& m, std::vector<Element>* old_to_new,
                                   Element identity) {
  std::vector<Element> map(m.order(), kNone);
  std::vector<Element> order;
  order.reserve(m.order());
  map[identity] = 0;
  order.push_back(identity);
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const auto& row : m.action) {
      const Element y = row[order[i]];
      if (map[y] == kNone) {
        map[y] = static_cast<Element>(order.size());
        order.push_back(y);
      }
    }
  BipartiteMonoid r;
  r.p.resize(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) r.p[i] = m.p[order[i]];
  r.action.assign(m.action.size(), std::vector<Element>(order.size()));
  for (std::size_t g = 0; g < m.action.size(); ++g)
    for (std::size_t i = 0; i < order.size(); ++i) r.action[g][i] = map[m.action[g][order[i]]];
  if (old_to_new) *old_to_new = std::move(map);
  return r;
}

Reduction reduce(const BipartiteMonoid& m, const std::function<void()>& poll) {
  const Element n = m.order();
  std::vector<Element> cls(n);
  for (Element x = 0; x < n; ++x) cls[x] = m.p[x] ? 1 : 0;
  std::size_t classes = 0;
  {
    bool any_p = false, any_n = false;
    for (Element x = 0; x < n; ++x) (m.p[x] ? any_p : any_n) = true;
    classes = static_cast<std::size_t>(any_p) + static_cast<std::size_t>(any_n);
  }
  // Each round splits classes by the classes their generator products fall in; stable = done.
  std::vector<Element> next(n);
  std::vector<Element> signature;
  absl::flat_hash_map<std::vector<Element>, Element> ids;
  while (true) {
    if (poll) poll();
    ids.clear();
    for (Element x = 0; x < n; ++x) {
      signature.clear();
      signature.push_back(cls[x]);
      for (const auto& row : m.action) signature.push_back(cls[row[x]]);
      const auto [it, fresh] = ids.try_emplace(signature, static_cast<Element>(ids.size()));
      next[x] = it->second;
    }
    const bool stable = ids.size() == classes;
    classes = ids.size();
    cls.swap(next);
    if (stable) break;
  }
  // The quotient monoid on the classes, then numbered breadth-first from the identity.
  std::vector<Element> rep(classes, kNone);
  for (Element x = 0; x < n; ++x)
    if (rep[cls[x]] == kNone) rep[cls[x]] = x;
  BipartiteMonoid q;
  q.p.resize(classes);
  for (std::size_t c = 0; c < classes; ++c) q.p[c] = m.p[rep[c]];
  q.action.assign(m.action.size(), std::vector<Element>(classes));
  for (std::size_t g = 0; g < m.action.size(); ++g)
    for (std::size_t c = 0; c < classes; ++c) q.action[g][c] = cls[m.action[g][rep[c]]];
  Reduction r;
  std::vector<Element> renumber;
  r.reduced = renumber_reachable(q, &renumber, cls[0]);
  r.class_of.resize(n);
  for (Element x = 0; x < n; ++x) r.class_of[x] = renumber[cls[x]];
  return r;
}

Multiplier::Multiplier(const BipartiteMonoid& m)
    : m_(&m), parent_(m.order(), kNone), via_(m.order(), 0) {
  std::deque<Element> queue{0};
  parent_[0] = 0;
  while (!queue.empty()) {
    const Element x = queue.front();
    queue.pop_front();
    for (std::size_t g = 0; g < m.action.size(); ++g) {
      const Element y = m.action[g][x];
      if (parent_[y] == kNone) {
        parent_[y] = x;
        via_[y] = static_cast<std::uint32_t>(g);
        queue.push_back(y);
      }
    }
  }
}

std::vector<std::size_t> Multiplier::word(Element y) const {
  std::vector<std::size_t> w;
  while (y != 0) {
    w.push_back(via_[y]);
    y = parent_[y];
  }
  std::reverse(w.begin(), w.end());
  return w;
}

Element Multiplier::times(Element x, Element y) const {
  while (y != 0) {
    x = m_->action[via_[y]][x];
    y = parent_[y];
  }
  return x;
}

namespace {

// Extends the partial map f (a's elements -> b's) over everything the first `count` generators
// reach from the mapped elements; false on a contradiction (two images, P differing, or two
// elements of a sent to one of b).
bool propagate(const BipartiteMonoid& a, const BipartiteMonoid& b, const Multiplier& bm,
               const std::vector<Element>& gen_image, std::size_t count, std::vector<Element>& f,
               std::vector<Element>& inverse) {
  std::vector<Element> queue;
  for (Element x = 0; x < a.order(); ++x)
    if (f[x] != kNone) queue.push_back(x);
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const Element x = queue[i];
    for (std::size_t g = 0; g < count; ++g) {
      const Element y = a.action[g][x];
      const Element fy = bm.times(f[x], gen_image[g]);
      if (f[y] == kNone) {
        if (inverse[fy] != kNone || a.p[y] != b.p[fy]) return false;
        f[y] = fy;
        inverse[fy] = y;
        queue.push_back(y);
      } else if (f[y] != fy) {
        return false;
      }
    }
  }
  return true;
}

bool search(const BipartiteMonoid& a, const BipartiteMonoid& b, const Multiplier& bm,
            std::vector<Element>& gen_image, std::size_t g, const std::vector<Element>& f,
            const std::vector<Element>& inverse, std::uint64_t& budget) {
  if (g == a.action.size()) return std::find(f.begin(), f.end(), kNone) == f.end();
  for (Element candidate = 0; candidate < b.order(); ++candidate) {
    if (budget-- == 0) return false;
    gen_image[g] = candidate;
    auto f2 = f;
    auto inv2 = inverse;
    if (propagate(a, b, bm, gen_image, g + 1, f2, inv2) &&
        search(a, b, bm, gen_image, g + 1, f2, inv2, budget))
      return true;
  }
  return false;
}

}  // namespace

bool isomorphic(const BipartiteMonoid& a, const BipartiteMonoid& b) {
  if (a.order() != b.order()) return false;
  if (std::count(a.p.begin(), a.p.end(), 1) != std::count(b.p.begin(), b.p.end(), 1)) return false;
  const Multiplier bm(b);
  std::vector<Element> f(a.order(), kNone), inverse(b.order(), kNone);
  if (a.p[0] != b.p[0]) return false;
  f[0] = 0;
  inverse[0] = 0;
  std::vector<Element> gen_image(a.action.size(), 0);
  std::uint64_t budget = 1'000'000;
  return search(a, b, bm, gen_image, 0, f, inverse, budget);
}

}  // namespace grundy::quotient
