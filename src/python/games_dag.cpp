// grundy.dag(text, start=None, misere=False): a game on a directed graph in the command line's
// text format, the answer of `grundy dag FILE [--start ...] --json`.
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "grundy/core/text_check.h"
#include "grundy/games/dag/dag.h"
#include "python/bindings.h"
#include "python/common.h"
#include "report/dag.h"

namespace grundy::python {

namespace {

struct DagResult {
  dag::Graph graph;
  Rule rule = Rule::normal;
  std::vector<std::uint32_t> values;
  std::vector<std::string> start;
  dag::Analysis analysis;
};

}  // namespace

void bind_dag(py::module_& m) {
  py::class_<DagResult>(
      m, "DagResult", "Every vertex's value and, with tokens, the sum's winner and winning moves.")
      .def_property_readonly(
          "values",
          [](const DagResult& r) {
            py::dict d;
            for (std::uint32_t v = 0; v < r.graph.size(); ++v)
              d[py::str(r.graph.name(v))] = r.values[v];
            return d;
          },
          "vertex name -> Grundy value (misère: the misère value of one token there).")
      .def_property_readonly("value", [](const DagResult& r) { return r.analysis.value; })
      .def_property_readonly("winner",
                             [](const DagResult& r) -> py::object {
                               if (r.start.empty()) return py::none();
                               return py::str(std::string(to_string(r.analysis.winner)));
                             })
      .def_property_readonly(
          "winning_moves",
          [](const DagResult& r) {
            py::list moves;
            for (const auto& mv : r.analysis.winning_moves)
              moves.append(py::make_tuple(mv.token, r.graph.name(mv.from), r.graph.name(mv.to)));
            return moves;
          },
          "(token, from, to) for every winning move of the tokens given as start.")
      .def(
          "to_dict",
          [](const DagResult& r) {
            return to_python(report::dag_json(r.graph, r.values, r.rule, r.start, r.analysis));
          },
          "The JSON answer of `grundy dag FILE [--start ...] --json`, as a dict.")
      .def("__repr__", [](const DagResult& r) {
        return fmt::format("DagResult(vertices={}{})", r.graph.size(),
                           r.start.empty()
                               ? std::string()
                               : fmt::format(", value={}, winner='{}'", r.analysis.value,
                                             to_string(r.analysis.winner)));
      });

  m.def(
      "dag",
      [](py::handle graph, py::handle start, bool misere) {
        DagResult r;
        const std::string text = python::text(graph, "graph");
        check_text(text, "graph", dag::kTextLimits);
        r.graph = dag::Graph::parse(text, "graph");
        r.rule = misere ? Rule::misere : Rule::normal;
        if (!start.is_none()) {
          if (PyUnicode_Check(start.ptr()))
            throw InputError("--start: expected a list of vertex names, got the str " +
                             short_repr(start));
          for (py::handle name : start) r.start.push_back(python::text(name, "--start vertex"));
        }
        std::vector<std::uint32_t> tokens;
        for (const auto& name : r.start) tokens.push_back(r.graph.find(name));
        r.values = dag::grundy_values(r.graph, r.rule);
        if (!tokens.empty()) r.analysis = dag::analyze(r.graph, tokens, r.rule);
        return r;
      },
      py::arg("graph"), py::kw_only(), py::arg("start") = py::none(), py::arg("misere") = false,
      "A game on a directed graph in the command line's text format (one 'u v' edge per line, "
      "'#' comments): every vertex's value, and with start=[names] (one token on each) the "
      "sum's value, winner and winning moves.");
}

}  // namespace grundy::python
