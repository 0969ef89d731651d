#include "grundy/core/run_clock.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <mutex>
#include <system_error>
#include <thread>

namespace grundy {

double PauseLedger::wake(double gap, bool continued) {
  const double overdue = gap - tick_;
  if (overdue > tick_) {
    pending_ += overdue;
    pending_left_ = kClaimTicks;
  }
  if (continued) {
    const double stopped = pending_;
    pending_ = 0;
    pending_left_ = 0;
    return stopped;
  }
  if (pending_left_ > 0 && --pending_left_ == 0) pending_ = 0;  // a busy machine, not a stop
  return 0;
}

namespace {

std::atomic<std::int64_t> g_paused_ns{0};
int g_continued[2] = {-1, -1};  // a pipe: the SIGCONT handler writes, the watcher reads

extern "C" void on_continue(int) {
  const int saved = errno;
  const char c = 'c';
  [[maybe_unused]] const auto n = ::write(g_continued[1], &c, 1);  // full pipe: already told
  errno = saved;
}

void watch() {
  constexpr int kTickMs = 100;
  PauseLedger ledger(kTickMs / 1000.0);
  auto last = std::chrono::steady_clock::now();
  for (;;) {
    pollfd p{g_continued[0], POLLIN, 0};
    bool continued = false;
    if (::poll(&p, 1, kTickMs) > 0) {
      char buf[64];
      while (::read(g_continued[0], buf, sizeof buf) > 0) {
      }
      continued = true;
    }
    const auto now = std::chrono::steady_clock::now();
    const double stopped =
        ledger.wake(std::chrono::duration<double>(now - last).count(), continued);
    last = now;
    if (stopped > 0)
      g_paused_ns.fetch_add(static_cast<std::int64_t>(stopped * 1e9), std::memory_order_relaxed);
  }
}

}  // namespace

void watch_pauses() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (::pipe2(g_continued, O_NONBLOCK | O_CLOEXEC) != 0) return;  // no watcher: plain clock
    try {
      std::thread(watch).detach();
    } catch (const std::system_error&) {
      return;  // no thread to spare: plain clock
    }
    struct sigaction sa {};
    sa.sa_handler = on_continue;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    ::sigaction(SIGCONT, &sa, nullptr);
  });
}

double paused_seconds() {
  return static_cast<double>(g_paused_ns.load(std::memory_order_relaxed)) / 1e9;
}

double RunClock::seconds() const {
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double s = wall - (paused_seconds() - paused_at_start_);
  return s > 0 ? s : 0;
}

}  // namespace grundy
