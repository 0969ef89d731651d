// Hackenbush JSON files (grundy hackenbush FILE.json).
#include "hackenbush_analysis.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  grundy::fuzz::expect_only_input_errors([&] {
    grundy::fuzz::analyze_hackenbush(
        grundy::hackenbush::parse_json_graph(grundy::fuzz::as_text(data, size), "g.json"));
  });
  return 0;
}
