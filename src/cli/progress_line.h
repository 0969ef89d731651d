#pragma once
// A progress line on stderr for long computations: "  squares: 35% of 10000000 values, about
// 40 s left", redrawn at most five times a second. Shown when stderr is a terminal, or always
// with --progress (one line per update, then, for logs); silent otherwise. Ctrl-C stops the
// program at once (grundy installs no SIGINT handler outside resumable octal runs).
#include <chrono>
#include <cstdint>
#include <string>

#include "grundy/core/progress.h"
#include "grundy/core/run_clock.h"

namespace grundy::cli {

class ProgressLine {
 public:
  // `what` names the work ("G(n) of squares"); `forced`: --progress was given.
  ProgressLine(std::string what, bool forced);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine();  // clears the line on a terminal

  // The callback to hand to an engine (empty when nothing is shown).
  ProgressFn callback();

 private:
  void update(std::uint64_t done, std::uint64_t total);

  std::string what_;
  bool shown_ = false;
  bool tty_ = false;
  bool drawn_ = false;
  RunClock clock_;  // since the line was made, not counting a pause
  std::chrono::steady_clock::time_point last_;
};

}  // namespace grundy::cli
