#pragma once
// Ctrl-C and SIGTERM during a long computation: while an InterruptScope lives, the signals set
// a flag that the engine polls (so it stops at once, cleanly, and can save a checkpoint); the
// default handlers come back when the scope ends.
#include <atomic>
#include <csignal>

namespace grundy::cli {

class InterruptScope {
 public:
  InterruptScope() {
    flag().store(false);
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
  }
  ~InterruptScope() {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
  }
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  const std::atomic<bool>* stop() const { return &flag(); }
  bool interrupted() const { return flag().load(); }

 private:
  static std::atomic<bool>& flag() {
    static std::atomic<bool> f{false};
    return f;
  }
  static void on_signal(int) { flag().store(true); }
};

}  // namespace grundy::cli
