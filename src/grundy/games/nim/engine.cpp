#include "grundy/games/nim/engine.h"

#include <vector>

#include "grundy/core/error.h"

namespace grundy::nim {
namespace {

// Uniform in [0, n) for any n >= 1 (rejection keeps it exact for heaps up to 2^63-1).
std::uint64_t uniform_below(search::Rng& rng, std::uint64_t n) {
  const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n + 1) % n;
  std::uint64_t x = rng();
  while (x > limit) x = rng();
  return x % n;
}

}  // namespace

Take choose_move(std::span<const std::uint64_t> heaps, Rule rule, Strength strength,
                 search::Rng& rng) {
  std::vector<std::size_t> non_empty;
  std::size_t largest = 0;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    if (heaps[i] > 0) non_empty.push_back(i);
    if (heaps[i] > heaps[largest]) largest = i;
  }
  if (non_empty.empty()) throw InputError("every heap is empty: there is no move to make");
  if (plays_at_random(strength, rng.uniform())) {
    const std::size_t heap = non_empty[uniform_below(rng, non_empty.size())];
    return {heap, 1 + uniform_below(rng, heaps[heap])};
  }
  const Analysis a = analyze(heaps, rule);
  if (!a.winning_moves.empty()) {
    const Move& m = a.winning_moves.front();
    return {m.heap, m.from - m.to};
  }
  return {largest, 1};
}

}  // namespace grundy::nim
