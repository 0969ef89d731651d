// Checkpoints of misère quotient computations (grundy misere --quotient --checkpoint FILE
// --resume), read back for Kayles: a file that parses must then pass the check against the game
// or be refused with an InputError; nothing else may happen.
#include <vector>

#include "fuzz_target.h"
#include "grundy/core/quotient/builder.h"
#include "grundy/core/quotient/checkpoint.h"
#include "grundy/games/octal/misere_quotient.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  fuzz::expect_only_input_errors([&] {
    const auto state = quotient::read_state(fuzz::as_text(data, size), "octal 0.77", "fuzz");
    // Large saved quotients are valid input but slow to check: the fuzzer looks at small ones.
    if (state.pretension.monoid.order() > 256 || state.pretension.heaps() > 64) return;
    quotient::Builder b(octal::heap_rules(octal::OctalCode::parse("0.77")).options, state);
    fuzz::require(b.heaps() == state.pretension.heaps(), "a resumed builder keeps its heaps");
    b.add_heap();
  });
  return 0;
}
