#include "grundy/core/quotient/heap_game.h"

#include <algorithm>
#include <chrono>
#include <string>

#include "grundy/core/error.h"

namespace grundy::quotient {

std::optional<Element> QuotientRun::element(std::uint64_t n) const {
  if (n < phi.size()) return phi[n];
  if (!proof) return std::nullopt;
  return phi[periodic_index(proof->period, n)];
}

std::optional<Stability> stability(const std::vector<Element>& phi, const HeapRules& rules) {
  if (!rules.t || phi.size() < 2) return std::nullopt;
  const std::uint64_t last = phi.size() - 1;
  const std::uint64_t h = std::max<std::uint32_t>(rules.h, 1);
  const auto tails = least_tail_starts(phi);
  for (std::uint64_t p = 1; p < phi.size(); ++p) {
    const std::uint64_t e = tails[p];
    const std::uint64_t needed = h * (std::max<std::uint64_t>(e, 1) + p) + *rules.t - 1;
    if (needed <= last) return Stability{Period{e, p}, needed, *rules.t, h};
  }
  return std::nullopt;
}

QuotientRun compute_quotient(const HeapRules& rules, const QuotientGoal& goal) {
  const auto start = std::chrono::steady_clock::now();
  // The time limit ends a heap half done like any limit: the builder keeps the heaps before it.
  auto poll = [&goal, start] {
    if (goal.poll) goal.poll();
    if (goal.seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >
            goal.seconds)
      throw LimitError("the time limit of " + std::to_string(static_cast<long long>(goal.seconds)) +
                       " s ran out");
  };
  Builder b = goal.resume ? Builder(rules.options, *goal.resume, goal.limits, poll)
                          : Builder(rules.options, goal.limits, poll);
  auto last_save = std::chrono::steady_clock::now();
  QuotientRun run;
  const std::uint32_t target = goal.max_heap ? *goal.max_heap : goal.bound;
  std::vector<Element> phi;
  for (std::uint32_t n = 0; n < b.heaps(); ++n) phi.push_back(b.pretension().phi(n));
  std::size_t expansions_seen = b.expansions().size();
  if (rules.t) run.proof = stability(phi, rules);
  while (!run.proof && b.heaps() <= target) {
    try {
      poll();
      b.add_heap();
    } catch (const LimitError& e) {
      run.stopped = e.what();
      break;
    } catch (...) {
      if (goal.checkpoint) goal.checkpoint(b.state());
      throw;
    }
    if (goal.checkpoint &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - last_save).count() >=
            goal.checkpoint_seconds) {
      goal.checkpoint(b.state());
      last_save = std::chrono::steady_clock::now();
    }
    const Pretension& p = b.pretension();
    if (b.expansions().size() != expansions_seen) {  // renumbered: read every phi again
      expansions_seen = b.expansions().size();
      phi.resize(p.heaps());
      for (std::uint32_t n = 0; n < p.heaps(); ++n) phi[n] = p.phi(n);
    } else {
      phi.push_back(p.phi(p.heaps() - 1));
    }
    if (goal.progress) goal.progress(b.heaps() - 1, p.monoid.order());
    // Every heap up to 4096, then every 64th (the check reads all of phi): a proof found a
    // little later than it could have been is still a proof.
    const std::uint32_t n = b.heaps() - 1;
    if (rules.t && (n < 4096 || n % 64 == 0) && (run.proof = stability(phi, rules))) break;
  }
  if (goal.checkpoint) goal.checkpoint(b.state());
  run.last_heap = b.heaps() - 1;
  run.quotient = canonical(b.pretension());
  run.phi.resize(run.quotient.heaps());
  for (std::uint32_t n = 0; n < run.quotient.heaps(); ++n) run.phi[n] = run.quotient.phi(n);
  // The proof was found on the builder's numbering; canonical() only renames elements.
  if (run.proof) run.proof = stability(run.phi, rules);
  run.expansions = b.expansions();
  run.stats = b.stats();
  return run;
}

}  // namespace grundy::quotient
