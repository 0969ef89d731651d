#include "grundy/core/parse.h"

#include <charconv>
#include <cmath>
#include <string>

#include <fmt/core.h>

#include "grundy/core/error.h"
#include "grundy/core/text_check.h"

namespace grundy {

std::uint64_t parse_uint(std::string_view token, std::string_view what, std::uint64_t max,
                         std::string_view max_name) {
  const auto quoted = [&] { return std::string(what) + " '" + printable(token) + "'"; };
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

std::uint64_t parse_uint_in(std::string_view token, std::string_view what, std::uint64_t min,
                            std::uint64_t max, std::string_view max_name) {
  const std::uint64_t v = parse_uint(token, what, max, max_name);
  if (v < min)
    throw InputError(std::string(what) + " '" + printable(token) + "' is below " +
                     std::to_string(min));
  return v;
}

std::string decimal_text(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
    return fmt::format("{:.0f}", v);
  return fmt::format("{}", v);
}

double parse_decimal(std::string_view token, std::string_view what, double min, double max,
                     std::string_view max_name) {
  const auto quoted = [&] { return std::string(what) + " '" + printable(token) + "'"; };
  if (token.empty()) throw InputError(std::string(what) + " is empty");
  // from_chars reads "inf", "nan" and exponents, but neither a leading '+' nor blanks.
  double v = 0;
  const char* end = token.data() + token.size();
  const auto [next, ec] = std::from_chars(token.data(), end, v);
  if (ec == std::errc::invalid_argument || next != end)
    throw InputError(quoted() + " is not a number");
  const auto above = [&] {
    return InputError(quoted() + " is above " +
                      (max_name.empty() ? decimal_text(max) : std::string(max_name)));
  };
  if (ec == std::errc::result_out_of_range) {
    // 1e999 overflows, 1e-999 underflows (to zero, as far as any range here is concerned).
    const auto e = token.find_first_of("eE");
    const bool underflow =
        e != std::string_view::npos && e + 1 < token.size() && token[e + 1] == '-';
    if (token.front() == '-' && min >= 0) throw InputError(quoted() + " is negative");
    if (!underflow) throw above();
    v = 0;
  }
  if (!std::isfinite(v)) throw InputError(quoted() + " is not a finite number");
  if (v < 0 && min >= 0) throw InputError(quoted() + " is negative");
  if (v < min) throw InputError(quoted() + " is below " + decimal_text(min));
  if (v > max) throw above();
  return v;
}

std::uint64_t parse_size(std::string_view token, std::string_view what) {
  std::size_t digits = 0;
  while (digits < token.size() && token[digits] >= '0' && token[digits] <= '9') ++digits;
  std::string unit(token.substr(digits));
  for (char& c : unit) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  int shift = -1;
  const char* const kUnits[][4] = {{"", "B", "BYTES", ""},
                                   {"K", "KB", "KIB", ""},
                                   {"M", "MB", "MIB", ""},
                                   {"G", "GB", "GIB", ""},
                                   {"T", "TB", "TIB", ""}};
  for (int i = 0; i < 5 && shift < 0; ++i)
    for (int j = 0; j < 3; ++j)
      if (unit == kUnits[i][j]) shift = 10 * i;
  if (digits == 0 || shift < 0) {
    if (token.empty()) throw InputError(std::string(what) + " is empty");
    throw InputError(std::string(what) + " '" + printable(token) +
                     "' is not a size (use a number of bytes, or 64K, 512M, 2G)");
  }
  constexpr std::uint64_t kMax = std::uint64_t{1} << 62;
  const std::uint64_t n = parse_uint(token.substr(0, digits), what, kMax, "2^62");
  if (shift > 0 && n > (kMax >> shift))
    throw InputError(std::string(what) + " '" + printable(token) + "' is above 2^62 bytes");
  return n << shift;
}

std::string size_text(std::uint64_t bytes) {
  const char* const kUnits[] = {" bytes", " KiB", " MiB", " GiB", " TiB"};
  int unit = 0;
  while (unit < 4 && bytes != 0 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++unit;
  }
  return std::to_string(bytes) + kUnits[unit];
}

}  // namespace grundy
