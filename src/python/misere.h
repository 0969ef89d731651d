#pragma once
// Sums of heaps and misère play for Python: the results of grundy.octal(...).sum(heaps),
// .misere_quotient(), .genus(n) and grundy.subtraction(...).sum(heaps). Each keeps the JSON
// answer of the command line it mirrors (src/report/), computed once: the attributes read it and
// to_dict() is it, so Python and `--json` cannot drift apart.
#include <memory>

#include <pybind11/pybind11.h>
#include <nlohmann/json.hpp>

#include "grundy/games/octal/misere_quotient.h"

namespace grundy::python {

namespace py = pybind11;

// A sum of heaps of one game: `grundy octal CODE --heaps ... [--misere] --json`, `grundy
// subtraction --set S --heaps ... [--misere] --json` (grundy.HeapSum).
struct HeapSum {
  nlohmann::json json;
};

// `grundy misere CODE --quotient --json` (grundy.MisereQuotient); the quotient itself for the
// multiplication table and the element of any heap.
struct QuotientResult {
  octal::OctalCode code;
  std::shared_ptr<const octal::MisereQuotient> quotient;
  nlohmann::json json;  // without the table
};

// `grundy misere CODE --genus --values N --json` (grundy.GenusTable).
struct GenusTable {
  nlohmann::json json;
};

}  // namespace grundy::python
