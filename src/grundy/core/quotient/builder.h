#pragma once
// The misère quotient of a heap game, heap by heap: the quotient of all sums of heaps 0..n
// (Plambeck and Siegel's construction; our own search, checked by verify.h at every step).
//
// Heap n is added in one of three ways:
//  1. Its options' elements T(n) are those of an earlier heap: it is worth the same element (two
//     heaps with the same option elements are indistinguishable), and nothing else changes.
//  2. Otherwise each element x of the quotient is tried as its value (those whose outcome matches
//     heap n's and whose products pass the P check first); if (Q, P, phi + {n -> x}) is valid,
//     the quotient is unchanged.
//  3. Otherwise the quotient grows ("the presentation changes"): a trial monoid, the current
//     quotient times a new cyclic generator for heap n (a^4 = a^2), gets its P-portion from the
//     colex-least sums and is reduced; while it fails, the heaps of its least failing sum get
//     their own cyclic generators (index as high as their multiplicity in that sum), the fewest
//     first, until the failing sum is classified correctly; then the check runs again.
// Every accepted quotient is valid for all sums of heaps 0..n (verify.h) and reduced, so it is
// the quotient, not a coarser or finer monoid.
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "grundy/core/quotient/checkpoint.h"
#include "grundy/core/quotient/monoid.h"
#include "grundy/core/quotient/verify.h"

namespace grundy::quotient {

struct Limits {
  Element max_order = Element{1} << 12;      // the quotient's order (reduced trials: 4 times it)
  std::size_t max_trial_elements = 1 << 20;  // elements of one trial monoid before reduction
  std::size_t max_trials = 400;              // trial monoids at one heap
};

// Work done so far, for benchmarks and --progress.
struct BuildStats {
  std::uint64_t duplicate_heaps = 0;     // way 1
  std::uint64_t conservative_heaps = 0;  // way 2
  std::uint64_t candidates_checked = 0;  // full checks in way 2
  std::uint64_t trials = 0;              // trial monoids in way 3
  VerifyStats verify;
};

class Builder {
 public:
  // `poll` is called now and then during long steps; it may throw to stop the computation.
  explicit Builder(OptionsFn options, Limits limits = {}, std::function<void()> poll = {});
  // Resumes from a saved state, after checking it against the game: InputError unless it is the
  // valid, reduced quotient of its heaps (verify.h), whatever the file says.
  Builder(OptionsFn options, BuilderState state, Limits limits = {},
          std::function<void()> poll = {});
  BuilderState state() const { return {p_, expansions_}; }

  // Adds heap heaps(). LimitError when the quotient or a trial monoid would pass the limits (the
  // builder then still holds the quotient of the heaps before).
  void add_heap();

  std::uint32_t heaps() const { return p_.heaps(); }
  const Pretension& pretension() const { return p_; }
  const Letters& letters() const { return letters_; }
  // The heaps at which the quotient grew (way 3), in order.
  const std::vector<std::uint32_t>& expansions() const { return expansions_; }
  const BuildStats& stats() const { return stats_; }

 private:
  bool try_conservative(std::uint32_t n, Letter letter);
  void expand(std::uint32_t n);
  // The trial monoid: base's quotient with `freed` heaps given their own cyclic generators
  // (index, period), its P-portion marked, reduced and put in canonical form.
  Pretension trial(const Pretension& base,
                   const std::map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>>& freed);
  void rebuild_index();

  OptionsFn options_;
  Limits limits_;
  std::function<void()> poll_;
  Pretension p_;
  Letters letters_;
  std::map<std::vector<Element>, std::int32_t> by_targets_;  // T -> letter
  std::vector<std::uint32_t> expansions_;
  BuildStats stats_;
};

// Sorts the generators by their first heap, merges those with the same element, sends heaps
// worth the identity to -1 and numbers the elements breadth-first: the form all quotients are
// kept in.
Pretension canonical(const Pretension& p);

}  // namespace grundy::quotient
