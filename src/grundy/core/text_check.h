#pragma once
// Input text that parsers may trust, and user text that messages may echo.
//
// Every text format grundy reads (heap lists, edge lists, DAG files, JSON) is UTF-8 text. A NUL
// byte, bytes that are not UTF-8, a line or a word longer than the format allows: each is an
// InputError naming its line and column, raised as soon as the offending byte is seen (so a
// reader stops at once on /dev/zero), and nothing downstream (names echoed in JSON, messages)
// ever meets such bytes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace grundy {

struct TextLimits {
  std::size_t max_line = 0;   // bytes in one line, '\n' excluded; 0 = no limit
  std::size_t max_token = 0;  // bytes in one word (between blanks, newlines or commas); 0 = none
};

// Checks text fed in pieces of any size (a file read in chunks). Lines and columns count from 1;
// a column counts bytes.
class TextScanner {
 public:
  TextScanner(std::string_view origin, TextLimits limits = {});
  // Throws InputError "<origin> line L column C: ..." for the first bad byte.
  void feed(std::string_view chunk);
  // Throws if the text ends inside a UTF-8 sequence.
  void finish();

 private:
  [[noreturn]] void fail(const std::string& why) const;
  void feed_bytes(std::string_view s, bool last);

  std::string origin_;
  TextLimits limits_;
  std::uint64_t line_ = 1;
  std::size_t column_ = 0;  // bytes of the current line consumed so far
  std::size_t token_ = 0;   // bytes of the current word so far
  std::string carry_;       // an incomplete UTF-8 sequence at the end of the last chunk
};

// The whole of `text` through a TextScanner.
void check_text(std::string_view text, std::string_view origin, TextLimits limits = {});

// Where the first byte that does not begin a valid UTF-8 sequence lies (overlong forms,
// surrogates and code points above U+10FFFF are invalid), or npos if `s` is valid UTF-8.
std::size_t first_invalid_utf8(std::string_view s);

// The first character of `s` (a whole UTF-8 sequence, or its first byte if that is not UTF-8).
std::string_view first_char(std::string_view s);

// `s` quoted for a one-line message: control characters, quotes and invalid UTF-8 bytes are
// escaped (\n, \t, \xFF, \'), valid UTF-8 is kept, and text beyond `max_bytes` bytes is cut
// off with "...". The result is always one line of valid UTF-8.
std::string printable(std::string_view s, std::size_t max_bytes = 40);

// The same for a whole message: as above without quotes escaped or length limit.
std::string one_line(std::string_view message);

}  // namespace grundy
