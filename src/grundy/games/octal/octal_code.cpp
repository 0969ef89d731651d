#include "grundy/games/octal/octal_code.h"

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
  if (text == "grundy" || text == "Grundy") return grundy_game();
  const std::size_t point = text.find('.');
  if (point == std::string_view::npos)
    throw InputError("octal code '" + shown(text) +
                     "' has no point; write it like 0.77 or .07 (or 'grundy')");
  if (point > 1)
    throw InputError("octal code '" + shown(text) +
                     "' has more than one digit before the point; only d0 (0, 4, 8 or c) goes "
                     "there");
  OctalCode c;
  c.digits_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == point) continue;
    const char ch = text[i];
    const std::string where = " at position " + std::to_string(i + 1);
    if (ch == '.') throw InputError("octal code '" + shown(text) + "' has a second point" + where);
    std::uint32_t d = 0;
    if (ch >= '0' && ch <= '9') {
      d = static_cast<std::uint32_t>(ch - '0');
    } else if (ch >= 'a' && ch <= 'f') {
      d = static_cast<std::uint32_t>(ch - 'a' + 10);
    } else if (ch >= 'A' && ch <= 'F') {
      d = static_cast<std::uint32_t>(ch - 'A' + 10);
    } else {
      throw InputError("character '" + std::string(1, ch) + "'" + where + " of octal code '" +
                       shown(text) +
                       "' is not a digit (octal 0-7, or hexadecimal 8-f for moves that leave "
                       "three heaps)");
    }
    if (i < point) {
      if (d & (kLeaveNone | kLeaveOne))
        throw InputError("digit '" + std::string(1, ch) +
                         "' before the point must be 0, 4, 8 or c (split a heap without removing "
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
    if (d & (kLeaveTwo | kLeaveThree)) return true;
  return false;
}

std::size_t OctalCode::max_parts() const {
  std::size_t parts = 1;
  for (std::uint32_t d : digits_) {
    if (d & kLeaveThree) return 3;
    if (d & kLeaveTwo) parts = 2;
  }
  return parts;
}

std::string OctalCode::to_string() const {
  if (is_grundy()) return "grundy";
  constexpr char kDigits[] = "0123456789abcdef";
  std::string s = std::string(1, kDigits[digits_[0]]) + ".";
  for (std::size_t k = 1; k < digits_.size(); ++k) s += kDigits[digits_[k]];
  return s;
}

std::vector<std::string> OctalCode::describe() const {
  if (is_grundy()) return {"split one heap into two non-empty heaps of different sizes"};
  std::vector<std::string> lines;
  for (std::size_t k = 0; k < digits_.size(); ++k) {
    const std::uint32_t d = digits_[k];
    if (d == 0) continue;
    if (k == 0) {
      const std::string into = d == kLeaveTwo ? "two" : d == kLeaveThree ? "three" : "two or three";
      lines.push_back("split one heap into " + into +
                      " non-empty heaps without removing any token");
      continue;
    }
    std::vector<std::string> leaves;
    if (d & kLeaveNone) leaves.push_back("nothing (the whole heap)");
    if (d & kLeaveOne) leaves.push_back("one heap");
    if (d & kLeaveTwo) leaves.push_back("two non-empty heaps");
    if (d & kLeaveThree) leaves.push_back("three non-empty heaps");
    constexpr char kDigits[] = "0123456789abcdef";
    std::string line = std::string("digit ") + kDigits[d] + ": remove " + std::to_string(k) +
                       " token" + (k == 1 ? "" : "s") + " from a heap, leaving ";
    for (std::size_t i = 0; i < leaves.size(); ++i)
      line += (i == 0 ? "" : (i + 1 == leaves.size() ? " or " : ", ")) + leaves[i];
    lines.push_back(line);
  }
  return lines;
}

}  // namespace grundy::octal
