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

}  // namespace grundy
