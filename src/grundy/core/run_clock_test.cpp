#include "grundy/core/run_clock.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

namespace grundy {
namespace {

TEST(PauseLedger, OnTimeWakeUpsCountNothing) {
  PauseLedger l(0.1);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(l.wake(0.1 + 0.001 * (i % 7), false), 0);
  EXPECT_EQ(l.wake(0.05, true), 0);  // a SIGCONT without a stop (kill -CONT of a running process)
}

TEST(PauseLedger, AnOverdueWakeUpThatASigcontFollowsIsAStop) {
  PauseLedger l(0.1);
  EXPECT_DOUBLE_EQ(l.wake(5.1, true), 5.0);  // the signal came before the watcher woke
  PauseLedger m(0.1);
  EXPECT_EQ(m.wake(5.1, false), 0);  // the watcher woke first; the signal follows
  EXPECT_TRUE(m.pending());
  EXPECT_EQ(m.wake(0.0001, false), 0);
  EXPECT_DOUBLE_EQ(m.wake(0.0002, true), 5.0);
  EXPECT_FALSE(m.pending());
  EXPECT_EQ(m.wake(0.1, true), 0);  // counted once
}

TEST(PauseLedger, AnOverdueWakeUpWithoutASigcontIsABusyMachine) {
  PauseLedger l(0.1);
  EXPECT_EQ(l.wake(3.0, false), 0);
  for (int i = 0; i < PauseLedger::kClaimTicks; ++i) EXPECT_EQ(l.wake(0.1, false), 0);
  EXPECT_FALSE(l.pending());
  EXPECT_EQ(l.wake(0.1, true), 0);  // too late: that slowness was running time
}

TEST(PauseLedger, StopsAddUp) {
  PauseLedger l(0.1);
  EXPECT_DOUBLE_EQ(l.wake(2.1, true), 2.0);
  EXPECT_DOUBLE_EQ(l.wake(1.1, true), 1.0);
  EXPECT_EQ(l.wake(0.15, true), 0);  // within a tick of on time: too short to tell
}

TEST(RunClock, RunsWithTheMonotonicClockAndTheWatcher) {
  watch_pauses();  // a running process: nothing paused, the clock keeps going
  watch_pauses();  // once per process
  RunClock c;
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_GE(c.seconds(), 0.019);
  const double before = c.seconds();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // past the watcher's ticks
  EXPECT_GE(c.seconds(), before + 0.29);
  EXPECT_EQ(paused_seconds(), 0);
  c.restart();
  EXPECT_LT(c.seconds(), 10.0);
}

extern "C" void a_handler_of_its_own(int) {}

// Whether `c` reaches 0.29 s within 10 s of wall time: a clock that stands still for good never
// does; on a loaded machine a watched one may stand still a while (a starved watcher) first.
bool goes_on(const RunClock& c) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (c.seconds() < 0.29) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

// A child of fork() has no watcher thread: its clock must still go (the plain one), and go on
// with a watcher of its own once it starts one; a SIGCONT handler of the program's own stays.
// Without that the child's clocks stood still (the watcher's beat never came) and a budget on
// them never ended.
TEST(RunClock, AChildOfForkKeepsTime) {
  watch_pauses();
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    int code = 0;
    const RunClock plain;
    if (!goes_on(plain)) code |= 1;
    watch_pauses();  // the child's own watcher
    const RunClock watched;
    if (!goes_on(watched)) code |= 2;
    ::_exit(code);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: the plain clock stood still, 2: the child's watcher";

  const pid_t other = ::fork();
  ASSERT_GE(other, 0);
  if (other == 0) {
    struct sigaction mine {};
    mine.sa_handler = a_handler_of_its_own;
    sigemptyset(&mine.sa_mask);
    ::sigaction(SIGCONT, &mine, nullptr);
    watch_pauses();
    struct sigaction now {};
    ::sigaction(SIGCONT, nullptr, &now);
    const RunClock c;
    ::_exit(now.sa_handler == a_handler_of_its_own && goes_on(c) ? 0 : 1);
  }
  ASSERT_EQ(::waitpid(other, &status, 0), other);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the program's own SIGCONT handler was replaced";
}

}  // namespace
}  // namespace grundy
