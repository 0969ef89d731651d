#pragma once
// One function per game family, each in its own file (games_<family>.cpp), called by module.cpp.
#include <pybind11/pybind11.h>

namespace grundy::python {

namespace py = pybind11;

void bind_nim(py::module_& m);
void bind_subtraction(py::module_& m);
void bind_octal(py::module_& m);
void bind_period(py::module_& m);
void bind_python_games(py::module_& m);
void bind_dag(py::module_& m);
void bind_partizan(py::module_& m);
void bind_hackenbush(py::module_& m);
// The two-player board games, each a submodule (grundy.dots, grundy.uttt).
void bind_dots(py::module_& m);
void bind_uttt(py::module_& m);

}  // namespace grundy::python
