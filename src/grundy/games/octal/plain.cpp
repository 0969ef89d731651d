#include "grundy/games/octal/plain.h"

#include <algorithm>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/mex.h"
#include "grundy/core/solver.h"
#include "grundy/games/octal/moves.h"
#include "grundy/games/octal/multi_heap.h"

namespace grundy::octal {

std::vector<std::uint32_t> plain_values(const OctalCode& code, std::uint64_t count) {
  std::vector<std::uint32_t> g(count);
  std::vector<std::uint32_t> options;
  Mex mex;
  for (std::uint64_t n = 0; n < count; ++n) {
    options.clear();
    for_each_move(code, n, [&](const Move& m) { options.push_back(g[m.a] ^ g[m.b] ^ g[m.c]); });
    g[n] = mex(std::span<const std::uint32_t>(options));
  }
  return g;
}

std::vector<std::uint32_t> misere_values(const OctalCode& code, std::uint64_t count,
                                         std::size_t max_positions) {
  const MultiHeapGame game{&code};
  Solver<MultiHeapGame> solver(game, Rule::misere, SolverLimits{max_positions});
  std::vector<std::uint32_t> g(count);
  for (std::uint64_t n = 0; n < count; ++n) {
    try {
      g[n] = solver.value(n == 0 ? Heaps{} : Heaps{n});
    } catch (const LimitError&) {
      throw LimitError("misère values of " + code.to_string() + " need the whole multi-heap game " +
                       "tree; a heap of " + std::to_string(n) + " has more than " +
                       std::to_string(max_positions) + " positions; ask for fewer values");
    }
  }
  return g;
}

}  // namespace grundy::octal
