#pragma once
// How a caller watches and bounds a computation of many values: progress (values done, and
// whether each now costs time in proportion to n), cancellation, and a refusal up front of a
// request that would run far longer than the caller accepts.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "grundy/games/octal/engine.h"

namespace grundy::octal {

struct Control {
  const std::atomic<bool>* stop = nullptr;  // engines throw Interrupted once it is set
  // Called about every 4096 values: values done, values wanted, and whether the recent values
  // were plain heaps (every pair scanned: the cost per value grows like n).
  std::function<void(std::uint64_t done, std::uint64_t total, bool quadratic)> progress;
  // > 0: after probe_seconds, and again after four times as long, estimate the time to `total`
  // from the measured rate; beyond max_seconds, throw LimitError naming `what` and the estimate.
  double max_seconds = 0;
  double probe_seconds = 0.5;
  std::string what;    // "computing G(0..9999999) of 0.762"
  std::string advice;  // appended to a refusal: what to ask for instead
};

// Runs `engine` until position() == until. `total`: the size of the whole request, for progress
// and the estimate (at least `until`).
void run_engine(ValueEngine& engine, std::uint64_t until, std::uint64_t total,
                const Control& control);

// G(0..count-1) through make_engine.
std::vector<std::uint32_t> engine_values(const OctalCode& code, std::uint64_t count,
                                         EngineOptions options = {}, const Control& control = {});

// "3.2 days", "41 minutes", "12 s".
std::string duration_text(double seconds);

}  // namespace grundy::octal
