#include "progress_line.h"

#include <unistd.h>

#include <cstdio>

#include <fmt/core.h>

namespace grundy::cli {
namespace {

std::string duration_text(double seconds) {
  if (seconds < 90) return fmt::format("{:.0f} s", seconds);
  if (seconds < 90 * 60) return fmt::format("{:.0f} min", seconds / 60);
  return fmt::format("{:.1f} h", seconds / 3600);
}

}  // namespace

ProgressLine::ProgressLine(std::string what, bool forced)
    : what_(std::move(what)), tty_(::isatty(STDERR_FILENO) != 0) {
  shown_ = forced || tty_;
  last_ = std::chrono::steady_clock::now();
}

ProgressLine::~ProgressLine() {
  if (drawn_ && tty_) std::fputs("\r\033[K", stderr);
}

ProgressFn ProgressLine::callback() {
  if (!shown_) return {};
  return [this](std::uint64_t done, std::uint64_t total) { update(done, total); };
}

void ProgressLine::update(std::uint64_t done, std::uint64_t total) {
  const auto now = std::chrono::steady_clock::now();
  const double since_last = std::chrono::duration<double>(now - last_).count();
  const double elapsed = clock_.seconds();  // a pause (Ctrl-Z, fg) does not stretch the ETA
  // Nothing in the first second (short runs stay quiet), then at most 5 updates a second on a
  // terminal and one every 10 s in a log.
  if (elapsed < 1 || since_last < (tty_ ? 0.2 : 10)) return;
  last_ = now;
  const double fraction = total ? static_cast<double>(done) / static_cast<double>(total) : 0;
  std::string line = fmt::format("  {}: {:.0f}% done", what_, 100 * fraction);
  if (fraction > 0.01) line += ", about " + duration_text(elapsed / fraction - elapsed) + " left";
  // Never throws: a failing stderr must not stop the computation.
  line = tty_ ? "\r\033[K" + line : line + "\n";
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
  drawn_ = true;
}

}  // namespace grundy::cli
