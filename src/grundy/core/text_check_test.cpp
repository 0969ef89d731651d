#include "grundy/core/text_check.h"

#include <gtest/gtest.h>

#include "grundy/core/error.h"

namespace grundy {
namespace {

std::string text_message_of(std::string_view text) {
  try {
    check_text(text, "f.txt");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(TextCheck, ValidUtf8) {
  EXPECT_EQ(first_invalid_utf8(""), std::string_view::npos);
  EXPECT_EQ(first_invalid_utf8("a b\nmisère 한국어 \xF0\x9F\x98\x80"), std::string_view::npos);
}

TEST(TextCheck, InvalidUtf8) {
  EXPECT_EQ(first_invalid_utf8("\xff b"), 0u);
  EXPECT_EQ(first_invalid_utf8("ab\xC3"), 2u);             // truncated sequence
  EXPECT_EQ(first_invalid_utf8("a\xC0\x80"), 1u);          // overlong NUL
  EXPECT_EQ(first_invalid_utf8("a\xE0\x80\x80"), 1u);      // overlong
  EXPECT_EQ(first_invalid_utf8("\xED\xA0\x80"), 0u);       // surrogate
  EXPECT_EQ(first_invalid_utf8("x\xF4\x90\x80\x80"), 1u);  // above U+10FFFF
  EXPECT_EQ(first_invalid_utf8("\x80"), 0u);               // lone continuation
}

TEST(TextCheck, CheckTextNamesLineAndColumn) {
  EXPECT_EQ(text_message_of("a b\nc d\n"), "");
  EXPECT_EQ(text_message_of("a b\nc \xff\n"),
            "f.txt line 2 column 3: a byte that is not UTF-8 text (0xFF)");
  EXPECT_EQ(text_message_of(std::string_view("a\0b", 3)),
            "f.txt line 1 column 2: a NUL byte (is this a binary file? input must be text)");
  EXPECT_EQ(text_message_of(std::string_view("\0", 1)),
            "f.txt line 1 column 1: a NUL byte (is this a binary file? input must be text)");
  // The first problem wins, whichever kind it is.
  EXPECT_EQ(text_message_of(std::string_view("\n\n\xfe\0", 4)),
            "f.txt line 3 column 1: a byte that is not UTF-8 text (0xFE)");
}

std::string scan_in_pieces(std::string_view text, std::size_t piece, TextLimits limits = {}) {
  try {
    TextScanner scanner("f.txt", limits);
    for (std::size_t i = 0; i < text.size(); i += piece) scanner.feed(text.substr(i, piece));
    scanner.finish();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(TextCheck, ChunksSplitAnywhere) {
  const std::string good = "misère 한국어\n\xF0\x9F\x98\x80 x\n";
  const std::string bad = "ab\ncd \xE2\x82";  // ends inside a sequence
  for (std::size_t piece = 1; piece <= 5; ++piece) {
    EXPECT_EQ(scan_in_pieces(good, piece), "") << piece;
    EXPECT_EQ(scan_in_pieces(bad, piece),
              "f.txt line 2 column 4: a byte that is not UTF-8 text (0xE2)")
        << piece;
    EXPECT_EQ(scan_in_pieces("a\xC3(b", piece),
              "f.txt line 1 column 2: a byte that is not UTF-8 text (0xC3)")
        << piece;
  }
}

TEST(TextCheck, Limits) {
  const TextLimits limits{8, 3};
  EXPECT_EQ(scan_in_pieces("abc de,f\n12 456 7\n", 2, limits), "");
  EXPECT_EQ(scan_in_pieces("ab\nx abcd", 2, limits),
            "f.txt line 2 column 3: a word longer than 3 bytes (is this the right file?)");
  EXPECT_EQ(scan_in_pieces("ab cd ef g", 3, limits),
            "f.txt line 1 column 1: a line longer than 8 bytes (is this the right file?)");
  EXPECT_EQ(scan_in_pieces(std::string(5000, 'x'), 1000, {0, 4096}),
            "f.txt line 1 column 1: a word longer than 4 KiB (is this the right file?)");
}

TEST(TextCheck, Printable) {
  EXPECT_EQ(printable("abc"), "abc");
  EXPECT_EQ(printable("a\nb\tc'd\\"), "a\\nb\\tc\\'d\\\\");
  EXPECT_EQ(printable("\xff misère"), "\\xFF misère");
  EXPECT_EQ(printable(std::string_view("\0", 1)), "\\x00");
  EXPECT_EQ(printable("abcdefghij", 4), "abcd...");
  EXPECT_EQ(one_line("line 1\nline 2 'q'"), "line 1\\nline 2 'q'");
  // Whatever goes in, what comes out is one line of valid UTF-8.
  std::string all;
  for (int b = 0; b < 256; ++b) all += static_cast<char>(b);
  const std::string p = printable(all, all.size());
  EXPECT_EQ(first_invalid_utf8(p), std::string_view::npos);
  EXPECT_EQ(p.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace grundy
