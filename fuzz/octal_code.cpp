// Octal codes (grundy octal CODE): parse, print, parse back, describe, and a short table.
#include "grundy/games/octal/octal_code.h"
#include "fuzz_target.h"
#include "grundy/games/octal/plain.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  fuzz::expect_only_input_errors([&] {
    const auto code = octal::OctalCode::parse(fuzz::as_text(data, size));
    const auto again = octal::OctalCode::parse(code.to_string());
    fuzz::require(again.to_string() == code.to_string(), "a code prints and parses back");
    fuzz::require(!code.describe().empty() || code.is_grundy(), "a game has rules to describe");
    const auto values = octal::plain_values(code, 64);
    fuzz::require(values.size() == 64, "plain_values gives as many values as asked");
  });
  return 0;
}
