#include "child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>
#include <thread>

extern char** environ;

namespace grundy::cli {
namespace {

constexpr std::size_t kTail = 600;         // bytes of stderr kept
constexpr std::size_t kMaxLine = 1 << 16;  // an answer longer than this ends the line

[[noreturn]] void fail(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Milliseconds left until `deadline`, rounded up (poll's unit), at least 0.
int ms_until(ChildProcess::Clock::time_point deadline) {
  const auto left = deadline - ChildProcess::Clock::now();
  if (left <= ChildProcess::Clock::duration::zero()) return 0;
  return static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(left).count());
}

std::string describe(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int s = WTERMSIG(status);
    const char* name = ::sigabbrev_np(s);
    return "killed by signal " + std::to_string(s) +
           (name ? std::string(" (SIG") + name + ")" : "");
  }
  return "ended";
}

}  // namespace

ChildProcess::ChildProcess(const std::string& command, const std::atomic<bool>* stop)
    : stop_(stop) {
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0) fail("pipe");
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]), ::close(in[1]);
    fail("pipe");
  }
  if (::pipe2(err, O_CLOEXEC) != 0) {
    ::close(in[0]), ::close(in[1]), ::close(out[0]), ::close(out[1]);
    fail("pipe");
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP}) sigaddset(&defaults, s);
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &none);
  const char* argv[] = {"sh", "-c", command.c_str(), nullptr};
  const int rc =
      ::posix_spawn(&pid_, "/bin/sh", &actions, &attr, const_cast<char**>(argv), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in[0]), ::close(out[1]), ::close(err[1]);
  in_ = in[1], out_ = out[0], err_ = err[0];
  if (rc != 0) {
    close_fd(in_), close_fd(out_), close_fd(err_);
    errno = rc;
    fail("cannot start /bin/sh");
  }
  for (int fd : {in_, out_, err_}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

ChildProcess::~ChildProcess() {
  stop(std::chrono::milliseconds(0));
}

void ChildProcess::check_stop() const {
  if (stop_ && stop_->load()) throw Interrupted{};
}

void ChildProcess::drain_stderr() {
  char buf[4096];
  while (err_ >= 0) {
    const ssize_t n = ::read(err_, buf, sizeof buf);
    if (n > 0) {
      err_tail_.append(buf, static_cast<std::size_t>(n));
      if (err_tail_.size() > kTail) err_tail_.erase(0, err_tail_.size() - kTail);
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
      close_fd(err_);
    } else if (errno == EAGAIN) {
      return;
    }
  }
}

bool ChildProcess::write_all(std::string_view text, Clock::time_point deadline) {
  while (!text.empty()) {
    check_stop();
    if (in_ < 0) return false;
    const ssize_t n = ::write(in_, text.data(), text.size());
    if (n > 0) {
      text.remove_prefix(static_cast<std::size_t>(n));
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN) return false;  // EPIPE: the program no longer reads
    pollfd p{in_, POLLOUT, 0};
    const int wait = ms_until(deadline);
    if (wait == 0) return false;
    if (::poll(&p, 1, wait) < 0 && errno != EINTR) fail("poll");
  }
  return true;
}

ChildProcess::Wait ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
  char buf[4096];
  while (true) {
    check_stop();
    if (const auto nl = out_buffer_.find('\n');
        nl != std::string::npos || out_buffer_.size() >= kMaxLine) {
      const std::size_t end = nl == std::string::npos ? out_buffer_.size() : nl;
      line.assign(out_buffer_, 0, end);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      out_buffer_.erase(0, nl == std::string::npos ? end : end + 1);
      return Wait::line;
    }
    if (out_ < 0) return Wait::closed;
    const ssize_t n = ::read(out_, buf, sizeof buf);
    if (n > 0) {
      out_buffer_.append(buf, static_cast<std::size_t>(n));
      continue;
    }
    if (n == 0) {  // the output ended (a last line without its '\n' is not an answer)
      close_fd(out_);
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN) {
      close_fd(out_);
      continue;
    }
    const int wait = ms_until(deadline);
    if (wait == 0) return Wait::timeout;
    pollfd p[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    if (::poll(p, err_ >= 0 ? 2 : 1, wait) < 0 && errno != EINTR) fail("poll");
    if (err_ >= 0 && (p[1].revents & (POLLIN | POLLHUP | POLLERR))) drain_stderr();
  }
}

std::string ChildProcess::stop(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return ending_;
  close_fd(in_);
  const auto until = Clock::now() + grace;
  // Waits without reaping (WNOWAIT): until the program is reaped its pid names its process
  // group, so the kill below cannot reach anyone else's.
  auto ended = [&] {
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid == pid_;
  };
  bool done = ended();
  while (!done && Clock::now() < until) {
    drain_stderr();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    done = ended();
  }
  // Whatever is left of the process group (the program, or what its shell started) goes now.
  ::kill(-pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  ending_ = done ? describe(status) : "stopped after " + std::to_string(grace.count()) + " ms";
  drain_stderr();
  close_fd(out_), close_fd(err_);
  pid_ = -1;
  return ending_;
}

}  // namespace grundy::cli
