#include "grundy/games/nim/record.h"

#include <string>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/core/text.h"
#include "grundy/games/nim/nim.h"

namespace grundy::nim {
namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (is_blank(s.front()))) s.remove_prefix(1);
  while (!s.empty() && (is_blank(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

RecordHeader read_record_header(std::string_view text, std::string_view origin) {
  RecordHeader header;
  std::size_t line_no = 0, start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trimmed(text.substr(start, end - start));
    start = end + 1;
    ++line_no;
    if (line.empty() || line.front() != '#') continue;
    const std::string_view comment = trimmed(line.substr(1));
    const auto colon = comment.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string key = lower_ascii(trimmed(comment.substr(0, colon)));
    const std::string_view value = trimmed(comment.substr(colon + 1));
    const std::string where = std::string(origin) + " line " + std::to_string(line_no);
    if (key == "heaps") {
      if (header.heaps) throw InputError(where + ": a second '# Heaps:' line");
      std::vector<std::uint64_t> heaps;
      for (const auto word : split_words(value))
        heaps.push_back(parse_uint(word, where + ": heap " + std::to_string(heaps.size() + 1),
                                   kMaxHeap, "2^63-1"));
      if (heaps.empty()) throw InputError(where + ": '# Heaps:' names no heap");
      header.heaps = std::move(heaps);
    } else if (key == "rule") {
      if (header.rule) throw InputError(where + ": a second '# Rule:' line");
      const std::string rule = lower_ascii(value);
      if (rule == "normal" || rule == "normal play")
        header.rule = Rule::normal;
      else if (rule == "misere" || rule == "misère" || rule == "misere play" ||
               rule == "misère play")
        header.rule = Rule::misere;
      else
        throw InputError(where + ": rule '" + shown_token(value) + "' is not normal or misere");
    }
  }
  return header;
}

}  // namespace grundy::nim
