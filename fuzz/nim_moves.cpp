// Nim move lists and game records (grundy nim HEAPS --moves, the web page's records): the
// moves are played on heaps 3 4 5 and 2^63-1; any text either plays legal moves or is an
// InputError.
#include <cstdint>
#include <vector>

#include "fuzz_target.h"
#include "grundy/games/nim/nim.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  const std::vector<std::uint64_t> start{3, 4, 5, nim::kMaxHeap};
  fuzz::expect_only_input_errors([&] {
    auto heaps = start;
    nim::play_moves(heaps, fuzz::as_text(data, size));
    for (std::size_t i = 0; i < heaps.size(); ++i)
      fuzz::require(heaps[i] <= start[i], "a move only takes tokens away");
  });
  return 0;
}
