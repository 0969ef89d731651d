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

#include <fmt/format.h>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "report/json_text.h"

namespace grundy::cli {

std::string read_file(const std::string& path, TextLimits limits, std::uint64_t max_bytes) {
  // An empty positional FILE ("grundy dag ''") is named as such, not as a missing file.
  if (path.empty()) throw InputError("the FILE name is empty");
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

void add_max_input_option(Command cmd, std::string& value) {
  cmd.add_option("--max-input", value,
                 "refuse input files larger than SIZE bytes (K, M, G suffixes; default " +
                     size_text(kDefaultMaxInput) + ")")
      .type_name("SIZE");
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

namespace {

// Collects output and writes it to stdout in large pieces (flush() at the end: a destructor
// must not write, since a write error may be what is unwinding).
class ChunkedWriter {
 public:
  fmt::memory_buffer& buffer() { return buffer_; }
  void maybe_flush() {
    if (buffer_.size() >= (1u << 16)) flush();
  }
  void flush() {
    write_stdout(std::string_view(buffer_.data(), buffer_.size()));
    buffer_.clear();
  }

 private:
  fmt::memory_buffer buffer_;
};

}  // namespace

void print_value_rows(const std::vector<std::uint32_t>& values) {
  print_value_rows(values.size(), [&](std::uint64_t n) { return values[n]; });
}

void print_value_rows(std::uint64_t count, const std::function<std::uint64_t(std::uint64_t)>& at) {
  constexpr std::uint64_t kPerRow = 10;
  ChunkedWriter out;
  for (std::uint64_t row = 0; row < count; row += kPerRow) {
    fmt::format_to(std::back_inserter(out.buffer()), "  G({:>3}..{:>3}):", row,
                   std::min(row + kPerRow, count) - 1);
    for (std::uint64_t n = row; n < row + kPerRow && n < count; ++n)
      fmt::format_to(std::back_inserter(out.buffer()), " {:>2}", at(n));
    out.buffer().push_back('\n');
    out.maybe_flush();
  }
  out.flush();
}

namespace {

// The streamed array's items, each written by write_item(i, buffer) at 4 spaces of indent.
void print_json_streaming(
    nlohmann::json j, const std::string& key, std::uint64_t count,
    const std::function<void(std::uint64_t, fmt::memory_buffer&)>& write_item) {
  const std::string placeholder = "\x01streamed array\x01";
  j[key] = placeholder;
  const std::string text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  const std::string quoted = nlohmann::json(placeholder).dump();
  const std::size_t at_placeholder = text.find(quoted);
  ChunkedWriter out;
  auto& b = out.buffer();
  b.append(std::string_view(text).substr(0, at_placeholder));
  if (count == 0) {
    b.append(std::string_view("[]"));
  } else {
    b.append(std::string_view("[\n"));
    for (std::uint64_t i = 0; i < count; ++i) {
      b.append(std::string_view("    "));
      write_item(i, b);
      b.append(std::string_view(i + 1 < count ? ",\n" : "\n"));
      out.maybe_flush();
    }
    b.append(std::string_view("  ]"));
  }
  b.append(std::string_view(text).substr(at_placeholder + quoted.size()));
  b.push_back('\n');
  out.flush();
}

}  // namespace

void print_json_with_array(nlohmann::json j, const std::string& key, std::uint64_t count,
                           const std::function<std::uint64_t(std::uint64_t)>& at) {
  print_json_streaming(std::move(j), key, count, [&](std::uint64_t i, fmt::memory_buffer& b) {
    fmt::format_to(std::back_inserter(b), "{}", at(i));
  });
}

void print_json_with_items(nlohmann::json j, const std::string& key, std::uint64_t count,
                           const std::function<nlohmann::json(std::uint64_t)>& item) {
  print_json_streaming(std::move(j), key, count, [&](std::uint64_t i, fmt::memory_buffer& b) {
    // Nested two levels deep: every line of the item's own layout gains 4 spaces.
    const std::string text = item(i).dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    std::size_t start = 0;
    while (true) {
      const std::size_t newline = text.find('\n', start);
      b.append(std::string_view(text).substr(start, newline - start));
      if (newline == std::string::npos) break;
      b.append(std::string_view("\n    "));
      start = newline + 1;
    }
  });
}

std::string outcome_sentence(Winner w) {
  return w == Winner::first ? "the player to move (first) wins"
                            : "the player to move loses: the second player wins";
}

}  // namespace grundy::cli
