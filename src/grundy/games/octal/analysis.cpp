#include "grundy/games/octal/analysis.h"

#include <algorithm>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/games/octal/engine.h"
#include "grundy/games/octal/moves.h"
#include "grundy/games/octal/multi_heap.h"
#include "grundy/games/octal/plain.h"

namespace grundy::octal {
namespace {

constexpr std::uint64_t kMaxTripleHeap = 20000;

}  // namespace

std::string common_name(const OctalCode& code) {
  const std::string c = code.to_string();
  if (c == "grundy") return "Grundy's game";
  if (c == "0.77") return "Kayles";
  if (c == "0.07") return "Dawson's Kayles";
  if (c == "0.137") return "Dawson's Chess";
  return "";
}

Table table(const OctalCode& code, std::uint64_t count, Rule rule, std::uint64_t proof_limit,
            const Control& control) {
  Table t;
  t.count = count;
  if (rule == Rule::misere) {
    if (count > kMaxMisereValues)
      throw LimitError("misère tables are limited to " + std::to_string(kMaxMisereValues) +
                       " values");
    t.computed = misere_values(code, count);
    t.observed = observed_period(t.computed);
    return t;
  }
  if (count > kMaxMemoryValues)
    throw LimitError("asked for " + std::to_string(count) +
                     " values; a table in memory holds at most " +
                     std::to_string(kMaxMemoryValues) + " (write longer tables with --out)");
  t.proof_limit = std::max(count, proof_limit);
  if (code.is_grundy()) {
    t.computed = engine_values(code, count, {}, control);
  } else {
    // Without a proof the search computes at least `count` values; with one, the rest of the
    // table comes from the period.
    t.proof = prove_period(code, t.proof_limit, &t.computed, {}, control);
  }
  if (!t.proof) {
    t.computed.resize(count);
    t.observed = observed_period(t.computed);
  }
  return t;
}

namespace {

HeapAnalysis analyze_misere(const OctalCode& code, std::uint64_t n) {
  if (n >= kMaxMisereValues)
    throw LimitError("misère analysis is limited to heaps below " +
                     std::to_string(kMaxMisereValues));
  const MultiHeapGame game{&code};
  Solver<MultiHeapGame> solver(game, Rule::misere, SolverLimits{kMaxMiserePositions});
  HeapAnalysis h;
  h.n = n;
  const Heaps root = n == 0 ? Heaps{} : Heaps{n};
  try {
    h.value = solver.value(root);
    h.winner = winner_from_value(h.value);
    for_each_move(code, n, [&](const Move& m) {
      Heaps to;
      if (m.c > 0) to.push_back(m.c);
      if (m.b > 0) to.push_back(m.b);
      if (m.a > 0) to.push_back(m.a);
      if (solver.value(to) == 0) h.winning_moves.push_back(m);
    });
  } catch (const LimitError&) {
    throw LimitError("misère analysis of a heap of " + std::to_string(n) + " needs more than " +
                     std::to_string(kMaxMiserePositions) + " multi-heap positions");
  }
  h.winning_moves_total = h.winning_moves.size();
  return h;
}

}  // namespace

HeapAnalysis analyze(const OctalCode& code, std::uint64_t n, Rule rule, std::uint64_t proof_limit,
                     const Control& control) {
  if (rule == Rule::misere) return analyze_misere(code, n);
  HeapAnalysis h;
  h.n = n;
  std::vector<std::uint32_t> values;
  if (!code.is_grundy()) {
    const std::uint64_t limit = n < kMaxDirectHeap ? std::min(proof_limit, n + 1) : proof_limit;
    h.proof = prove_period(code, std::max<std::uint64_t>(limit, 1), &values, {}, control);
  }
  const auto G = [&](std::uint64_t x) -> std::uint32_t {
    return x < values.size() ? values[x] : periodic_value(values, h.proof->period, x);
  };
  std::uint64_t max_split = ~std::uint64_t{0};
  if (n >= values.size()) {
    if (h.proof) {
      h.from_period = true;
      // Once both parts are at least e, a split's value depends only on b mod p.
      if (code.max_parts() <= 2) max_split = h.proof->period.preperiod + h.proof->period.period - 1;
    } else if (n < kMaxDirectHeap) {
      values = engine_values(code, n + 1, {}, control);
    } else {
      throw LimitError(
          code.is_grundy()
              ? "Grundy's game has no known period; heaps are limited to " +
                    std::to_string(kMaxDirectHeap) + " here (use --values with --out for tables)"
              : "no period of " + code.to_string() + " was proven within " +
                    std::to_string(proof_limit) + " values, and G(" + std::to_string(n) +
                    ") would need all of the values before it (heaps are computed directly only "
                    "below " +
                    std::to_string(kMaxDirectHeap) +
                    "); search further with --limit N (up to 2^28), if the game is periodic at "
                    "all");
    }
  }
  h.value = G(n);
  h.winner = winner_from_value(h.value);
  // Three-heap splits number about n^2 / 12: listed only for heaps small enough.
  if (code.max_parts() > 2 && n > kMaxTripleHeap) {
    h.winning_moves_complete = false;
    return h;
  }
  for_each_move(
      code, n,
      [&](const Move& m) {
        if ((G(m.a) ^ G(m.b) ^ G(m.c)) != 0) return;
        std::uint64_t copies = 1;
        if (h.from_period && m.c == 0 && m.b > 0 && m.b >= h.proof->period.preperiod &&
            code.max_parts() <= 2) {
          // b, b + p, b + 2p, ... while b stays the smaller part.
          const std::uint64_t rest = m.a + m.b;
          const std::uint64_t top = code.is_grundy() ? (rest - 1) / 2 : rest / 2;
          copies = (top - m.b) / h.proof->period.period + 1;
          if (copies > 1) h.winning_moves_complete = false;
        }
        h.winning_moves_total += copies;
        if (h.winning_moves.size() < kMaxListedMoves) h.winning_moves.push_back(m);
      },
      max_split);
  if (h.winning_moves.size() < h.winning_moves_total && h.winning_moves_complete)
    h.winning_moves_complete = false;
  return h;
}

}  // namespace grundy::octal
