// Hackenbush string notation (grundy hackenbush --string TEXT).
#include "hackenbush_analysis.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  grundy::fuzz::expect_only_input_errors([&] {
    grundy::fuzz::analyze_hackenbush(
        grundy::hackenbush::parse_string_notation(grundy::fuzz::as_text(data, size), "--string"));
  });
  return 0;
}
