#include "python/period.h"

#include <fmt/core.h>

#include "python/common.h"

namespace grundy::python {

void bind_period(py::module_& m) {
  py::class_<PeriodInfo>(m, "Period",
                         "The period of a heap game's values: G(n + period) = G(n) for every "
                         "n >= preperiod, and whether that is proven or only observed.")
      .def_property_readonly(
          "preperiod",
          [](const PeriodInfo& p) -> py::object {
            return p.period ? py::object(py::int_(p.period->preperiod)) : py::object(py::none());
          },
          "The first n from which the values repeat (None: no period found).")
      .def_property_readonly(
          "period",
          [](const PeriodInfo& p) -> py::object {
            return p.period ? py::object(py::int_(p.period->period)) : py::object(py::none());
          },
          "The least period (None: no period found).")
      .def_readonly("proven", &PeriodInfo::proven,
                    "True when proven for all n; False when only seen in the values computed.")
      .def_readonly("argument", &PeriodInfo::argument,
                    "The reason in one paragraph: the inequality checked for a proof, or what "
                    "was looked at.")
      .def("to_dict", [](const PeriodInfo& p) { return to_python(p.json); })
      .def("__bool__", [](const PeriodInfo& p) { return p.period.has_value(); })
      .def("__repr__", [](const PeriodInfo& p) {
        if (!p.period) return std::string("Period(None)");
        return fmt::format("Period(preperiod={}, period={}, proven={})", p.period->preperiod,
                           p.period->period, p.proven ? "True" : "False");
      });
}

}  // namespace grundy::python
