#include "grundy/core/parse.h"

#include <gtest/gtest.h>

#include "grundy/core/error.h"

namespace grundy {
namespace {

std::string message_of(std::string_view token) {
  try {
    parse_size(token, "--max-input");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Parse, WholeNumbers) {
  EXPECT_EQ(parse_uint("0", "n", 10), 0u);
  EXPECT_EQ(parse_uint("10", "n", 10), 10u);
  EXPECT_THROW(parse_uint("", "n", 10), InputError);
  EXPECT_THROW(parse_uint("11", "n", 10), InputError);
  EXPECT_THROW(parse_uint("-1", "n", 10), InputError);
  EXPECT_THROW(parse_uint("1x", "n", 10), InputError);
  EXPECT_THROW(parse_uint(" 1", "n", 10), InputError);
}

std::string decimal_message(std::string_view token, double min = 0, double max = 3'600'000) {
  try {
    parse_decimal(token, "--ms", min, max);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Parse, WholeNumbersInARange) {
  EXPECT_EQ(parse_uint_in("1", "--iterations", 1, 10), 1u);
  try {
    parse_uint_in("0", "--iterations", 1, 10);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "--iterations '0' is below 1");
  }
  try {
    parse_uint("99999999999999999999", "--iterations", 1000);
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "--iterations '99999999999999999999' is above 1000");
  }
}

// The inputs of issue 26 that hung or wrapped: each is now one line.
TEST(Parse, Decimals) {
  EXPECT_EQ(parse_decimal("0.5", "--seconds", 0, 10), 0.5);
  EXPECT_EQ(parse_decimal("2", "--seconds", 0, 10), 2.0);
  EXPECT_EQ(parse_decimal("1e3", "--ms", 0, 1e4), 1000.0);
  EXPECT_EQ(parse_decimal("1e-999", "--ms", 0, 1), 0.0);
  EXPECT_EQ(decimal_message("abc"), "--ms 'abc' is not a number");
  EXPECT_EQ(decimal_message("nan"), "--ms 'nan' is not a finite number");
  EXPECT_EQ(decimal_message("inf"), "--ms 'inf' is not a finite number");
  EXPECT_EQ(decimal_message("-inf"), "--ms '-inf' is not a finite number");
  EXPECT_EQ(decimal_message("1e30"), "--ms '1e30' is above 3600000");
  EXPECT_EQ(decimal_message("1e999"), "--ms '1e999' is above 3600000");
  EXPECT_EQ(decimal_message("-1"), "--ms '-1' is negative");
  EXPECT_EQ(decimal_message("-1e999"), "--ms '-1e999' is negative");
  EXPECT_EQ(decimal_message("0", 1), "--ms '0' is below 1");
  EXPECT_EQ(decimal_message(""), "--ms is empty");
  EXPECT_EQ(decimal_message(" 1"), "--ms ' 1' is not a number");
  EXPECT_EQ(decimal_message("+1"), "--ms '+1' is not a number");
  EXPECT_EQ(decimal_message("0x10"), "--ms '0x10' is not a number");
  EXPECT_EQ(decimal_message("1,5"), "--ms '1,5' is not a number");
  EXPECT_EQ(decimal_text(3'600'000), "3600000");
  EXPECT_EQ(decimal_text(0.5), "0.5");
  EXPECT_EQ(decimal_text(1e30), "1e+30");
}

TEST(Parse, Sizes) {
  EXPECT_EQ(parse_size("4096", "s"), 4096u);
  EXPECT_EQ(parse_size("64K", "s"), 64u << 10);
  EXPECT_EQ(parse_size("512m", "s"), 512u << 20);
  EXPECT_EQ(parse_size("2GiB", "s"), std::uint64_t{2} << 30);
  EXPECT_EQ(parse_size("1TB", "s"), std::uint64_t{1} << 40);
  EXPECT_EQ(parse_size("7B", "s"), 7u);
  EXPECT_EQ(message_of("3X"),
            "--max-input '3X' is not a size (use a number of bytes, or 64K, 512M, 2G)");
  EXPECT_EQ(message_of("G"),
            "--max-input 'G' is not a size (use a number of bytes, or 64K, 512M, 2G)");
  EXPECT_EQ(message_of(""), "--max-input is empty");
  EXPECT_EQ(message_of("9999999T"), "--max-input '9999999T' is above 2^62 bytes");
}

TEST(Parse, SizeText) {
  EXPECT_EQ(size_text(1u << 30), "1 GiB");
  EXPECT_EQ(size_text(3u << 20), "3 MiB");
  EXPECT_EQ(size_text(1000), "1000 bytes");
  EXPECT_EQ(size_text(0), "0 bytes");
}

}  // namespace
}  // namespace grundy
