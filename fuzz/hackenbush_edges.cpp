// Hackenbush edge-list files (grundy hackenbush FILE).
#include "hackenbush_analysis.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  grundy::fuzz::expect_only_input_errors([&] {
    grundy::fuzz::analyze_hackenbush(
        grundy::hackenbush::parse_edge_list(grundy::fuzz::as_text(data, size), "g.txt"));
  });
  return 0;
}
