#include "python/interrupt.h"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "grundy/core/error.h"
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

}  // namespace

void run_released(const std::function<void(const std::atomic<bool>& stop)>& work,
                  const std::function<void()>& poll, std::atomic<bool>* also_stop) {
  std::atomic<bool> stop{false};
  if (!on_main_thread()) {
    py::gil_scoped_release release;
    work(stop);
    return;
  }
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  std::exception_ptr failure;
  std::thread worker([&] {
    try {
      work(stop);
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
    finished.notify_all();
  });
  std::optional<py::error_already_set> raised;  // the first one while waiting (Ctrl-C, poll's)
  for (;;) {
    {
      py::gil_scoped_release release;
      std::unique_lock<std::mutex> lock(mutex);
      finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; });
      if (done) break;
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
  worker.join();
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
