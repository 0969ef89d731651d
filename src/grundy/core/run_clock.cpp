#include "grundy/core/run_clock.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
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
// A pipe: the SIGCONT handler writes (the write end atomic: a child of fork() drops it while the
// handler may run), the watcher reads.
int g_read_end = -1;
std::atomic<int> g_write_end{-1};
static_assert(std::atomic<int>::is_always_lock_free);
// SIGCONTs received, and those the watcher has settled (counted the stop before them).
std::atomic<std::uint32_t> g_signalled{0}, g_settled{0};
static_assert(std::atomic<std::uint32_t>::is_always_lock_free);  // used in a signal handler
// The watcher's state for RunClock: whether it runs, its last wake-up (steady_clock, ns) and
// whether it holds an overdue wake-up that no SIGCONT has claimed yet.
constexpr int kTickMs = 100;
std::atomic<bool> g_watching{false}, g_pending{false};
std::atomic<std::int64_t> g_beat_ns{0};

std::int64_t steady_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

extern "C" void on_continue(int) {
  const int saved = errno;
  g_signalled.fetch_add(1, std::memory_order_seq_cst);
  const char c = 'c';
  // A full pipe: already told; -1 (a child of fork() before its own watcher): EBADF.
  [[maybe_unused]] const auto n = ::write(g_write_end.load(), &c, 1);
  errno = saved;
}

void watch(int read_end) {
  PauseLedger ledger(kTickMs / 1000.0);
  auto last = std::chrono::steady_clock::now();
  // RunClock uses the watcher once it runs, not once it is started: a thread that never gets
  // going must not stand the clocks still for good. (Seen under AddressSanitizer in children of
  // fork() on a loaded machine, 7 in 24: the child's new watcher never beat, most likely held up
  // at its start by a sanitizer lock that another thread of the parent held at the fork.)
  g_beat_ns.store(steady_ns(), std::memory_order_seq_cst);
  g_watching.store(true, std::memory_order_seq_cst);
  for (;;) {
    pollfd p{read_end, POLLIN, 0};
    if (::poll(&p, 1, kTickMs) > 0) {
      char buf[64];
      while (::read(read_end, buf, sizeof buf) > 0) {
      }
    }
    // Read after draining: a SIGCONT whose byte was drained is counted here, one later is seen
    // on the next wake-up at the latest.
    const std::uint32_t signalled = g_signalled.load(std::memory_order_seq_cst);
    const bool continued = signalled != g_settled.load(std::memory_order_relaxed);
    const auto now = std::chrono::steady_clock::now();
    const double stopped =
        ledger.wake(std::chrono::duration<double>(now - last).count(), continued);
    last = now;
    // Published in this order for RunClock::seconds(), which reads them the other way round.
    if (stopped > 0)
      g_paused_ns.fetch_add(static_cast<std::int64_t>(stopped * 1e9), std::memory_order_seq_cst);
    g_pending.store(ledger.pending(), std::memory_order_seq_cst);
    g_settled.store(signalled, std::memory_order_seq_cst);
    g_beat_ns.store(steady_ns(), std::memory_order_seq_cst);
  }
}

// The process that runs the watcher: a child of fork() has no watcher thread (only the thread
// that forked goes on in it), so there the clock is the plain one until watch_pauses() starts
// the child's own. Without this, the child's RunClock would stand still for good (its watcher's
// beat never comes): a --seconds budget in a forked Python worker would never end.
std::mutex g_start;
std::atomic<bool> g_started{false};  // this process runs a watcher (cleared in a child)

void lock_start() {
  g_start.lock();
}
void unlock_start() {
  g_start.unlock();
}
void forget_watcher_in_child() {
  g_watching.store(false);
  const int write_end = g_write_end.exchange(-1);  // before closing: the handler may run
  if (write_end >= 0) ::close(write_end);
  if (g_read_end >= 0) ::close(g_read_end);  // the parent's watcher reads its own copy
  g_read_end = -1;
  g_started.store(false);
  g_start.unlock();
}

}  // namespace

void watch_pauses() {
  // Called before every long Python call: no lock and no system call once the watcher runs.
  if (g_started.load(std::memory_order_acquire)) return;
  const std::lock_guard lock(g_start);
  if (g_started.load(std::memory_order_relaxed)) return;
  static std::once_flag at_fork;
  std::call_once(at_fork,
                 [] { ::pthread_atfork(lock_start, unlock_start, forget_watcher_in_child); });
  // Ours only where nobody else handles SIGCONT: a program's own handler stays, and the clock
  // is the plain one there (a stop counts as running time). A child of fork() inherits ours.
  struct sigaction old {};
  ::sigaction(SIGCONT, nullptr, &old);
  const bool ours = !(old.sa_flags & SA_SIGINFO) && old.sa_handler == on_continue;
  if (!ours && (old.sa_flags & SA_SIGINFO || old.sa_handler != SIG_DFL)) return;
  int ends[2];
  if (::pipe2(ends, O_NONBLOCK | O_CLOEXEC) != 0) return;  // no watcher: plain clock
  g_beat_ns.store(steady_ns());
  g_pending.store(false);
  g_settled.store(g_signalled.load());
  // The watcher takes no signal but SIGCONT: one meant for the process (Ctrl-C) must go to a
  // thread that expects it, such as one that sigwait()s with it blocked everywhere else
  // (`grundy serve`, Python's main thread), never to this thread, where its default action
  // would end the process.
  sigset_t all, before;
  sigfillset(&all);
  sigdelset(&all, SIGCONT);
  pthread_sigmask(SIG_BLOCK, &all, &before);
  bool started = true;
  try {
    std::thread(watch, ends[0]).detach();
  } catch (const std::system_error&) {
    started = false;  // no thread to spare: plain clock
  }
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  if (!started) {
    ::close(ends[0]);
    ::close(ends[1]);
    return;
  }
  g_read_end = ends[0];
  g_write_end.store(ends[1]);
  g_started.store(true, std::memory_order_release);
  if (ours) return;
  struct sigaction sa {};
  sa.sa_handler = on_continue;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  ::sigaction(SIGCONT, &sa, nullptr);
}

double paused_seconds() {
  return static_cast<double>(g_paused_ns.load(std::memory_order_relaxed)) / 1e9;
}

double RunClock::seconds() const {
  const auto now = std::chrono::steady_clock::now();
  if (g_watching.load(std::memory_order_relaxed)) {
    // The clock stands still while a stop may have ended uncounted: the watcher has not woken
    // for two ticks (it, and maybe the process, was stopped, or the machine is loaded), holds an
    // overdue wake-up, or a SIGCONT came that it has not settled. The signal's handler can run
    // on another thread after this one resumed, so the signal alone does not tell.
    const std::int64_t beat = g_beat_ns.load(std::memory_order_seq_cst);
    const std::int64_t at =
        std::chrono::duration_cast<std::chrono::nanoseconds>(now.time_since_epoch()).count();
    if (at - beat > 2 * kTickMs * 1'000'000 || g_pending.load(std::memory_order_seq_cst) ||
        g_signalled.load(std::memory_order_seq_cst) != g_settled.load(std::memory_order_seq_cst))
      return last_.load(std::memory_order_relaxed);
  }
  const double wall = std::chrono::duration<double>(now - start_).count();
  const double s =
      std::max(last_.load(std::memory_order_relaxed), wall - (paused_seconds() - paused_at_start_));
  last_.store(s, std::memory_order_relaxed);
  return s;
}

}  // namespace grundy
