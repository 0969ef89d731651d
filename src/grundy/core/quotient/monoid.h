#pragma once
// Finite commutative monoids given by the action of their generators, with a marked subset: the
// bipartite monoids (Q, P) of misère quotient theory (Plambeck and Siegel, "Misère quotients for
// impartial games", JCTA 2008). Element 0 is the identity; every element is a product of
// generators.
#include <cstdint>
#include <functional>
#include <vector>

namespace grundy::quotient {

using Element = std::uint32_t;

struct BipartiteMonoid {
  // action[g][x] = x times generator g; every row has one entry per element.
  std::vector<std::vector<Element>> action;
  // 1: the element of P-positions (the player to move loses); one entry per element.
  std::vector<std::uint8_t> p;

  Element order() const { return static_cast<Element>(p.size()); }
  Element generator_element(std::size_t g) const { return action[g][0]; }
  bool is_p(Element x) const { return p[x] != 0; }
};

// The classes of elements that no product tells apart: x ~ y when x*z and y*z are both in P or
// both outside it for every z (Moore's partition refinement over the generators' action; the
// monoid is commutative, so this relation is a congruence). `reduced` keeps the generators in
// their order (two may now coincide) and numbers the classes in breadth-first order from the
// identity over the generators, so the result does not depend on the input's numbering.
struct Reduction {
  std::vector<Element> class_of;  // element of the input -> element of `reduced`
  BipartiteMonoid reduced;
};
// `poll` is called once per refinement round (it may throw to stop).
Reduction reduce(const BipartiteMonoid& m, const std::function<void()>& poll = {});

// Renumbers the elements in breadth-first order from the identity (generators in their order)
// and drops those no product of generators reaches. `old_to_new` (if given) receives the map,
// with kNone for dropped elements. `identity`: the input's identity element (it becomes 0).
inline constexpr Element kNone = ~Element{0};
BipartiteMonoid renumber_reachable(const BipartiteMonoid& m, std::vector<Element>* old_to_new,
                                   Element identity = 0);

// x * y, following a word for y (a breadth-first path from the identity): O(length of the word).
class Multiplier {
 public:
  explicit Multiplier(const BipartiteMonoid& m);
  Element times(Element x, Element y) const;
  // The generators of a shortest word for y, in the order they are applied.
  std::vector<std::size_t> word(Element y) const;

 private:
  const BipartiteMonoid* m_;
  std::vector<Element> parent_;
  std::vector<std::uint32_t> via_;  // the generator that leads from parent_[y] to y
};

// Whether two bipartite monoids are isomorphic (a bijection that respects products and P). Small
// monoids only (a backtracking search over the images of the generators of `a`).
bool isomorphic(const BipartiteMonoid& a, const BipartiteMonoid& b);

}  // namespace grundy::quotient
