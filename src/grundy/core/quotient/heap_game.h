#pragma once
// The misère quotient of a whole heap game, and when it is known for every heap.
//
// The stabilisation argument (ours, in the spirit of the octal periodicity theorem; Plambeck and
// Siegel prove a periodicity theorem for misère quotients of octal games of the same shape): let
// the rules be finite (a move removes at most t tokens from one heap and leaves at most h heaps,
// what it may leave depending only on the number removed), let (Q, P, phi) be the quotient of heaps
// 0..N, valid and reduced, and suppose phi(n + p) = phi(n) for e <= n <= N - p with
//     N >= h * (max(e, 1) + p) + t - 1.
// Extend phi by phi(m) = phi(m - p) for m > N. For every m > N the option elements T(m) and
// T(m - p) are equal: m - k >= h * (e' + p) for every k <= t, so the largest part a of any option
// of m has a >= e' + p and replacing it by a - p >= e' gives an option of m - p with the same
// element; conversely the largest part of an option of m - p is at least e', and adding p gives an
// option of m. (Induction on m: phi is periodic on every part below m.) So every heap above N has
// the letter of a heap p below it; the check of verify.h depends only on the set of letters, so
// (Q, P, phi) stays valid for all sums of all heaps, and reduced: Q is the quotient of the whole
// game and phi is periodic from e. Without such a bound (Grundy's game, rule-defined subtraction
// sets) or before N reaches it, a repetition of phi is only observed.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/periodicity.h"
#include "grundy/core/quotient/builder.h"

namespace grundy::quotient {

struct HeapRules {
  OptionsFn options;
  std::optional<std::uint32_t> t;  // finite rules: the most tokens one move removes
  std::uint32_t h = 2;             // the most heaps one move leaves (1, 2 or 3)
};

struct Stability {
  Period period;             // phi(n + p) = phi(n) for every n >= e
  std::uint64_t needed = 0;  // h * (max(e, 1) + p) + t - 1: the last heap the argument needs
  std::uint64_t t = 0;
  std::uint64_t h = 2;
};

struct QuotientGoal {
  // Heaps 0..max_heap exactly (stopping early only at a proof, which covers every heap); without
  // it, until the quotient is proven stable, at most heaps 0..bound.
  std::optional<std::uint32_t> max_heap;
  std::uint32_t bound = 1000;
  // > 0: stop (keeping the heaps done, like a limit) once this many seconds have passed.
  double seconds = 0;
  Limits limits;
  std::function<void()> poll;  // may throw to stop (called before each heap and during it)
  std::function<void(std::uint32_t heap, Element order)> progress;  // must not throw
  // Resume from a saved state (checked against the game first, builder.h).
  std::optional<BuilderState> resume;
  // Called with the state every checkpoint_seconds, when the run ends (its goal, a proof or a
  // limit) and when poll stops it; a checkpoint's failure (IoError) ends the run.
  std::function<void(const BuilderState&)> checkpoint;
  double checkpoint_seconds = 30;
};

struct QuotientRun {
  Pretension quotient;  // canonical (builder.h), heaps 0..last_heap
  std::uint32_t last_heap = 0;
  std::vector<Element> phi;  // phi(0..last_heap)
  std::vector<std::uint32_t> expansions;
  std::optional<Stability> proof;
  // Why the computation ended before its goal (a limit's message); empty otherwise.
  std::string stopped;
  BuildStats stats;

  // phi(n): computed, or from the proven period; nullopt beyond what is known.
  std::optional<Element> element(std::uint64_t n) const;
};

QuotientRun compute_quotient(const HeapRules& rules, const QuotientGoal& goal);

// The proof for phi(0..N) under the rules, if the argument above applies (least period first).
std::optional<Stability> stability(const std::vector<Element>& phi, const HeapRules& rules);

}  // namespace grundy::quotient
