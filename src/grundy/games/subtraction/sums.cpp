#include "grundy/games/subtraction/sums.h"

#include <algorithm>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/sum.h"

namespace grundy::subtraction {

namespace {

void add_move(SumAnalysis& a, std::size_t i, std::uint64_t k) {
  ++a.winning_moves_total;
  if (a.winning_moves.size() < kMaxListedSumMoves)
    a.winning_moves.push_back({i, a.heaps[i], k, a.heaps[i] - k});
}

}  // namespace

SumAnalysis analyze_sum(const SubtractionSet& s, std::span<const std::uint64_t> heaps,
                        const std::atomic<bool>* stop) {
  check_sum_heaps(heaps, kMaxSumHeaps);
  SumAnalysis a;
  a.heaps.assign(heaps.begin(), heaps.end());
  const std::uint64_t largest = *std::max_element(heaps.begin(), heaps.end());
  const ValuesThrough v = values_through(s, largest, Rule::normal, {}, stop);
  const auto g = [&](std::uint64_t m) { return v.at(m); };
  for (const auto n : heaps) {
    a.values.push_back(g(n));
    a.value ^= a.values.back();
    if (v.cert && n >= v.prefix.size()) a.from_period = true;
  }
  a.winner = winner_from_value(a.value);
  if (a.value == 0) return a;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint64_t target = a.values[i] ^ a.value;
    s.for_each_member_up_to(heaps[i], [&](std::uint64_t k) {
      if (g(heaps[i] - k) == target) add_move(a, i, k);
    });
  }
  return a;
}

quotient::HeapRules heap_rules(const SubtractionSet& s) {
  quotient::HeapRules rules;
  rules.options = [s](std::uint32_t n, std::vector<quotient::Parts>& out) {
    out.clear();
    s.for_each_member_up_to(n, [&](std::uint64_t k) {
      out.push_back({static_cast<std::uint32_t>(n - k), 0, 0});
    });
  };
  if (s.is_finite() && s.largest() < (std::uint64_t{1} << 31))
    rules.t = static_cast<std::uint32_t>(s.largest());
  rules.h = 1;
  return rules;
}

MisereQuotient quotient_for_sum(const SubtractionSet& s, std::span<const std::uint64_t> heaps,
                                const std::atomic<bool>* stop) {
  check_sum_heaps(heaps, kMaxSumHeaps);
  const std::uint64_t largest = *std::max_element(heaps.begin(), heaps.end());
  const auto rules = heap_rules(s);
  if (!rules.t && largest > kMaxQuotientHeap)
    throw LimitError("misère sums of " + s.to_string() +
                     " go through its misère quotient, computed heap by heap up to heap " +
                     std::to_string(kMaxQuotientHeap) +
                     " (the set is not finite, so no "
                     "stabilisation argument applies); a heap of " +
                     std::to_string(largest) + " is beyond that");
  quotient::QuotientGoal goal;
  goal.max_heap = static_cast<std::uint32_t>(std::min<std::uint64_t>(largest, kMaxQuotientHeap));
  goal.poll = [stop] {
    if (stop && stop->load()) throw LimitError("stopped");
  };
  MisereQuotient q;
  q.run = quotient::compute_quotient(rules, goal);
  if (!q.run.element(largest))
    throw LimitError("the misère quotient of " + s.to_string() + " is not known for a heap of " +
                     std::to_string(largest) +
                     (q.run.stopped.empty() ? ": it was not proven stable up to heap " +
                                                  std::to_string(q.run.last_heap)
                                            : ": " + q.run.stopped));
  q.presentation = quotient::present(q.run.quotient);
  return q;
}

SumAnalysis analyze_misere_sum(const SubtractionSet& s, std::span<const std::uint64_t> heaps,
                               const MisereQuotient& q) {
  check_sum_heaps(heaps, kMaxSumHeaps);
  const quotient::Pretension& p = q.run.quotient;
  const auto index = [&](std::uint64_t m) -> std::uint32_t {
    if (m < q.run.phi.size()) return static_cast<std::uint32_t>(m);
    if (!q.run.proof)
      throw LimitError("the misère quotient is not known for a heap of " + std::to_string(m));
    return static_cast<std::uint32_t>(periodic_index(q.run.proof->period, m));
  };
  SumAnalysis a;
  a.rule = Rule::misere;
  a.heaps.assign(heaps.begin(), heaps.end());
  const std::size_t k = heaps.size();
  std::vector<quotient::Element> prefix(k + 1, 0), suffix(k + 1, 0);
  for (std::size_t i = 0; i < k; ++i) {
    a.elements.push_back(p.phi(index(heaps[i])));
    if (heaps[i] >= q.run.phi.size()) a.from_period = true;
    prefix[i + 1] = p.times_heap(prefix[i], index(heaps[i]));
  }
  for (std::size_t i = k; i-- > 0;) suffix[i] = p.times_heap(suffix[i + 1], index(heaps[i]));
  a.product = prefix[k];
  a.winner = p.monoid.is_p(a.product) ? Winner::second : Winner::first;
  if (a.winner == Winner::second) return a;
  const quotient::Multiplier mult(p.monoid);
  for (std::size_t i = 0; i < k; ++i) {
    const quotient::Element rest = mult.times(prefix[i], suffix[i + 1]);
    s.for_each_member_up_to(heaps[i], [&](std::uint64_t t) {
      const std::uint64_t left = heaps[i] - t;
      const quotient::Element x = left == 0 ? rest : p.times_heap(rest, index(left));
      if (p.monoid.is_p(x)) add_move(a, i, t);
    });
  }
  return a;
}

}  // namespace grundy::subtraction
