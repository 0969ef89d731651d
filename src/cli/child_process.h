#pragma once
// A program run by `/bin/sh -c COMMAND` with pipes on its standard input, output and error, in
// its own process group (so that stopping it also stops what its shell started), and with
// deadlines on every wait: nothing here blocks without a bound. For `grundy uttt arena`.
#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <string>
#include <string_view>

namespace grundy::cli {

// Thrown by a wait when the stop flag is set (Ctrl-C).
struct Interrupted {};

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts the command. std::system_error if the system cannot (no shell, no processes left);
  // a command the shell cannot run starts and then ends (status 127).
  ChildProcess(const std::string& command, const std::atomic<bool>* stop);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes all of `text` to the program's input before `deadline`; false if the program closed
  // its input (or ended) or the deadline passed first.
  bool write_all(std::string_view text, Clock::time_point deadline);

  enum class Wait { line, timeout, closed };
  // The next line of the program's output (without its '\n' or '\r\n'), waiting until
  // `deadline`; `closed` when the output ends first (the program ended or closed it).
  Wait read_line(std::string& line, Clock::time_point deadline);

  // Ends the input, gives the program `grace` to exit, then kills its process group. Returns how
  // it ended: "exited with status N", "killed by signal N (NAME)", or "stopped after N ms".
  std::string stop(std::chrono::milliseconds grace);

  // The last few hundred bytes the program wrote on its standard error.
  std::string stderr_tail() const { return err_tail_; }

 private:
  void drain_stderr();
  void check_stop() const;

  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string out_buffer_, err_tail_;
  bool exited_ = false;
  std::string ending_;
  const std::atomic<bool>* stop_;
};

}  // namespace grundy::cli
