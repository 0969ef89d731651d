#include "io.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <system_error>

#include <fmt/core.h>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "report/json_text.h"

namespace grundy::cli {

std::string read_file(const std::string& path, TextLimits limits, std::uint64_t max_bytes) {
  const bool is_stdin = path == "-";
  const std::string name = is_stdin ? "standard input" : path;
  const int fd = is_stdin ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw InputError("cannot read '" + printable(path, 200) + "': " + std::strerror(errno));
  std::string data;
  TextScanner scanner(name, limits);
  char buffer[1 << 16];
  try {
    while (true) {
      const ssize_t got = ::read(fd, buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0)
        throw InputError("cannot read '" + printable(name, 200) + "': " + std::strerror(errno));
      if (got == 0) break;
      const auto n = static_cast<std::size_t>(got);
      if (data.size() + n > max_bytes)
        throw LimitError(printable(name, 200) + " is larger than the input limit of " +
                         size_text(max_bytes) + "; raise it with --max-input SIZE (e.g. 4G)");
      scanner.feed(std::string_view(buffer, n));
      data.append(buffer, n);
    }
    scanner.finish();
  } catch (...) {
    if (!is_stdin) ::close(fd);
    throw;
  }
  if (!is_stdin) ::close(fd);
  return data;
}

void add_max_input_option(CLI::App* cmd, std::string& value) {
  cmd->add_option("--max-input", value,
                  "refuse input files larger than SIZE bytes (K, M, G suffixes; default " +
                      size_text(kDefaultMaxInput) + ")")
      ->type_name("SIZE");
}

std::uint64_t max_input_bytes(const std::string& value) {
  return value.empty() ? kDefaultMaxInput : parse_size(value, "--max-input");
}

void write_stdout(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size())
    throw std::system_error(errno, std::generic_category(), "cannot write to standard output");
}

void print_json(const nlohmann::json& j) {
  write_stdout(report::json_text(j));
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

std::string count_of(std::uint64_t n, std::string_view noun, std::string_view plural) {
  if (n == 1) return "1 " + std::string(noun);
  return std::to_string(n) + " " + (plural.empty() ? std::string(noun) + "s" : std::string(plural));
}

std::string outcome_sentence(Winner w) {
  return w == Winner::first ? "the player to move (first) wins"
                            : "the player to move loses: the second player wins";
}

}  // namespace grundy::cli
