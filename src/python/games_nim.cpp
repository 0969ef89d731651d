// grundy.nim(heaps, misere=False): the answer of `grundy nim ... --json`.
#include <cstdint>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "grundy/games/nim/nim.h"
#include "python/bindings.h"
#include "python/common.h"
#include "report/nim.h"

namespace grundy::python {

namespace {

struct NimResult {
  nim::Analysis analysis;
  std::vector<std::uint64_t> heaps;
};

}  // namespace

void bind_nim(py::module_& m) {
  py::class_<nim::Move>(m, "NimMove",
                        "A winning move of Nim: heap `heap` (0-based) from `from_` to `to`.")
      .def_readonly("heap", &nim::Move::heap)
      .def_readonly("from_", &nim::Move::from)
      .def_readonly("to", &nim::Move::to)
      .def("to_dict",
           [](const nim::Move& mv) {
             py::dict d;
             d["heap"] = mv.heap;
             d["from"] = mv.from;
             d["to"] = mv.to;
             return d;
           })
      .def("__eq__", [](const nim::Move& a, const nim::Move& b) { return a == b; })
      .def("__hash__",
           [](const nim::Move& mv) { return py::hash(py::make_tuple(mv.heap, mv.from, mv.to)); })
      .def("__repr__", [](const nim::Move& mv) {
        return fmt::format("NimMove(heap={}, from_={}, to={})", mv.heap, mv.from, mv.to);
      });

  py::class_<NimResult>(m, "NimResult", "Who wins a position of Nim and every winning move.")
      .def_property_readonly(
          "rule",
          [](const NimResult& r) { return r.analysis.rule == Rule::normal ? "normal" : "misere"; })
      .def_property_readonly("heaps", [](const NimResult& r) { return r.heaps; })
      .def_property_readonly("nim_sum", [](const NimResult& r) { return r.analysis.nim_sum; })
      .def_property_readonly(
          "value", [](const NimResult& r) { return r.analysis.value; },
          "Normal play: the Grundy value (the xor). Misère: the misère value of "
          "the whole position as one game; 0 exactly when the mover loses.")
      .def_property_readonly(
          "winner", [](const NimResult& r) { return to_string(r.analysis.winner); },
          "'first' (the player to move) or 'second'.")
      .def_property_readonly("winning_moves",
                             [](const NimResult& r) { return r.analysis.winning_moves; })
      .def(
          "to_dict",
          [](const NimResult& r) {
            return to_python(report::nim_json(r.analysis, r.heaps.size()));
          },
          "The JSON answer of `grundy nim ... --json`, as a dict.")
      .def("__repr__", [](const NimResult& r) {
        return fmt::format(
            "NimResult(heaps={}, rule='{}', nim_sum={}, winner='{}', winning_moves={})",
            r.heaps.size() <= 8 ? fmt::format("[{}]", fmt::join(r.heaps, ", "))
                                : fmt::format("<{} heaps>", r.heaps.size()),
            r.analysis.rule == Rule::normal ? "normal" : "misere", r.analysis.nim_sum,
            to_string(r.analysis.winner), r.analysis.winning_moves.size());
      });

  m.def(
      "nim",
      [](py::handle heaps, bool misere) {
        NimResult r;
        r.heaps = whole_numbers(heaps, "heap", nim::kMaxHeap, "2^63-1");
        if (r.heaps.empty()) throw InputError("no heaps given; try grundy.nim([3, 4, 5])");
        r.analysis = nim::analyze(r.heaps, misere ? Rule::misere : Rule::normal);
        return r;
      },
      py::arg("heaps"), py::kw_only(), py::arg("misere") = false,
      "Nim: the xor of the heaps, who wins, and every winning move (Bouton; misère: the same "
      "unless every heap has at most one token). `heaps`: any iterable of whole numbers up to "
      "2^63-1, or a NumPy integer array.");
}

}  // namespace grundy::python
