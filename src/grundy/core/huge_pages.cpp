#include "grundy/core/huge_pages.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <sstream>
#include <string>

namespace grundy {
namespace {

// "7fa331000000-7fa335000000 rw-s ...": the mapping's range, when `line` starts with one.
bool mapping_range(std::string_view line, std::uintptr_t& lo, std::uintptr_t& hi) {
  const std::size_t dash = line.find('-');
  const std::size_t space = line.find(' ');
  if (dash == std::string_view::npos || space == std::string_view::npos || dash > space)
    return false;
  const char* end = line.data() + space;
  auto a = std::from_chars(line.data(), line.data() + dash, lo, 16);
  auto b = std::from_chars(line.data() + dash + 1, end, hi, 16);
  return a.ec == std::errc() && a.ptr == line.data() + dash && b.ec == std::errc() &&
         b.ptr == end && lo < hi;
}

// "ShmemPmdMapped:    65536 kB": the bytes, when `line` is one of the huge-page fields.
bool huge_field(std::string_view line, std::size_t& bytes) {
  static constexpr std::array<std::string_view, 5> kFields = {
      "AnonHugePages:", "ShmemPmdMapped:", "FilePmdMapped:", "Shared_Hugetlb:", "Private_Hugetlb:"};
  for (std::string_view field : kFields) {
    if (!line.starts_with(field)) continue;
    std::string_view rest = line.substr(field.size());
    rest.remove_prefix(std::min(rest.find_first_not_of(' '), rest.size()));
    std::size_t kib = 0;
    auto r = std::from_chars(rest.data(), rest.data() + rest.size(), kib);
    if (r.ec != std::errc() || std::string_view(r.ptr, rest.data() + rest.size()) != " kB" ||
        kib > (SIZE_MAX >> 10))
      return false;
    bytes = kib << 10;
    return true;
  }
  return false;
}

}  // namespace

std::size_t huge_page_bytes(std::string_view smaps, std::uintptr_t from, std::uintptr_t to) {
  const std::size_t cap = to > from ? to - from : 0;
  std::size_t total = 0;  // at most cap: the sum cannot wrap
  bool inside = false;
  while (!smaps.empty()) {
    const std::size_t eol = std::min(smaps.find('\n'), smaps.size());
    const std::string_view line = smaps.substr(0, eol);
    smaps.remove_prefix(std::min(eol + 1, smaps.size()));
    std::uintptr_t lo = 0, hi = 0;
    std::size_t bytes = 0;
    if (mapping_range(line, lo, hi))
      inside = lo < to && from < hi;
    else if (inside && huge_field(line, bytes))
      total += std::min(bytes, cap - total);
  }
  return total;
}

std::size_t huge_page_bytes(const void* start, std::size_t bytes) {
  std::ifstream in("/proc/self/smaps");
  if (!in || start == nullptr || bytes == 0) return 0;
  std::ostringstream text;
  text << in.rdbuf();
  const auto from = reinterpret_cast<std::uintptr_t>(start);
  return huge_page_bytes(text.str(), from, from + std::min(bytes, UINTPTR_MAX - from));
}

}  // namespace grundy
