#include "grundy/games/octal/control.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "grundy/core/error.h"

namespace grundy::octal {

std::string duration_text(double seconds) {
  char text[64];
  if (seconds < 120) {
    std::snprintf(text, sizeof text, "%.0f s", seconds);
  } else if (seconds < 7200) {
    std::snprintf(text, sizeof text, "%.0f minutes", seconds / 60);
  } else if (seconds < 3 * 86400) {
    std::snprintf(text, sizeof text, "%.1f hours", seconds / 3600);
  } else if (seconds < 3 * 365 * 86400.0) {
    std::snprintf(text, sizeof text, "%.1f days", seconds / 86400);
  } else {
    std::snprintf(text, sizeof text, "%.2g years", seconds / (365 * 86400.0));
  }
  return text;
}

void run_engine(ValueEngine& engine, std::uint64_t until, std::uint64_t total,
                const Control& control) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto mark_time = start;
  std::uint64_t mark_n = engine.position(), mark_plain = engine.stats().plain_fallbacks;
  int estimates = 0;
  total = std::max(total, until);
  while (engine.position() < until) {
    engine.next();
    const std::uint64_t n = engine.position();
    if ((n & 4095) != 0 && n != until) continue;
    if (control.stop && control.stop->load(std::memory_order_relaxed)) throw Interrupted();
    const EngineStats stats = engine.stats();
    const std::uint64_t plain = stats.plain_fallbacks;
    // Plain heaps scan about n/2 pairs; a rare list that grows with n costs as much.
    const bool quadratic = plain - mark_plain > (n - mark_n) / 2 || stats.rare_positions * 8 > n;
    if (control.progress) control.progress(n, total, quadratic);
    if (control.max_seconds <= 0 || estimates >= 2) continue;
    const auto now = Clock::now();
    const double elapsed = std::chrono::duration<double>(now - start).count();
    if (elapsed < control.probe_seconds * (estimates == 0 ? 1 : 4)) continue;
    ++estimates;
    // Time per value now, from the last stretch; plain heaps cost in proportion to n.
    const double per_value =
        std::chrono::duration<double>(now - mark_time).count() / static_cast<double>(n - mark_n);
    const double left = static_cast<double>(total - n);
    const double estimate = quadratic ? per_value * left *
                                            (static_cast<double>(total) + static_cast<double>(n)) /
                                            (2.0 * static_cast<double>(n))
                                      : per_value * left;
    if (estimate > control.max_seconds)
      throw LimitError(control.what + " would take about " + duration_text(estimate) +
                       (quadratic ? " (each value costs time in proportion to n: this game has "
                                    "no sparse structure so far)"
                                  : "") +
                       " at the rate measured here; " + control.advice);
    mark_time = now;
    mark_n = n;
    mark_plain = plain;
  }
}

std::vector<std::uint32_t> engine_values(const OctalCode& code, std::uint64_t count,
                                         EngineOptions options, const Control& control) {
  options.capacity = std::max<std::uint64_t>(count, 1);
  options.stop = control.stop;
  const auto engine = make_engine(code, options);
  run_engine(*engine, count, count, control);
  return std::vector<std::uint32_t>(engine->values(), engine->values() + count);
}

}  // namespace grundy::octal
