#pragma once
// Sums of games: play in exactly one component per move. The value of a sum is the nim-sum
// (xor) of the components' values; a winning move takes one component i from value g_i to
// value g_i xor total, which leaves a sum of value 0.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/nim_sum.h"
#include "grundy/core/outcome.h"
#include "grundy/core/solver.h"

namespace grundy {

// A sum of heaps a user asked about: at least one heap, at most `max` (InputError, LimitError).
inline void check_sum_heaps(std::span<const std::uint64_t> heaps, std::size_t max) {
  if (heaps.empty()) throw InputError("no heaps given");
  if (heaps.size() > max) throw LimitError("a sum is limited to " + std::to_string(max) + " heaps");
}

// The value component i must move to for the whole sum to become 0 (only meaningful when the
// total is non-zero; whether such a move exists depends on the component's options).
constexpr std::uint64_t sum_target(std::uint64_t component_value, std::uint64_t total) {
  return component_value ^ total;
}

template <class Position>
struct SumMove {
  std::size_t component;
  Position to;
};

template <class Position>
struct SumAnalysis {
  std::vector<std::uint32_t> component_values;
  std::uint64_t value = 0;
  Winner winner = Winner::second;
  std::vector<SumMove<Position>> winning_moves;  // every move that leaves a sum of value 0
};

// Analyses a sum of positions of one game under normal play.
template <ImpartialGame G>
SumAnalysis<typename G::Position> analyze_sum(Solver<G>& solver,
                                              std::span<const typename G::Position> parts) {
  SumAnalysis<typename G::Position> a;
  for (const auto& p : parts) a.component_values.push_back(solver.value(p));
  a.value = nim_sum(std::span<const std::uint32_t>(a.component_values));
  a.winner = winner_from_value(a.value);
  if (a.value == 0) return a;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const auto target = static_cast<std::uint32_t>(sum_target(a.component_values[i], a.value));
    for (auto& to : solver.moves_to_value(parts[i], target)) a.winning_moves.push_back({i, to});
  }
  return a;
}

}  // namespace grundy
