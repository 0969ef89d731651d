#include "grundy/core/text_check.h"

#include "grundy/core/error.h"
#include "grundy/core/parse.h"

namespace grundy {
namespace {

std::string hex_byte(std::uint8_t b) {
  constexpr char kDigits[] = "0123456789ABCDEF";
  return std::string{kDigits[b >> 4], kDigits[b & 15]};
}

enum class Utf8 { valid, invalid, incomplete };

// Decodes the sequence starting at s[i]: its length in `n` when valid.
Utf8 decode(std::string_view s, std::size_t i, std::size_t& n) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(s[k]); };
  const std::uint8_t b = byte(i);
  std::uint32_t cp;
  if (b < 0x80) {
    n = 1;
    return Utf8::valid;
  } else if (b >= 0xC2 && b <= 0xDF) {
    n = 2;
    cp = b & 0x1Fu;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3;
    cp = b & 0x0Fu;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4;
    cp = b & 0x07u;
  } else {
    return Utf8::invalid;  // a continuation byte, an overlong lead (C0, C1) or F5..FF
  }
  for (std::size_t k = 1; k < n; ++k) {
    if (i + k >= s.size()) return Utf8::incomplete;
    if ((byte(i + k) & 0xC0u) != 0x80u) return Utf8::invalid;
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
    // Reject overlong forms, surrogates and values above U+10FFFF as early as possible, so an
    // incomplete sequence is only ever a prefix of a valid one.
    if (k == 1) {
      const std::uint32_t top = cp;  // lead bits and 6 bits of the second byte
      if ((n == 3 && top < 0x20) || (n == 4 && top < 0x10)) return Utf8::invalid;
      if (n == 3 && top >= 0x360 && top <= 0x37F) return Utf8::invalid;  // U+D800..U+DFFF
      if (n == 4 && top > 0x10F) return Utf8::invalid;
    }
  }
  return Utf8::valid;
}

std::string escape(std::string_view s, std::size_t max_bytes, bool escape_quote) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (i >= max_bytes) {
      out += "...";
      break;
    }
    const char c = s[i];
    const auto b = static_cast<std::uint8_t>(c);
    std::size_t n = 1;
    if (b >= 0x80) {
      if (decode(s, i, n) == Utf8::valid)
        out.append(s.substr(i, n));
      else
        out += "\\x" + hex_byte(b), n = 1;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if ((c == '\\' || c == '\'') && escape_quote) {
      out += '\\';
      out += c;
    } else if (b < 0x20 || b == 0x7F) {
      out += "\\x" + hex_byte(b);
    } else {
      out += c;
    }
    i += n;
  }
  return out;
}

}  // namespace

TextScanner::TextScanner(std::string_view origin, TextLimits limits)
    : origin_(origin), limits_(limits) {}

void TextScanner::fail(const std::string& why) const {
  throw InputError(printable(origin_, 200) + " line " + std::to_string(line_) + " column " +
                   std::to_string(column_ + 1) + ": " + why);
}

void TextScanner::feed(std::string_view chunk) {
  if (!carry_.empty()) {
    // Complete the UTF-8 sequence left over from the last chunk (at most 3 more bytes).
    std::size_t used = 0, n = 0;
    Utf8 u;
    while ((u = decode(carry_, 0, n)) == Utf8::incomplete && used < chunk.size())
      carry_ += chunk[used++];
    if (u == Utf8::incomplete) return;
    const std::string sequence = std::move(carry_);
    carry_.clear();
    feed_bytes(sequence, true);
    chunk.remove_prefix(used);
  }
  feed_bytes(chunk, false);
}

void TextScanner::finish() {
  if (carry_.empty()) return;
  const std::string rest = std::move(carry_);
  carry_.clear();
  feed_bytes(rest, true);
}

void TextScanner::feed_bytes(std::string_view s, bool last) {
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    const auto b = static_cast<std::uint8_t>(c);
    if (c == '\n') {
      ++line_;
      column_ = token_ = 0;
      ++i;
      continue;
    }
    if (c == '\0') fail("a NUL byte (is this a binary file? input must be text)");
    std::size_t n = 1;
    if (b >= 0x80) {
      const Utf8 u = decode(s, i, n);
      if (u == Utf8::incomplete && !last) {
        carry_.assign(s.substr(i));
        return;
      }
      if (u != Utf8::valid) fail("a byte that is not UTF-8 text (0x" + hex_byte(b) + ")");
    }
    const bool blank = c == ' ' || c == '\t' || c == '\r' || c == ',';
    token_ = blank ? 0 : token_ + n;
    column_ += n;
    if (limits_.max_token && token_ > limits_.max_token) {
      column_ -= token_;
      fail("a word longer than " + size_text(limits_.max_token) + " (is this the right file?)");
    }
    if (limits_.max_line && column_ > limits_.max_line) {
      column_ = 0;
      fail("a line longer than " + size_text(limits_.max_line) + " (is this the right file?)");
    }
    i += n;
  }
}

void check_text(std::string_view text, std::string_view origin, TextLimits limits) {
  TextScanner scanner(origin, limits);
  scanner.feed(text);
  scanner.finish();
}

std::size_t first_invalid_utf8(std::string_view s) {
  std::size_t i = 0, n = 0;
  while (i < s.size()) {
    if (static_cast<std::uint8_t>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    if (decode(s, i, n) != Utf8::valid) return i;
    i += n;
  }
  return std::string_view::npos;
}

std::string_view first_char(std::string_view s) {
  std::size_t n = 0;
  if (s.empty()) return s;
  return s.substr(0, decode(s, 0, n) == Utf8::valid ? n : 1);
}

std::string printable(std::string_view s, std::size_t max_bytes) {
  return escape(s, max_bytes, true);
}

std::string one_line(std::string_view message) {
  return escape(message, std::string_view::npos, false);
}

}  // namespace grundy
