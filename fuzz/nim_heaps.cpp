// Nim heap files (grundy nim --file): parse, then analyse under both rules.
#include <algorithm>

#include "fuzz_target.h"
#include "grundy/games/nim/nim.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  fuzz::expect_only_input_errors([&] {
    const auto heaps = nim::parse_heaps(fuzz::as_text(data, size), "heaps.txt");
    for (const Rule rule : {Rule::normal, Rule::misere}) {
      const auto a = nim::analyze(heaps, rule);
      // (Misère with every heap empty: the player to move has already won, without a move.)
      const bool any = std::any_of(heaps.begin(), heaps.end(), [](auto h) { return h > 0; });
      fuzz::require(!any || (a.winner == Winner::first) == !a.winning_moves.empty(),
                    "a winning position has a winning move, a losing one none");
      for (const auto& m : a.winning_moves)
        fuzz::require(m.heap < heaps.size() && m.to < m.from && heaps[m.heap] == m.from,
                      "a winning move reduces an existing heap");
    }
  });
  return 0;
}
