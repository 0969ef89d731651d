#pragma once
// Long calls from Python: the computation runs with the GIL released, so other Python threads go
// on (two threads can compute at once), and Ctrl-C (SIGINT: KeyboardInterrupt, also in a
// notebook) stops it within a fraction of a second through the engines' stop flag; the objects
// involved stay usable, since engines stop without keeping a partial answer.
#include <atomic>
#include <cstdint>
#include <functional>

#include <pybind11/pybind11.h>

namespace grundy::python {

namespace py = pybind11;

// Runs work(stop), with the pause watcher started (core/run_clock.h: the call's seconds leave
// out a stop of the process). On the main thread the work runs on a helper thread (kept between
// calls: one started per call cost milliseconds on a busy machine) while this one waits with the
// GIL released, waking every 50 ms to run Python's signal handlers and `poll` (with the GIL:
// progress callbacks, which may raise to stop the work). A handler's exception (KeyboardInterrupt)
// or poll's sets `stop`; once the work has returned, that exception is raised. On any other
// thread (where Python delivers no signals) the work runs inline with the GIL released, and poll
// is not called. Exceptions of the work itself are rethrown here, so pybind11 translates them.
// `also_stop` (optional) is set with `stop`: the flag of an engine that outlives the call (a
// player keeps its own pointer to the flag it polls).
void run_released(const std::function<void(const std::atomic<bool>& stop)>& work,
                  const std::function<void()>& poll = {}, std::atomic<bool>* also_stop = nullptr);

}  // namespace grundy::python

namespace grundy::python {

// Progress of a long call for a Python callback: the engine reports (done, total) from its
// thread; poll() (run by run_released on the calling thread, with the GIL) passes the latest
// figures to `callback(done, total)` about twice a second and once more at the end. `callback`
// may be None (no progress), True (grundy's text progress bar on stderr) or any callable.
class ProgressRelay {
 public:
  explicit ProgressRelay(py::object callback);
  bool active() const { return !callback_.is_none(); }
  // Any thread, often: only stores the figures.
  void report(std::uint64_t done, std::uint64_t total);
  // The function for run_released's poll (empty when there is no callback).
  std::function<void()> poller();

 private:
  void poll();
  py::object callback_;
  std::atomic<std::uint64_t> done_{0}, total_{0};
  std::uint64_t shown_done_ = ~std::uint64_t{0};
  double last_shown_ = -1;
};

}  // namespace grundy::python
