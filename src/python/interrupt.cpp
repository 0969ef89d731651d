#include "python/interrupt.h"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <unistd.h>

#include "grundy/core/error.h"
#include "grundy/core/run_clock.h"
#include "python/common.h"

namespace grundy::python {

namespace {

bool on_main_thread() {
  // threading.main_thread() is the thread that started the interpreter, the one Python's signal
  // handlers run on.
  static PyObject* const threading = PyImport_ImportModule("threading");
  if (threading == nullptr) throw py::error_already_set();
  const py::object current = py::handle(threading).attr("current_thread")();
  const py::object main = py::handle(threading).attr("main_thread")();
  return current.is(main);
}

// The threads that run the main thread's calls. A thread started for each call cost 40 us on an
// idle machine and 1-2 ms on a busy one (a new thread waits for its first time slice behind the
// running ones), which made a loop of small calls 50 times slower while anything else ran; a
// thread kept waiting for work is woken in 20-30 us either way. Usually one: another is started
// only when a call is made while every thread is busy (a progress callback that calls grundy).
// Never destroyed: they wait, detached, until the process ends. A child made by fork() has none
// of its parent's threads, so it starts its own (the parent's records are kept, unused).
class Worker {
 public:
  Worker() {
    std::thread([this] { loop(); }).detach();
  }

  // Hands `job` to the thread (which must be idle).
  void start(std::function<void()> job) {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = std::move(job);
    done_ = false;
    changed_.notify_all();
  }

  // Waits up to `timeout` for the job to end; true when it has (the thread then no longer
  // touches anything of the job's).
  bool wait_for(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return done_; });
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      changed_.wait(lock, [&] { return job_ != nullptr; });
      auto job = std::move(job_);
      job_ = nullptr;
      lock.unlock();
      job();
      job = nullptr;  // the job's captures go before the caller may return
      lock.lock();
      done_ = true;
      changed_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::function<void()> job_;
  bool done_ = true;
};

struct WorkerPool {
  std::mutex mutex;
  pid_t pid = getpid();
  std::vector<Worker*> idle;
  std::vector<std::unique_ptr<Worker>> all;  // kept: a fork's child must not free them
};

WorkerPool& worker_pool() {
  static WorkerPool* const pool = new WorkerPool;  // never destroyed (its threads live on)
  return *pool;
}

Worker& idle_worker() {
  WorkerPool& pool = worker_pool();
  std::lock_guard<std::mutex> lock(pool.mutex);
  if (pool.pid != getpid()) {  // a child of fork(): the parent's threads are not here
    pool.pid = getpid();
    pool.idle.clear();
  }
  if (pool.idle.empty()) return *pool.all.emplace_back(std::make_unique<Worker>());
  Worker* w = pool.idle.back();
  pool.idle.pop_back();
  return *w;
}

void release_worker(Worker& w) {
  WorkerPool& pool = worker_pool();
  std::lock_guard<std::mutex> lock(pool.mutex);
  pool.idle.push_back(&w);
}

}  // namespace

void run_released(const std::function<void(const std::atomic<bool>& stop)>& work,
                  const std::function<void()>& poll, std::atomic<bool>* also_stop) {
  // The seconds of long calls leave out a stop (Ctrl-Z, SIGSTOP) as the command's do
  // (core/run_clock.h): the watcher starts with the first long call (not at import: a thread
  // there would be in every process that imports grundy and forks).
  watch_pauses();
  std::atomic<bool> stop{false};
  if (!on_main_thread()) {
    py::gil_scoped_release release;
    work(stop);
    return;
  }
  std::exception_ptr failure;
  Worker& worker = idle_worker();
  worker.start([&] {
    try {
      work(stop);
    } catch (...) {
      failure = std::current_exception();
    }
  });
  std::optional<py::error_already_set> raised;  // the first one while waiting (Ctrl-C, poll's)
  for (;;) {
    {
      py::gil_scoped_release release;
      if (worker.wait_for(std::chrono::milliseconds(50))) break;
    }
    if (raised) continue;  // stopping: wait for the work to notice
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      if (poll) poll();
    } catch (py::error_already_set& e) {
      raised.emplace(std::move(e));
      stop.store(true);
      if (also_stop) also_stop->store(true);
    }
  }
  release_worker(worker);
  if (poll && !raised && !failure) poll();  // the last word (a progress bar's 100%)
  if (raised) throw *raised;
  if (failure) std::rethrow_exception(failure);
}

}  // namespace grundy::python

namespace grundy::python {

ProgressRelay::ProgressRelay(py::object callback) : callback_(std::move(callback)) {
  if (callback_.is(py::bool_(true)))
    callback_ = py::module_::import("grundy._progress").attr("TextBar")();
  else if (callback_.is(py::bool_(false)))
    callback_ = py::none();
  else if (!callback_.is_none() && !PyCallable_Check(callback_.ptr()))
    throw InputError("progress: expected None, True or a callable (done, total), got " +
                     short_repr(callback_));
}

void ProgressRelay::report(std::uint64_t done, std::uint64_t total) {
  total_.store(total, std::memory_order_relaxed);
  done_.store(done, std::memory_order_relaxed);
}

std::function<void()> ProgressRelay::poller() {
  if (!active()) return {};
  return [this] { poll(); };
}

void ProgressRelay::poll() {
  const std::uint64_t done = done_.load(std::memory_order_relaxed);
  const std::uint64_t total = total_.load(std::memory_order_relaxed);
  const double now =
      std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  const bool finished = total != 0 && done >= total;
  if (done == shown_done_ || (!finished && now - last_shown_ < 0.5)) return;
  shown_done_ = done;
  last_shown_ = now;
  callback_(done, total);
}

}  // namespace grundy::python
