#pragma once
// grundy.Period: the period of a value table and how it is known — proven (by the octal
// periodicity theorem, or a subtraction game's repeated window), or only observed in the values
// computed, or none found — shared by every heap game.
#include <cstdint>
#include <optional>
#include <string>

#include <pybind11/pybind11.h>
#include <nlohmann/json.hpp>

#include "grundy/core/periodicity.h"

namespace grundy::python {

namespace py = pybind11;

struct PeriodInfo {
  std::optional<Period> period;  // unset: no period found
  bool proven = false;
  std::string argument;  // the command line's sentence: the inequality checked, or why not
  nlohmann::json json;   // preperiod, period, certified (and the proof's fields when there is one)
};

}  // namespace grundy::python
