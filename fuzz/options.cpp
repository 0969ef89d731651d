// Numbers and sizes given on the command line and to the web API (heaps, --at, --values,
// --limit, --max-input, --iterations, --seconds, --ms): core/parse.h, the one parser of both.
#include <cmath>
#include <string>

#include "fuzz_target.h"
#include "grundy/core/parse.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  const std::string_view text = fuzz::as_text(data, size);
  fuzz::expect_only_input_errors([&] {
    const std::uint64_t v = parse_uint(text, "--at", std::uint64_t{1} << 62, "2^62");
    fuzz::require(v <= (std::uint64_t{1} << 62), "parse_uint respects its bound");
    fuzz::require(parse_uint(std::to_string(v), "n", v) == v, "a number prints and parses back");
  });
  fuzz::expect_only_input_errors([&] {
    const std::uint64_t v = parse_uint_in(text, "--iterations", 1, 1'000'000'000);
    fuzz::require(v >= 1 && v <= 1'000'000'000, "parse_uint_in respects its range");
  });
  fuzz::expect_only_input_errors([&] {
    const double v = parse_decimal(text, "--ms", 1, 3'600'000);
    fuzz::require(std::isfinite(v) && v >= 1 && v <= 3'600'000, "parse_decimal respects its range");
    fuzz::require(parse_decimal(decimal_text(v), "n", 1, 3'600'000) == v,
                  "a decimal prints and parses back");
  });
  fuzz::expect_only_input_errors([&] {
    const double v = parse_decimal(text, "--seconds", 0, 1e8);
    fuzz::require(std::isfinite(v) && v >= 0 && v <= 1e8, "parse_decimal respects its range");
  });
  fuzz::expect_only_input_errors([&] {
    const std::uint64_t bytes = parse_size(text, "--max-input");
    fuzz::require(parse_size(std::to_string(bytes), "n") == bytes, "a size prints and parses back");
    const std::string shown = size_text(bytes);  // "3 MiB", "100 bytes"
    const std::size_t space = shown.find(' ');
    const std::string unit = shown.substr(space + 1);
    fuzz::require(parse_size(shown.substr(0, space) + (unit == "bytes" ? "" : unit), "n") == bytes,
                  "size_text reads back as the same size");
  });
  return 0;
}
