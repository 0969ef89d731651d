#pragma once
// A word in memory that the processes of one machine share (MPI-3 shared memory), on which one
// thread waits and others ring: a Linux futex. The master's message thread waits on its
// doorbell rather than waking every millisecond to look for answers (those wake-ups slowed
// the engines of a virtual machine, on either core, by about 5%: docs/benchmarks.md); its own
// engine and the worker ranks of its node ring it when they answer. Elsewhere than Linux,
// wait() sleeps for the time given.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#ifdef __linux__
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <ctime>
#endif

namespace grundy::search::distributed {

class Doorbell {
 public:
  // `word`: four bytes, zero or left by earlier rings, in memory that stays mapped while the
  // doorbell is used (shared between processes: the futex calls are not process-private).
  explicit Doorbell(void* word) : word_(static_cast<std::atomic<std::uint32_t>*>(word)) {
    static_assert(std::atomic<std::uint32_t>::is_always_lock_free);
  }
  // What the word holds now: read it before looking for work, then wait(seen, ...) sleeps
  // only if no ring came in between.
  std::uint32_t seen() const { return word_->load(std::memory_order_acquire); }
  // Wakes `waiters` of the threads waiting (every one: a team's helpers, team.h).
  void ring(int waiters = 1) {
    word_->fetch_add(1, std::memory_order_acq_rel);
#ifdef __linux__
    ::syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(word_), FUTEX_WAKE, waiters, nullptr,
              nullptr, 0);
#endif
  }
  // Sleeps until a ring after `seen`, at most `seconds` (it may also wake early).
  void wait(std::uint32_t seen, double seconds) const {
    if (seconds <= 0 || word_->load(std::memory_order_acquire) != seen) return;
#ifdef __linux__
    timespec ts{};
    ts.tv_sec = static_cast<std::time_t>(seconds);
    ts.tv_nsec = static_cast<long>((seconds - static_cast<double>(ts.tv_sec)) * 1e9);
    ::syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(word_), FUTEX_WAIT, seen, &ts, nullptr,
              0);
#else
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
#endif
  }

 private:
  std::atomic<std::uint32_t>* word_;
};

}  // namespace grundy::search::distributed
