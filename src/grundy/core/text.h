#pragma once
// Small helpers for the line-oriented text formats the games read (edge lists).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/error.h"

namespace grundy {

// Keywords (set names, colours, game names) are matched without regard to ASCII case in every
// command; names the user chooses (DAG vertices) are matched exactly.
inline std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

inline bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

// The words of one line, split at spaces, tabs and carriage returns.
inline std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_blank(line[j])) ++j;
    if (j > i) words.push_back(line.substr(i, j - i));
    i = j;
  }
  return words;
}

// The column (1-based, in bytes) where `word`, a view into `text`, starts on its line.
inline std::size_t column_in(std::string_view text, std::string_view word) {
  const auto at = static_cast<std::size_t>(word.data() - text.data());
  const std::size_t newline = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
  return at - (newline == std::string_view::npos ? 0 : newline + 1) + 1;
}

// "ORIGIN line L column C" for a word of `text`.
inline std::string position_in(std::string_view origin, std::size_t line_no, std::string_view text,
                               std::string_view word) {
  return std::string(origin) + " line " + std::to_string(line_no) + " column " +
         std::to_string(column_in(text, word));
}

// Calls f(line_number, words) for every line of `text` that has words once a '#' comment is cut
// off. Line numbers start at 1.
template <class F>
void for_each_line_words(std::string_view text, F&& f) {
  std::size_t line_no = 0, start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    ++line_no;
    start = end + 1;
    if (auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    const auto words = split_words(line);
    if (!words.empty()) f(line_no, words);
  }
}

// A token of a move list and where it starts (1-based character position, for messages).
struct ListToken {
  std::string_view text;
  std::size_t position;
};

// The tokens of a move list: words separated by spaces, tabs, newlines and/or commas
// ("a1b1, b1c1 a2b2"). '#' starts a comment that runs to the end of its line, so that a game
// record (moves after '#' header lines) is a move list too. An empty item (",," or a comma
// with nothing before or after it) is an InputError.
inline std::vector<ListToken> split_move_list(std::string_view list) {
  std::vector<ListToken> tokens;
  const auto blank = [](char c) { return is_blank(c) || c == '\n'; };
  const auto empty_item = [](std::size_t at) {
    return InputError("move list: an empty item at character " + std::to_string(at + 1) +
                      " (a comma with no move before or after it)");
  };
  bool after_comma = false;  // a comma was read and no token since
  std::size_t comma_at = 0;
  std::size_t i = 0;
  while (i < list.size()) {
    const char c = list[i];
    if (blank(c)) {
      ++i;
    } else if (c == '#') {
      while (i < list.size() && list[i] != '\n') ++i;
    } else if (c == ',') {
      if (after_comma || tokens.empty()) throw empty_item(i);
      after_comma = true;
      comma_at = i++;
    } else {
      std::size_t j = i;
      while (j < list.size() && !blank(list[j]) && list[j] != ',' && list[j] != '#') ++j;
      tokens.push_back({list.substr(i, j - i), i + 1});
      after_comma = false;
      i = j;
    }
  }
  if (after_comma) throw empty_item(comma_at);
  return tokens;
}

// A piece of user input made safe to show in a one-line message: control bytes and bytes
// outside ASCII become \xNN (so a message is always one line of valid UTF-8), and text longer
// than `max` characters is cut with "...".
inline std::string shown_token(std::string_view s, std::size_t max = 40) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < max; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (s.size() > max) out += "...";
  return out;
}

// "1 edge", "2 edges": a count with its noun, singular or plural (noun + "s" unless given).
inline std::string count_of(std::uint64_t n, std::string_view noun, std::string_view plural = {}) {
  if (n == 1) return "1 " + std::string(noun);
  return std::to_string(n) + " " + (plural.empty() ? std::string(noun) + "s" : std::string(plural));
}

}  // namespace grundy
