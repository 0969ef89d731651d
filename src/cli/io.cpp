#include "io.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <fmt/core.h>

#include "grundy/core/error.h"

namespace grundy::cli {

std::string read_file(const std::string& path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputError("cannot read '" + path + "': " + std::strerror(errno));
  std::string data;
  char buffer[1 << 16];
  std::size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, f)) > 0) data.append(buffer, got);
  const bool failed = std::ferror(f);
  const int err = errno;
  std::fclose(f);
  if (failed) throw InputError("cannot read '" + path + "': " + std::strerror(err));
  return data;
}

void print_json(const nlohmann::json& j) {
  std::cout << j.dump(2) << '\n';
}

std::string binary(std::uint64_t v, int width) {
  std::string s;
  for (int b = 63; b >= 0; --b)
    if (b < width || (v >> b) != 0) s += ((v >> b) & 1) ? '1' : '0';
  return s.empty() ? "0" : s;
}

void print_value_rows(const std::vector<std::uint32_t>& values) {
  constexpr std::size_t kPerRow = 10;
  for (std::size_t row = 0; row < values.size(); row += kPerRow) {
    fmt::print("  G({:>3}..{:>3}):", row, std::min(row + kPerRow, values.size()) - 1);
    for (std::size_t n = row; n < row + kPerRow && n < values.size(); ++n)
      fmt::print(" {:>2}", values[n]);
    fmt::print("\n");
  }
}

std::string outcome_sentence(Winner w) {
  return w == Winner::first ? "the player to move (first) wins"
                            : "the player to move loses: the second player wins";
}

}  // namespace grundy::cli
