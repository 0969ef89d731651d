#include "grundy/games/octal/sums.h"

#include <algorithm>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/sum.h"

namespace grundy::octal {

namespace {

// Moves one heap's listing costs: about the splits tested.
std::uint64_t listing_cost(const OctalCode& code, std::uint64_t n,
                           const std::optional<Period>& periodic) {
  const std::uint64_t digits = code.last() + 1;
  if (code.max_parts() > 2) return n > kMaxTripleHeap ? 0 : digits * (n * n / 12 + n + 1);
  if (periodic && code.max_parts() <= 2)
    return digits * (std::min(n, periodic->preperiod + periodic->period) + 2);
  return digits * (n / 2 + 2);
}

// Lists heap i's accepted moves into the sum's answer, within the work budget.
template <class Accept>
void add_heap_moves(const OctalCode& code, SumAnalysis& s, std::size_t i,
                    const std::optional<Period>& periodic, Accept&& accept, std::uint64_t& work) {
  const std::uint64_t n = s.heaps[i];
  const std::uint64_t cost = listing_cost(code, n, periodic);
  if (work + cost > kMaxSumWork) {
    s.winning_moves_complete = false;
    s.winning_moves_counted = false;
    return;
  }
  work += cost;
  MoveListing l;
  const std::size_t room = kMaxListedMoves - std::min(kMaxListedMoves, s.winning_moves.size());
  list_moves(code, n, periodic, accept, l, room);
  for (const auto& m : l.moves) s.winning_moves.push_back({i, n, m});
  s.winning_moves_total += l.total;
  if (!l.complete) s.winning_moves_complete = false;
  if (!l.counted) s.winning_moves_counted = false;
  if (l.families) s.families = periodic;
}

}  // namespace

SumAnalysis analyze_sum(const OctalCode& code, std::span<const std::uint64_t> heaps,
                        std::uint64_t proof_limit, const Control& control) {
  check_sum_heaps(heaps, kMaxSumHeaps);
  SumAnalysis s;
  s.rule = Rule::normal;
  s.heaps.assign(heaps.begin(), heaps.end());
  const std::uint64_t largest = *std::max_element(heaps.begin(), heaps.end());
  const Values v = values_through(code, largest, proof_limit, control);
  s.proof = v.proof;
  for (const auto n : heaps) {
    s.values.push_back(v.at(n));
    s.value ^= s.values.back();
    if (v.from_period(n)) s.from_period = true;
  }
  s.winner = winner_from_value(s.value);
  if (s.value == 0) return s;
  std::uint64_t work = 0;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint32_t target = s.values[i] ^ static_cast<std::uint32_t>(s.value);
    const auto periodic =
        v.from_period(heaps[i]) ? std::optional<Period>(v.proof->period) : std::nullopt;
    add_heap_moves(
        code, s, i, periodic,
        [&](const Move& m) { return (v.at(m.a) ^ v.at(m.b) ^ v.at(m.c)) == target; }, work);
  }
  return s;
}

MisereQuotient quotient_for_sum(const OctalCode& code, std::span<const std::uint64_t> heaps,
                                quotient::Element max_order, const Control& control) {
  check_sum_heaps(heaps, kMaxSumHeaps);
  const std::uint64_t largest = *std::max_element(heaps.begin(), heaps.end());
  if (code.is_grundy() && largest > kMaxQuotientHeap)
    throw LimitError(
        "the misère quotient of Grundy's game is computed heap by heap (no "
        "stabilisation argument applies to it), up to heap " +
        std::to_string(kMaxQuotientHeap) + "; a heap of " + std::to_string(largest) +
        " is beyond that");
  QuotientRequest r;
  r.max_order = max_order;
  r.max_heap = static_cast<std::uint32_t>(std::min<std::uint64_t>(largest, kMaxQuotientHeap));
  MisereQuotient q = misere_quotient(code, r, control);
  if (!q.run.element(largest)) {
    std::string why =
        q.run.stopped.empty()
            ? "no stable quotient was proven up to heap " + std::to_string(q.last_heap()) +
                  " (heaps are computed one by one up to " + std::to_string(kMaxQuotientHeap) + ")"
            : "it stopped at heap " + std::to_string(q.last_heap()) + ": " + q.run.stopped;
    throw LimitError("the misère quotient of " + code.to_string() + " is not known for a heap of " +
                     std::to_string(largest) + ": " + why);
  }
  return q;
}

SumAnalysis analyze_misere_sum(const OctalCode& code, std::span<const std::uint64_t> heaps,
                               const MisereQuotient& q) {
  check_sum_heaps(heaps, kMaxSumHeaps);
  const quotient::QuotientRun& run = q.run;
  const quotient::Pretension& p = run.quotient;
  const auto heap_index = [&](std::uint64_t m) -> std::uint32_t {
    if (m < run.phi.size()) return static_cast<std::uint32_t>(m);
    if (!run.proof)
      throw LimitError("the misère quotient of " + code.to_string() +
                       " is not known for a heap of " + std::to_string(m));
    return static_cast<std::uint32_t>(periodic_index(run.proof->period, m));
  };
  SumAnalysis s;
  s.rule = Rule::misere;
  s.heaps.assign(heaps.begin(), heaps.end());
  for (const auto n : heaps) {
    s.elements.push_back(p.phi(heap_index(n)));
    if (n >= run.phi.size()) s.from_period = true;
  }
  // The product of all heaps but i, for each i: prefix and suffix products.
  const quotient::Multiplier mult(p.monoid);
  const std::size_t k = heaps.size();
  std::vector<quotient::Element> prefix(k + 1, 0), suffix(k + 1, 0);
  for (std::size_t i = 0; i < k; ++i) prefix[i + 1] = p.times_heap(prefix[i], heap_index(heaps[i]));
  for (std::size_t i = k; i-- > 0;) suffix[i] = p.times_heap(suffix[i + 1], heap_index(heaps[i]));
  s.product = prefix[k];
  s.winner = p.monoid.is_p(s.product) ? Winner::second : Winner::first;
  if (s.winner == Winner::second) return s;
  std::uint64_t work = 0;
  for (std::size_t i = 0; i < k; ++i) {
    const quotient::Element rest = mult.times(prefix[i], suffix[i + 1]);
    const auto periodic =
        heaps[i] >= run.phi.size() ? std::optional<Period>(run.proof->period) : std::nullopt;
    add_heap_moves(
        code, s, i, periodic,
        [&](const Move& m) {
          quotient::Element x = rest;
          if (m.a > 0) x = p.times_heap(x, heap_index(m.a));
          if (m.b > 0) x = p.times_heap(x, heap_index(m.b));
          if (m.c > 0) x = p.times_heap(x, heap_index(m.c));
          return p.monoid.is_p(x);
        },
        work);
  }
  return s;
}

}  // namespace grundy::octal
