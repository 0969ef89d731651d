#include "web/budget.h"

#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

#include <fmt/core.h>

namespace grundy::web {
namespace {

using Clock = std::chrono::steady_clock;

// One thread for every budget: it sleeps until the earliest deadline and sets that budget's
// flag. Budgets register while they live. The thread lives as long as the process.
class Watchdog {
 public:
  static Watchdog& instance() {
    static Watchdog* w = new Watchdog();  // never destroyed: budgets may outlive statics
    return *w;
  }
  void add(Clock::time_point deadline, std::atomic<bool>* flag) {
    std::lock_guard lock(mutex_);
    deadlines_.emplace(deadline, flag);
    changed_.notify_one();
  }
  void remove(Clock::time_point deadline, std::atomic<bool>* flag) {
    std::lock_guard lock(mutex_);
    auto [first, last] = deadlines_.equal_range(deadline);
    for (auto it = first; it != last; ++it)
      if (it->second == flag) {
        deadlines_.erase(it);
        break;
      }
  }

 private:
  Watchdog() : thread_([this] { run(); }) { thread_.detach(); }
  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      if (deadlines_.empty()) {
        changed_.wait(lock);
        continue;
      }
      const auto next = deadlines_.begin()->first;
      if (Clock::now() >= next) {
        deadlines_.begin()->second->store(true);
        deadlines_.erase(deadlines_.begin());
        continue;
      }
      changed_.wait_until(lock, next);
    }
  }
  std::mutex mutex_;
  std::condition_variable changed_;
  std::multimap<Clock::time_point, std::atomic<bool>*> deadlines_;
  std::thread thread_;
};

}  // namespace

Budget::Budget(double seconds) : seconds_(seconds) {
  if (seconds_ > 0) {
    deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(seconds_));
    Watchdog::instance().add(deadline_, &stop_);
  }
}

Budget::~Budget() {
  if (seconds_ > 0) Watchdog::instance().remove(deadline_, &stop_);
}

double Budget::remaining() const {
  if (seconds_ <= 0) return 1e9;
  const double left = std::chrono::duration<double>(deadline_ - Clock::now()).count();
  return left > 0.001 ? left : 0.001;
}

void Budget::check() const {
  if (expired() || (seconds_ > 0 && Clock::now() >= deadline_))
    throw BudgetExceeded(budget_message(seconds_));
}

std::string budget_message(double seconds) {
  return fmt::format(
      "the computation was stopped when it reached its budget of {:g} s; ask for less (fewer "
      "values, a smaller board, a position nearer the end) or start the server with a larger "
      "--budget",
      seconds);
}

}  // namespace grundy::web
