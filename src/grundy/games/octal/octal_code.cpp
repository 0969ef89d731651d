#include "grundy/games/octal/octal_code.h"

#include <algorithm>
#include <string>

#include "grundy/core/error.h"

namespace grundy::octal {
namespace {

std::string shown(std::string_view text) {
  return std::string(text.substr(0, 40)) + (text.size() > 40 ? "..." : "");
}

}  // namespace

OctalCode OctalCode::grundy_game() {
  OctalCode c;
  c.kind_ = GameKind::grundy;
  c.digits_ = {kLeaveTwo};
  return c;
}

OctalCode OctalCode::parse(std::string_view text) {
  if (text.empty()) throw InputError("octal code is empty");
  // "grundy" is a keyword, matched in any case like every keyword (docs/cli.md).
  if (text.size() == 6 && std::equal(text.begin(), text.end(), "grundy", [](char a, char b) {
        return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
      }))
    return grundy_game();
  const std::size_t point = text.find('.');
  if (point == std::string_view::npos)
    throw InputError("octal code '" + shown(text) +
                     "' has no point; write it like 0.77 or .07 (or 'grundy')");
  if (point > 1)
    throw InputError("octal code '" + shown(text) +
                     "' has more than one digit before the point; only d0 (0 or 4) goes there");
  OctalCode c;
  c.digits_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == point) continue;
    const char ch = text[i];
    const std::string where = " at position " + std::to_string(i + 1);
    if (ch == '.') throw InputError("octal code '" + shown(text) + "' has a second point" + where);
    if (ch < '0' || ch > '9')
      throw InputError("character '" + std::string(1, ch) + "'" + where + " of octal code '" +
                       shown(text) + "' is not a digit");
    if (ch > '7')
      throw InputError("digit '" + std::string(1, ch) + "'" + where + " of octal code '" +
                       shown(text) + "' is not octal (0-7)");
    const auto d = static_cast<std::uint32_t>(ch - '0');
    if (i < point) {
      if (d != 0 && d != kLeaveTwo)
        throw InputError("digit '" + std::string(1, ch) +
                         "' before the point must be 0 or 4 (split a heap without removing "
                         "tokens); 1 would act on an empty heap and 2 would be a pass, which makes "
                         "the game infinite");
      c.digits_[0] = d;
    } else {
      c.digits_.push_back(d);
    }
  }
  if (c.digits_.size() - 1 > kMaxDigits)
    throw LimitError("octal code '" + shown(text) + "' has more than " +
                     std::to_string(kMaxDigits) + " digits after the point");
  while (c.digits_.size() > 1 && c.digits_.back() == 0) c.digits_.pop_back();
  if (c.digits_.size() == 1 && c.digits_[0] == 0)
    throw InputError("octal code '" + shown(text) + "' allows no move at all (every digit is 0)");
  return c;
}

bool OctalCode::has_splits() const {
  for (std::uint32_t d : digits_)
    if (d & kLeaveTwo) return true;
  return false;
}

std::string OctalCode::to_string() const {
  if (is_grundy()) return "grundy";
  std::string s = std::to_string(digits_[0]) + ".";
  for (std::size_t k = 1; k < digits_.size(); ++k) s += std::to_string(digits_[k]);
  return s;
}

std::vector<std::string> OctalCode::describe() const {
  if (is_grundy()) return {"split one heap into two non-empty heaps of different sizes"};
  std::vector<std::string> lines;
  for (std::size_t k = 0; k < digits_.size(); ++k) {
    const std::uint32_t d = digits_[k];
    if (d == 0) continue;
    if (k == 0) {
      lines.push_back("split one heap into two non-empty heaps without removing any token");
      continue;
    }
    std::vector<std::string> leaves;
    if (d & kLeaveNone) leaves.push_back("nothing (the whole heap)");
    if (d & kLeaveOne) leaves.push_back("one heap");
    if (d & kLeaveTwo) leaves.push_back("two non-empty heaps");
    std::string line = "digit " + std::to_string(d) + ": remove " + std::to_string(k) + " token" +
                       (k == 1 ? "" : "s") + " from a heap, leaving ";
    for (std::size_t i = 0; i < leaves.size(); ++i)
      line += (i == 0 ? "" : (i + 1 == leaves.size() ? " or " : ", ")) + leaves[i];
    lines.push_back(line);
  }
  return lines;
}

}  // namespace grundy::octal
