#include "grundy/core/parse.h"

#include <charconv>
#include <string>

#include "grundy/core/error.h"

namespace grundy {

std::uint64_t parse_uint(std::string_view token, std::string_view what, std::uint64_t max,
                         std::string_view max_name) {
  const auto quoted = [&] {
    const std::string_view shown = token.substr(0, 40);
    return std::string(what) + " '" + std::string(shown) + (token.size() > 40 ? "...'" : "'");
  };
  if (token.empty()) throw InputError(std::string(what) + " is empty");
  std::uint64_t v = 0;
  const char* end = token.data() + token.size();
  const auto [next, ec] = std::from_chars(token.data(), end, v);
  if (token.front() == '-' && token.size() > 1 &&
      token.find_first_not_of("0123456789", 1) == std::string_view::npos)
    throw InputError(quoted() + " is negative");
  if (ec == std::errc::invalid_argument || next != end)
    throw InputError(quoted() + " is not a whole number");
  if (ec == std::errc::result_out_of_range || v > max)
    throw InputError(quoted() + " is above " +
                     (max_name.empty() ? std::to_string(max) : std::string(max_name)));
  return v;
}

}  // namespace grundy
