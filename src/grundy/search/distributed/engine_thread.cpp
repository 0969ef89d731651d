#include "grundy/search/distributed/engine_thread.h"

#include <chrono>

#include "grundy/core/run_clock.h"

namespace grundy::search::distributed {

void AnswerQueue::push(Answer a) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    answers_.push_back(std::move(a));
  }
  ready_.notify_one();
  if (bell_) bell_->ring();
}

bool AnswerQueue::pop(Answer& out, double seconds) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (answers_.empty() && seconds > 0)
    ready_.wait_for(lock, std::chrono::duration<double>(seconds),
                    [this] { return !answers_.empty(); });
  if (answers_.empty()) return false;
  out = std::move(answers_.front());
  answers_.pop_front();
  return true;
}

EngineThread::EngineThread(int worker, WorkerEngine engine, AnswerQueue& sink)
    : worker_(worker),
      runner_(std::move(engine.run)),
      share_(std::move(engine.share)),
      sink_(sink),
      thread_([this] { loop(); }) {}

EngineThread::~EngineThread() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
    queue_.clear();
    cancel_running_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void EngineThread::submit(Job job) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(job));
  }
  wake_.notify_all();
}

void EngineThread::cancel(std::uint64_t id) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (running_ == id) {
    cancel_running_ = true;
    return;
  }
  for (auto it = queue_.begin(); it != queue_.end(); ++it)
    if (it->id == id) {
      Answer a;
      a.job = id;
      a.worker = worker_;
      a.kind = it->kind;
      a.status = AnswerStatus::cancelled;
      a.totals = totals_;
      queue_.erase(it);
      sink_.push(std::move(a));
      return;
    }
}

WorkerTotals EngineThread::totals() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return totals_;
}

bool EngineThread::busy() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return running_ != 0 || !queue_.empty();
}

void EngineThread::loop() {
  RunClock idle;  // busy and idle times leave out a stop of the rank (SIGSTOP until SIGCONT)
  while (true) {
    Job job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [this] { return quit_ || !queue_.empty(); });
      if (quit_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
      running_ = job.id;
      cancel_running_ = false;
      totals_.idle_seconds += idle.seconds();
    }
    const RunClock busy;
    Answer a = runner_(job, cancel_running_);
    a.job = job.id;
    a.worker = worker_;
    a.kind = job.kind;
    if (cancel_running_ && a.status != AnswerStatus::decided) a.status = AnswerStatus::cancelled;
    a.seconds = busy.seconds();  // a stopped worker's job does not raise the stall limit
    {
      std::lock_guard<std::mutex> lock(mutex_);
      running_ = 0;
      totals_.nodes += a.nodes;
      totals_.jobs += 1;
      totals_.busy_seconds += a.seconds;
      totals_.table_probes += a.totals.table_probes;
      totals_.table_hits += a.totals.table_hits;
      a.totals = totals_;
      idle.restart();
    }
    sink_.push(std::move(a));
  }
}

}  // namespace grundy::search::distributed
