// grundy.HeapSum, grundy.HeapSumMove, grundy.MisereQuotient and grundy.GenusTable: the answers of
// sums of heaps and of `grundy misere` (python/misere.h), read from the command line's JSON.
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "python/bindings.h"
#include "python/common.h"
#include "python/misere.h"
#include "report/misere.h"

namespace grundy::python {

namespace {

// One winning move of a sum: heap `heap` (0-based) goes from `from` to the heaps `to`.
struct HeapSumMove {
  std::uint64_t heap = 0, from = 0, take = 0;
  std::vector<std::uint64_t> to;
  bool operator==(const HeapSumMove&) const = default;
};

// The JSON's key as Python (None when the answer has no such key: `value` of a misère sum).
py::object key_or_none(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it == j.end() ? py::none() : to_python(*it);
}

template <class Result>
void json_properties(py::class_<Result>& cls, std::initializer_list<const char*> keys) {
  for (const char* key : keys)
    cls.def_property_readonly(key, [key](const Result& r) { return key_or_none(r.json, key); });
}

std::string list_text(const nlohmann::json& items) {
  std::vector<std::string> parts;
  for (const auto& x : items) parts.push_back(x.is_string() ? x.get<std::string>() : x.dump());
  return fmt::format("[{}]", fmt::join(parts, ", "));
}

}  // namespace

void bind_misere(py::module_& m) {
  py::class_<HeapSumMove>(m, "HeapSumMove",
                          "A winning move in a sum of heaps: heap `heap` (0-based) goes from "
                          "`from_` tokens to the heaps `to` ([] when none), taking `take`.")
      .def_readonly("heap", &HeapSumMove::heap)
      .def_readonly("from_", &HeapSumMove::from)
      .def_readonly("take", &HeapSumMove::take)
      .def_readonly("to", &HeapSumMove::to)
      .def("to_dict",
           [](const HeapSumMove& mv) {
             py::dict d;
             d["heap"] = mv.heap;
             d["from"] = mv.from;
             d["take"] = mv.take;
             d["to"] = mv.to;
             return d;
           })
      .def("__eq__", [](const HeapSumMove& a, const HeapSumMove& b) { return a == b; })
      .def("__hash__",
           [](const HeapSumMove& mv) {
             return py::hash(py::make_tuple(mv.heap, mv.from, mv.take, py::tuple(py::cast(mv.to))));
           })
      .def("__repr__", [](const HeapSumMove& mv) {
        return fmt::format("HeapSumMove(heap={}, from_={}, take={}, to=[{}])", mv.heap, mv.from,
                           mv.take, fmt::join(mv.to, ", "));
      });

  py::class_<HeapSum> sum(m, "HeapSum",
                          "A sum of heaps of one game: who wins and every winning move. Normal "
                          "play: `values` and their xor `value`; misère play: the heaps' "
                          "`elements` of the misère quotient and their `product`.");
  json_properties(sum, {"rule", "heaps", "value", "values", "elements", "product", "in_p_portion",
                        "quotient_order", "quotient_status", "winner", "winning_moves_total",
                        "winning_moves_complete", "families", "from_period"});
  sum.def_property_readonly(
         "winning_moves",
         [](const HeapSum& s) {
           std::vector<HeapSumMove> moves;
           for (const auto& mv : s.json.at("winning_moves"))
             moves.push_back({mv.at("heap").get<std::uint64_t>(),
                              mv.at("from").get<std::uint64_t>(),
                              mv.at("take").get<std::uint64_t>(),
                              mv.at("to").get<std::vector<std::uint64_t>>()});
           return moves;
         },
         "The winning moves listed (at most 1000; winning_moves_total counts them all when known).")
      .def(
          "to_dict", [](const HeapSum& s) { return to_python(s.json); },
          "The JSON answer of `grundy octal CODE --heaps ... --json` (or `grundy subtraction`, "
          "with --misere for a misère game), as a dict.")
      .def("__repr__", [](const HeapSum& s) {
        const auto& j = s.json;
        const auto& heaps = j.at("heaps");
        const std::string head =
            heaps.size() <= 8 ? list_text(heaps) : fmt::format("<{} heaps>", heaps.size());
        const std::string what =
            j.at("rule") == "normal"
                ? fmt::format("value={}", j.at("value").dump())
                : fmt::format("product='{}'", j.at("product").get<std::string>());
        return fmt::format("HeapSum(heaps={}, rule='{}', {}, winner='{}', winning_moves={})", head,
                           j.at("rule").get<std::string>(), what, j.at("winner").get<std::string>(),
                           j.at("winning_moves").size());
      });

  py::class_<QuotientResult> quotient(
      m, "MisereQuotient",
      "The misère quotient of an octal game (Plambeck and Siegel): `order`, `p_portion`, "
      "`generators`, `relations`, `elements`, `phi`, tame or wild, and whether it is proven for "
      "every heap (`status`: 'proven' or 'observed to N').");
  json_properties(quotient, {"order", "p_portion", "generators", "relations", "elements", "phi",
                             "tame", "tame_quotient", "tame_genus", "expansions", "computed_to",
                             "status", "stabilised", "argument", "stopped"});
  quotient
      .def_property_readonly(
          "proven", [](const QuotientResult& q) { return q.quotient->proven(); },
          "True when the quotient is proven to hold for every heap (status 'proven').")
      .def(
          "element",
          [](const QuotientResult& q, py::handle heap) {
            const auto n = whole_number(heap, "heap", kMaxHeapArg, "2^62");
            const auto x = q.quotient->run.element(n);
            if (!x)
              throw LimitError(fmt::format(
                  "the misère quotient of {} is known to heap {} (observed, not proven for every "
                  "heap); a heap of {} is beyond it",
                  q.code.to_string(), q.quotient->last_heap(), n));
            return q.quotient->presentation.element(*x);
          },
          py::arg("n"),
          "phi(n), the element of a heap of n (any n up to 2^62 once the quotient is proven).")
      .def(
          "to_dict",
          [](const QuotientResult& q, bool table) {
            return to_python(table ? report::misere_quotient_json(q.code, *q.quotient, true)
                                   : q.json);
          },
          py::kw_only(), py::arg("table") = false,
          "The JSON answer of `grundy misere CODE --quotient --json` (table=True: with --table, "
          "the multiplication table).")
      .def("__repr__", [](const QuotientResult& q) {
        return fmt::format("MisereQuotient(code='{}', order={}, p_portion={}, status='{}')",
                           q.code.to_string(), q.json.at("order").dump(),
                           q.json.at("p_portion").size(), q.json.at("status").get<std::string>());
      });

  py::class_<GenusTable> genus(m, "GenusTable",
                               "The genus of heaps 0 .. n-1 in CGSuite's notation ('0^120', "
                               "'3^1431'), with the misère values g- and the normal values g.");
  json_properties(genus, {"genus", "misere_values", "normal_values"});
  genus
      .def(
          "to_dict", [](const GenusTable& g) { return to_python(g.json); },
          "The JSON answer of `grundy misere CODE --genus --values N --json`, as a dict.")
      .def("__len__", [](const GenusTable& g) { return g.json.at("genus").size(); })
      .def("__repr__", [](const GenusTable& g) {
        const auto& all = g.json.at("genus");
        std::vector<std::string> shown;
        for (std::size_t i = 0; i < all.size() && i < 12; ++i)
          shown.push_back("'" + all[i].get<std::string>() + "'");
        return fmt::format("GenusTable(code='{}', genus=[{}{}])",
                           g.json.at("code").get<std::string>(), fmt::join(shown, ", "),
                           all.size() > 12 ? ", ..." : "");
      });
}

}  // namespace grundy::python
