#pragma once
// grundy.Game: short partizan games in canonical form (core/partizan.h), one store for the whole
// interpreter, guarded by a mutex (engines that build values in it run without the GIL).
#include <cstddef>
#include <mutex>

#include <pybind11/pybind11.h>

#include "grundy/core/partizan.h"

namespace grundy::python {

namespace py = pybind11;

struct SharedStore {
  std::mutex mutex;
  GameStore store;
};
SharedStore& shared_store();

// A value of the shared store, as Python sees it.
struct Game {
  GameId id = 0;
};

// An int or a dyadic Fraction as a Dyadic; InputError otherwise ("1/3 is not a dyadic number").
Dyadic dyadic_from_python(py::handle x, const char* what);
// A Dyadic as a fractions.Fraction (exact, any size).
py::object fraction_from_dyadic(const Dyadic& d);

}  // namespace grundy::python
