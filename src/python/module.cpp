// The extension module grundy._grundy; the package grundy (src/python/grundy/) re-exports it and
// adds what is easier written in Python (pictures for Jupyter, progress bars, graph inputs).
#include <string>

#include <pybind11/pybind11.h>

#include "grundy/core/kernel_set.h"
#include "python/bindings.h"
#include "python/common.h"

PYBIND11_MODULE(_grundy, m) {
  m.doc() = "grundy: who wins a combinatorial game with perfect play, and which move wins";
  grundy::python::register_errors(m);
  // The kernel set (docs/architecture.md "Kernel sets"): GRUNDY_KERNELS or the CPU's best,
  // chosen at import; a bad value fails the import with the command's message.
  grundy::select_kernel_set_from_environment();
  m.def(
      "kernel_set",
      [] { return std::string(grundy::kernel_set_name(grundy::active_kernel_set())); },
      "The kernel set in use: 'scalar', 'avx2' or 'avx512' (GRUNDY_KERNELS chooses one).");
  grundy::python::bind_period(m);
  grundy::python::bind_nim(m);
  grundy::python::bind_misere(m);
  grundy::python::bind_subtraction(m);
  grundy::python::bind_octal(m);
  grundy::python::bind_python_games(m);
  grundy::python::bind_dag(m);
  grundy::python::bind_partizan(m);
  grundy::python::bind_hackenbush(m);
  grundy::python::bind_dots(m);
  grundy::python::bind_uttt(m);
}
