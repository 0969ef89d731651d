#include "grundy/games/octal/period.h"

#include <algorithm>
#include <cstdint>

#include "grundy/games/octal/plain.h"

namespace grundy::octal {

std::uint64_t bound_heaps(const OctalCode& code) {
  return std::max<std::uint64_t>(2, code.max_parts());
}

std::optional<PeriodProof> proof_from_values(const OctalCode& code,
                                             const std::vector<std::uint32_t>& values,
                                             std::uint64_t* least_needed) {
  if (least_needed) *least_needed = UINT64_MAX;
  if (code.is_grundy()) return std::nullopt;
  const std::uint64_t size = values.size();
  const std::uint64_t t = code.last();
  const std::uint64_t h = bound_heaps(code);
  // Each p gives its least e; the first p the theorem accepts wins.
  const std::vector<std::uint64_t> starts = least_tail_starts(values);
  for (std::uint64_t p = 1; 2 * p <= size; ++p) {
    const std::uint64_t e = starts[p];
    const std::uint64_t e1 = std::max<std::uint64_t>(e, 1);
    const std::uint64_t last_n = h * e1 + (h - 1) * p + t;  // checked inclusive
    if (last_n + p >= size) {
      if (least_needed) *least_needed = std::min(*least_needed, last_n + p + 1);
      continue;
    }
    PeriodProof proof;
    proof.checked = Period{e, p};
    proof.t = t;
    proof.heaps = h;
    proof.checked_up_to = last_n;
    proof.values_needed = last_n + p + 1;
    proof.values_computed = size;
    proof.period = least_period(values, proof.checked);
    return proof;
  }
  return std::nullopt;
}

std::optional<PeriodProof> prove_period(const OctalCode& code, std::uint64_t limit,
                                        std::vector<std::uint32_t>* values, EngineOptions options,
                                        const Control& control) {
  if (code.is_grundy()) return std::nullopt;
  std::vector<std::uint32_t> g;
  std::uint64_t target = std::min<std::uint64_t>(limit, 256);
  // Most proofs need no more than the first few hundred values (Kayles 169, Dawson's Kayles
  // 157): there the plain mex of every option is faster than setting up an engine, whose
  // fixed cost made `grundy bench`'s Kayles and Dawson row 0.7x its baseline (issue 26).
  g = plain_values(code, target);
  if (auto proof = proof_from_values(code, g)) {
    if (values) *values = std::move(g);
    return proof;
  }
  if (target >= limit) {
    if (values) *values = std::move(g);
    return std::nullopt;
  }
  target = std::min(limit, target * 2);
  options.capacity = std::max<std::uint64_t>(limit, 1);
  options.stop = control.stop;
  const auto engine = make_engine(code, options);
  // `round` follows the doubling rounds; `target` may stop short of one where the tails seen so
  // far say a proof cannot come earlier (at most 8 such stops a round: each adds an eighth).
  std::uint64_t round = target;
  for (;;) {
    run_engine(*engine, target, limit, control);
    g.assign(engine->values(), engine->values() + target);
    std::uint64_t needed = UINT64_MAX;
    if (auto proof = proof_from_values(code, g, &needed)) {
      proof->mask = engine->stats().mask;
      if (values) *values = std::move(g);
      return proof;
    }
    if (target >= limit) break;
    if (target >= round) round = std::min(limit, round * 2);
    const std::uint64_t early = std::max(needed, target + std::max<std::uint64_t>(target / 8, 1));
    target = early < round ? early : round;
  }
  if (values) *values = std::move(g);
  return std::nullopt;
}

}  // namespace grundy::octal
