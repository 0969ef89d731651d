#pragma once
// A compute budget for one request: a deadline and a stop flag that a watchdog thread sets when
// the deadline passes. Engines that take a stop flag (the Dots solver, search::SearchLimits)
// poll it and stop at once; the rest are bounded by the request limits in limits.h. Either way,
// an answer that comes too late is replaced by a clear error (BudgetExceeded, HTTP 504).
#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>

namespace grundy::web {

class BudgetExceeded : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Budget {
 public:
  // `seconds` <= 0: no deadline (the flag is never set by time).
  explicit Budget(double seconds);
  ~Budget();
  Budget(const Budget&) = delete;
  Budget& operator=(const Budget&) = delete;

  double seconds() const { return seconds_; }
  const std::atomic<bool>* stop() const { return &stop_; }
  bool expired() const { return stop_.load(std::memory_order_relaxed); }
  // Seconds left before the deadline (at least a millisecond; a large number with no deadline).
  double remaining() const;
  // Throws BudgetExceeded if the deadline has passed: an answer that came too late (or was cut
  // short by the stop flag) is not sent.
  void check() const;

 private:
  double seconds_;
  std::chrono::steady_clock::time_point deadline_;
  std::atomic<bool> stop_{false};
};

// "the computation was stopped after its budget of 2 s; ask for less ... or start the server
// with a larger --budget": the message of BudgetExceeded.
std::string budget_message(double seconds);

}  // namespace grundy::web
