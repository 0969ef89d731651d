#include "grundy/games/subtraction/subtraction_set.h"

#include <algorithm>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/core/text.h"
#include "grundy/core/text_check.h"

namespace grundy::subtraction {
namespace {

constexpr std::uint64_t kMaxAmount = std::uint64_t{1} << 62;

std::uint64_t parse_amount(std::string_view token, std::string_view what) {
  return parse_uint(token, what, kMaxAmount, "2^62");
}

std::vector<std::uint64_t> parse_list(std::string_view list, std::string_view what) {
  std::vector<std::uint64_t> out;
  if (list.empty()) return out;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    const std::string_view token =
        list.substr(start, comma == std::string_view::npos ? list.npos : comma - start);
    const std::string element = std::string(what) + " element " + std::to_string(out.size() + 1);
    const std::uint64_t v = parse_amount(token, element);
    if (v == 0) throw InputError(element + " is 0, which is not a move");
    out.push_back(v);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  std::sort(out.begin(), out.end());
  if (auto dup = std::adjacent_find(out.begin(), out.end()); dup != out.end())
    throw InputError(std::string(what) + " lists " + std::to_string(*dup) + " twice");
  return out;
}

std::string join(const std::vector<std::uint64_t>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

}  // namespace

SubtractionSet SubtractionSet::finite(std::vector<std::uint64_t> amounts) {
  return parse(join(amounts));
}

SubtractionSet SubtractionSet::parse(std::string_view spec) {
  SubtractionSet s;
  if (spec.empty()) throw InputError("the subtraction set is empty; give amounts like 1,3,4");
  const std::size_t colon = spec.find(':');
  const std::string keyword = lower_ascii(colon == spec.npos ? spec : spec.substr(0, colon + 1));
  if (keyword == "squares") {
    s.kind_ = SetKind::squares;
  } else if (keyword == "fibonacci") {
    s.kind_ = SetKind::fibonacci;
  } else if (keyword == "powers:") {
    s.kind_ = SetKind::powers;
    s.base_ = parse_amount(spec.substr(7), "powers:K");
    if (s.base_ < 2) throw InputError("powers:K needs K >= 2, got " + std::to_string(s.base_));
  } else if (keyword == "allbut:") {
    s.kind_ = SetKind::all_but;
    s.listed_ = parse_list(spec.substr(7), "the allbut list");
  } else if (spec.find(':') != spec.npos ||
             !((spec.front() >= '0' && spec.front() <= '9') || spec.front() == '-')) {
    throw InputError("unknown subtraction set '" + printable(spec) +
                     "'; use amounts like 1,3,4 or squares, powers:K, fibonacci, allbut:LIST");
  } else {
    s.listed_ = parse_list(spec, "the subtraction set");
    if (s.listed_.empty()) throw InputError("the subtraction set is empty");
  }
  return s;
}

bool SubtractionSet::contains(std::uint64_t k) const {
  if (k == 0) return false;
  switch (kind_) {
    case SetKind::finite:
      return std::binary_search(listed_.begin(), listed_.end(), k);
    case SetKind::all_but:
      return !std::binary_search(listed_.begin(), listed_.end(), k);
    default: {
      const auto m = members_up_to(k);
      return !m.empty() && m.back() == k;
    }
  }
}

std::vector<std::uint64_t> SubtractionSet::members_up_to(std::uint64_t n) const {
  std::vector<std::uint64_t> out;
  switch (kind_) {
    case SetKind::finite:
      for (std::uint64_t k : listed_)
        if (k <= n) out.push_back(k);
      break;
    case SetKind::squares:
      for (std::uint64_t i = 1; i * i <= n; ++i) out.push_back(i * i);
      break;
    case SetKind::powers:
      for (std::uint64_t p = 1; p <= n; p *= base_) {
        out.push_back(p);
        if (p > n / base_) break;
      }
      break;
    case SetKind::fibonacci:
      for (std::uint64_t a = 1, b = 2; a <= n;) {
        out.push_back(a);
        const std::uint64_t c = a + b;
        a = b;
        b = c;
      }
      break;
    case SetKind::all_but:
      for (std::uint64_t k = 1; k <= n; ++k)
        if (contains(k)) out.push_back(k);
      break;
  }
  return out;
}

std::string SubtractionSet::to_string() const {
  switch (kind_) {
    case SetKind::finite:
      return join(listed_);
    case SetKind::squares:
      return "squares";
    case SetKind::powers:
      return "powers:" + std::to_string(base_);
    case SetKind::fibonacci:
      return "fibonacci";
    case SetKind::all_but:
      return "allbut:" + join(listed_);
  }
  return "";
}

}  // namespace grundy::subtraction
