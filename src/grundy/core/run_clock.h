#pragma once
// The seconds a computation has run, not counting the time its process spent stopped: SIGSTOP
// or Ctrl-Z (SIGTSTP), a batch system's suspend, then SIGCONT. A long solve that a user pauses
// for an hour reports, checkpoints and budgets (--seconds) its solving time, not the hour; its
// rate is nodes over that time.
//
// How a stop is seen: a stopped process runs no code, so nothing can note when it stopped. A
// watcher thread (watch_pauses()) wakes every 100 ms; a wake-up that comes long after it was due
// and that a SIGCONT follows within 0.3 s was a stop, and the overdue time is counted as
// paused (to within a tick). A late wake-up without a SIGCONT is a busy machine and counts as
// running time. Without the watcher (a library user that never calls it) RunClock is the plain
// monotonic clock.
#include <atomic>
#include <chrono>

namespace grundy {

// The watcher's bookkeeping, apart from its thread and signal so that it can be tested: each
// wake-up brings the seconds since the one before (`gap`, due after `tick`) and whether a
// SIGCONT arrived since; wake() returns the seconds of stop that this wake-up settles.
class PauseLedger {
 public:
  static constexpr int kClaimTicks = 3;  // how long an overdue wake-up waits for its SIGCONT
  explicit PauseLedger(double tick) : tick_(tick) {}
  double wake(double gap, bool continued);
  bool pending() const { return pending_left_ > 0; }

 private:
  double tick_;
  double pending_ = 0;  // overdue seconds that no SIGCONT has claimed yet
  int pending_left_ = 0;
};

// Starts the watcher once per process (later calls do nothing): a SIGCONT handler and one
// thread. Interfaces call it (the grundy command in main, the Python module at its first long
// call); engines never do. A child of fork() has no watcher (its clock is the plain one) until
// it calls this itself. Where the program has its own SIGCONT handler, that stays and there is
// no watcher.
void watch_pauses();

// Seconds the process has spent stopped since watch_pauses(), as far as the watcher has seen.
double paused_seconds();

class RunClock {
 public:
  RunClock() { restart(); }
  void restart() {
    start_ = std::chrono::steady_clock::now();
    paused_at_start_ = paused_seconds();
    last_.store(0, std::memory_order_relaxed);
  }
  // Seconds since construction or restart(), less the time stopped in between; never less
  // than an earlier reading. While a stop may have ended that the watcher has not counted yet
  // (until its next wake-up; up to 0.3 s more when it was late without a stop: a loaded
  // machine), the clock stands still at its last reading rather than jump ahead by the stop.
  double seconds() const;

 private:
  std::chrono::steady_clock::time_point start_;
  double paused_at_start_ = 0;
  mutable std::atomic<double> last_{0};
};

}  // namespace grundy
