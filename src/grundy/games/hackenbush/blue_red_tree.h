#pragma once
// Blue-red Hackenbush trees, exactly, by the partizan colon principle.
//
// A part is a tree when it has no cycle, loop or multi-edge and every edge reaches the ground,
// which is the root (several edges may stand on it). The value standing on a vertex is the sum
// of its branches; a branch, an edge of colour c carrying a subtree worth x, is worth
// edge_on(c, x), the ordinal sum c:x, which depends only on the value x:
//   blue: x + 1 if x >= 0, else (x + n + 1) / 2^n with n = ceil(-x) ("+" put in front of x's
//         sign expansion: blue on red = 1/2, blue on two reds = 1/4);
//   red:  -edge_on(blue, -x).
// One pass from the leaves values the tree in O(n), n edges.
//
// After-cut values (the part's value once an edge is cut, with what stands on it): cutting the
// edge above v changes the sum at v's parent by delta = -branch(v), and the change travels
// towards the ground, keeping its sign. An edge whose argument stays on its slope-1 side
// (x >= 0 for blue, x <= 0 for red) before and after the change passes delta on unchanged; at
// any other edge (a "stop") the new branch value is computed exactly and delta becomes new - old.
// A min-tree over the depths of the current root path of a depth-first walk finds the next stop
// in O(log d), d the tree's depth: a cut costs O((1 + s) log d), s its stops.
//
// Stops are few when values need few bits. Let P be the largest exponent (bits after the point)
// among the values and after-cut values met, n the edge count. Say delta < 0 (the other sign is
// symmetric); every step is monotone and shrinks no difference. (1) At a blue edge with x < 0,
// |delta| at least halves; it starts below 2n and stays a nonzero multiple of 2^-P: at most
// log2(n) + P + 1 such stops. (2) Red edges with x > 0 on one root path are at most P + 1:
// cutting the deepest of them sends up a delta in (0, 1) that halves at each of the others.
// (3) After the first stop at a blue edge w with x >= 0 > x + delta, the cut of w itself
// travels the same way with a larger |delta|, so it stops wherever this cut stops, and their
// difference (below 1; at each stop a nonzero multiple of 2^-P) halves at every later stop of
// kinds (1) and (3): at most P more. So s = O(P + log n): with values within 60 bits (the only
// trees answered before Dyadic became exact) s stays below about 250 and the whole costs
// O(n log d); in general O(n (P + log n) log d) steps, each on numbers of O(P) bits. P is below
// n and at most Dyadic::kMaxBits (2^26; beyond, LimitError), so nothing runs unbounded; random
// colours everywhere make P large, and such trees cost accordingly. (The stop finder's keys compare
// 64-bit truncations and fall back to exact Dyadic comparison on ties, so they stay exact at any
// P.) Measured: 0.8 stops per cut on the tree of `grundy bench`, about 3 on uniformly random trees
// of 1,000 edges with random colours.
#include <optional>
#include <vector>

#include "grundy/core/dyadic.h"
#include "grundy/games/hackenbush/blue_red.h"
#include "grundy/games/hackenbush/parts.h"

namespace grundy::hackenbush {

// The value of an edge of colour c standing on a vertex that carries a position worth x.
// InputError for green; LimitError only past Dyadic's resource bound (2^26 bits).
Dyadic edge_on(Colour c, const Dyadic& x);

// Value and every after-cut value (method = tree) of a part that is a tree; nullopt otherwise.
// LimitError when a value needs more than Dyadic's resource bound (2^26 bits), naming the cut if it
// is an after-cut value.
std::optional<PartValues> evaluate_blue_red_tree(const Part& p);

// Baseline for tests and benchmarks: every after-cut value by re-evaluating the tree rule from
// scratch with that edge removed. O(n^2). InputError if p is not a tree.
std::vector<Dyadic> tree_after_cuts_by_reevaluation(const Part& p);

}  // namespace grundy::hackenbush
