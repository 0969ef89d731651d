#include "grundy/core/parse_list.h"

#include <string>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"

namespace grundy {

std::vector<std::uint64_t> parse_uint_list(std::string_view text, std::string_view what,
                                           std::string_view item, std::uint64_t max,
                                           std::string_view max_name, std::size_t max_count) {
  if (text.empty()) throw InputError(std::string(what) + " is empty (give numbers like 3,5,9)");
  std::vector<std::uint64_t> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view token = text.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (out.size() == max_count)
      throw LimitError(std::string(what) + " has more than " + std::to_string(max_count) + " " +
                       std::string(item) + "s");
    out.push_back(
        parse_uint(token, std::string(item) + " " + std::to_string(out.size() + 1), max, max_name));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

}  // namespace grundy
