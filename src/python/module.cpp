// The extension module grundy._grundy; the package grundy (src/python/grundy/) re-exports it and
// adds what is easier written in Python (pictures for Jupyter, progress bars, graph inputs).
#include <pybind11/pybind11.h>

#include "python/bindings.h"
#include "python/common.h"

PYBIND11_MODULE(_grundy, m) {
  m.doc() = "grundy: who wins a combinatorial game with perfect play, and which move wins";
  grundy::python::register_errors(m);
  grundy::python::bind_period(m);
  grundy::python::bind_nim(m);
  grundy::python::bind_subtraction(m);
  grundy::python::bind_octal(m);
  grundy::python::bind_python_games(m);
  grundy::python::bind_dag(m);
  grundy::python::bind_partizan(m);
  grundy::python::bind_hackenbush(m);
  grundy::python::bind_dots(m);
  grundy::python::bind_uttt(m);
}
