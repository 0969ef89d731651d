#pragma once
// A worker's engine on its own thread: jobs are queued to it, run one at a time by the game's
// JobRunner, and their answers handed to a sink; a job can be withdrawn while it runs. Time
// spent waiting for work is counted as idle time. Used by every worker (an MPI rank's main
// thread only passes messages) and by the local channel's threads.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "grundy/search/distributed/channel.h"
#include "grundy/search/distributed/doorbell.h"

namespace grundy::search::distributed {

// A queue of answers that several engine threads push to and one thread pops from.
class AnswerQueue {
 public:
  void push(Answer a);
  // Waits at most `seconds` (0: does not wait).
  bool pop(Answer& out, double seconds);
  // Rings `bell` (null: none) after each push, for a thread that waits on the bell.
  void ring_on_push(Doorbell* bell) { bell_ = bell; }

 private:
  Doorbell* bell_ = nullptr;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Answer> answers_;
};

class EngineThread {
 public:
  EngineThread(int worker, WorkerEngine engine, AnswerQueue& sink);
  ~EngineThread();  // withdraws what is queued or running and joins the thread
  EngineThread(const EngineThread&) = delete;
  EngineThread& operator=(const EngineThread&) = delete;

  void submit(Job job);
  // Withdraws job `id`: dropped if still queued (answered `cancelled`), stopped if running.
  void cancel(std::uint64_t id);
  WorkerTotals totals() const;
  // A job is running or queued.
  bool busy() const;
  TableShare* share() const { return share_.get(); }

 private:
  void loop();

  int worker_;
  JobRunner runner_;
  std::shared_ptr<TableShare> share_;
  AnswerQueue& sink_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  std::uint64_t running_ = 0;  // id of the running job (0: none)
  std::atomic<bool> cancel_running_{false};
  bool quit_ = false;
  WorkerTotals totals_;
  std::thread thread_;
};

}  // namespace grundy::search::distributed
