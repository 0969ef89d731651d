// The checks every text input passes (grundy/core/text_check.h): fed in chunks of any size, the
// scanner must agree with a check of the whole text, and messages must echo it as one line of
// valid UTF-8.
#include <string>

#include "fuzz_target.h"
#include "grundy/core/text_check.h"

namespace {

std::string outcome(std::string_view text, std::size_t piece, grundy::TextLimits limits) {
  try {
    grundy::TextScanner scanner("f", limits);
    for (std::size_t i = 0; i < text.size(); i += piece) scanner.feed(text.substr(i, piece));
    scanner.finish();
  } catch (const grundy::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  if (size == 0) return 0;
  // The first byte chooses the limits and the chunk size; the rest is the text.
  const std::uint8_t knobs = data[0];
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  const TextLimits limits{static_cast<std::size_t>(knobs & 0x0F),
                          static_cast<std::size_t>(knobs >> 4)};
  const std::string whole = outcome(text, text.size() + 1, limits);
  for (const std::size_t piece : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{7}})
    fuzz::require(outcome(text, piece, limits) == whole, "chunked and whole checks agree");
  fuzz::require(first_invalid_utf8(whole) == std::string_view::npos, "messages are UTF-8");
  const std::string shown = printable(text, 64), line = one_line(text);
  for (const std::string* s : {&shown, &line}) {
    fuzz::require(first_invalid_utf8(*s) == std::string_view::npos, "printable is UTF-8");
    fuzz::require(s->find('\n') == std::string::npos && s->find('\0') == std::string::npos,
                  "printable is one line");
  }
  if (whole.empty())
    fuzz::require(first_invalid_utf8(text) == std::string_view::npos, "accepted text is UTF-8");
  return 0;
}
