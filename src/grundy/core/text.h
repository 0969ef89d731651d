#pragma once
// Small helpers for the line-oriented text formats the games read (edge lists).
#include <string_view>
#include <vector>

namespace grundy {

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

}  // namespace grundy
