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
