// grundy.subtraction(set, misere=False): the answers of `grundy subtraction ... --json`.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "grundy/games/octal/engine.h"
#include "grundy/games/subtraction/subtraction.h"
#include "python/arrays.h"
#include "python/bindings.h"
#include "python/common.h"
#include "python/interrupt.h"
#include "python/period.h"
#include "report/subtraction.h"

namespace grundy::python {

namespace sub = grundy::subtraction;

namespace {

class SubtractionGame {
 public:
  SubtractionGame(sub::SubtractionSet set, Rule rule) : set_(std::move(set)), rule_(rule) {}

  const sub::SubtractionSet& set() const { return set_; }
  Rule rule() const { return rule_; }

  // The certificate of a finite set, searched once (nullopt: none within the search limit, or
  // not certifiable). Call with mutex() held.
  const std::optional<sub::Certificate>& certificate(const std::atomic<bool>& stop) {
    if (!searched_ && sub::certifiable(set_)) {
      auto c = sub::certify(set_, rule_, sub::kDefaultSearchLimit, &stop);
      if (stop.load()) throw octal::Interrupted();
      if (c) prefix_ = sub::values(set_, c->period.preperiod + c->period.period, rule_);
      certificate_ = std::move(c);
    }
    searched_ = true;
    return certificate_;
  }
  const std::vector<std::uint32_t>& prefix() const { return prefix_; }
  std::mutex& mutex() { return mutex_; }

 private:
  sub::SubtractionSet set_;
  Rule rule_;
  std::mutex mutex_;
  bool searched_ = false;
  std::optional<sub::Certificate> certificate_;
  std::vector<std::uint32_t> prefix_;
};

struct SubtractionTable {
  sub::Table table;
  std::shared_ptr<SubtractionGame> game;
};

struct SubtractionPosition {
  sub::Position position;
  std::shared_ptr<SubtractionGame> game;
};

// Engines report progress through `relay`; once Ctrl-C has set `stop`, the next report ends the
// computation (the subtraction engines take no stop flag of their own).
ProgressFn stoppable_progress(ProgressRelay& relay, const std::atomic<bool>& stop) {
  return [&relay, &stop](std::uint64_t done, std::uint64_t total) {
    if (stop.load(std::memory_order_relaxed)) throw octal::Interrupted();
    relay.report(done, total);
  };
}

sub::Table compute_table(SubtractionGame& g, std::uint64_t count, py::object progress) {
  ProgressRelay relay(std::move(progress));
  sub::Table t;
  run_released(
      [&](const std::atomic<bool>& stop) {
        t = sub::table(g.set(), count, g.rule(), stoppable_progress(relay, stop), &stop);
        if (stop.load()) throw octal::Interrupted();
      },
      relay.poller());
  return t;
}

nlohmann::json period_json(const sub::Table& t) {
  return {{"preperiod", t.period ? nlohmann::json(t.period->preperiod) : nlohmann::json(nullptr)},
          {"period", t.period ? nlohmann::json(t.period->period) : nlohmann::json(nullptr)},
          {"certified", t.certified}};
}

std::string rule_word(Rule r) {
  return r == Rule::normal ? "normal" : "misere";
}

}  // namespace

void bind_subtraction(py::module_& m) {
  py::class_<sub::Move>(m, "SubtractionMove", "A winning move: take `take` tokens, leaving `to`.")
      .def_readonly("take", &sub::Move::take)
      .def_readonly("to", &sub::Move::to)
      .def("to_dict",
           [](const sub::Move& mv) { return to_python(report::subtraction_move_json(mv)); })
      .def("__eq__",
           [](const sub::Move& a, const sub::Move& b) { return a.take == b.take && a.to == b.to; })
      .def("__hash__", [](const sub::Move& mv) { return py::hash(py::make_tuple(mv.take, mv.to)); })
      .def("__repr__", [](const sub::Move& mv) {
        return fmt::format("SubtractionMove(take={}, to={})", mv.take, mv.to);
      });

  py::class_<SubtractionPosition>(m, "SubtractionPosition",
                                  "One heap: its value, who wins, every winning move.")
      .def_property_readonly("n", [](const SubtractionPosition& p) { return p.position.n; })
      .def_property_readonly("value", [](const SubtractionPosition& p) { return p.position.value; })
      .def_property_readonly(
          "winner", [](const SubtractionPosition& p) { return to_string(p.position.winner); })
      .def_property_readonly("winning_moves",
                             [](const SubtractionPosition& p) { return p.position.winning_moves; })
      .def_property_readonly(
          "from_period", [](const SubtractionPosition& p) { return p.position.from_period; },
          "True when the value was read from the proven period in O(1).")
      .def(
          "to_dict",
          [](const SubtractionPosition& p) {
            return to_python(
                report::subtraction_position_json(p.position, p.game->set(), p.game->rule()));
          },
          "The JSON answer of `grundy subtraction --set S --at N --json`, as a dict.")
      .def("__repr__", [](const SubtractionPosition& p) {
        return fmt::format("SubtractionPosition(n={}, value={}, winner='{}', winning_moves={})",
                           p.position.n, p.position.value, to_string(p.position.winner),
                           p.position.winning_moves.size());
      });

  py::class_<SubtractionTable>(m, "SubtractionTable",
                               "G(0 .. count-1) with the period and how it is known.")
      .def_property_readonly("game", [](const SubtractionTable& t) { return t.game; })
      .def_property_readonly("count", [](const SubtractionTable& t) { return t.table.count; })
      .def_property_readonly(
          "values",
          [](const SubtractionTable& t) {
            return to_numpy(
                t.table.period && t.table.certified
                    ? extend_periodic(t.table.values, t.table.count, *t.table.period)
                    : std::vector<std::uint32_t>(
                          t.table.values.begin(),
                          t.table.values.begin() + static_cast<std::ptrdiff_t>(t.table.count)));
          },
          "The values as a NumPy uint32 array (a new array at each access).")
      .def_property_readonly("period",
                             [](const SubtractionTable& t) {
                               return PeriodInfo{
                                   t.table.period, t.table.certified,
                                   report::subtraction_period_text(t.table, t.game->set()),
                                   period_json(t.table)};
                             })
      .def(
          "to_dict",
          [](const SubtractionTable& t) {
            return to_python(
                report::subtraction_table_json(t.table, t.game->set(), t.game->rule()));
          },
          "The JSON answer of `grundy subtraction --set S --values N --json`, as a dict.")
      .def("__len__", [](const SubtractionTable& t) { return t.table.count; })
      .def("__repr__", [](const SubtractionTable& t) {
        return fmt::format(
            "SubtractionTable(set='{}', count={}, period={})", t.game->set().to_string(),
            t.table.count,
            t.table.period
                ? fmt::format("({}, {}{})", t.table.period->preperiod, t.table.period->period,
                              t.table.certified ? ", proven" : ", observed")
                : "None");
      });

  py::class_<SubtractionGame, std::shared_ptr<SubtractionGame>>(
      m, "SubtractionGame",
      "A subtraction game: one heap; a move takes k tokens for some k in the set. Values are "
      "exact for every kind of set; a finite set's period is proven.")
      .def_property_readonly(
          "set", [](const SubtractionGame& g) { return g.set().to_string(); },
          "The set in the command line's notation ('1,3,4', 'squares', ...).")
      .def_property_readonly("rule", [](const SubtractionGame& g) { return rule_word(g.rule()); })
      .def_property_readonly("is_finite",
                             [](const SubtractionGame& g) { return g.set().is_finite(); })
      .def("describe",
           [](const SubtractionGame& g) { return report::subtraction_set_text(g.set()); })
      .def(
          "table",
          [](std::shared_ptr<SubtractionGame> g, py::handle count, py::object progress) {
            const auto n = whole_number(count, "--values", sub::kMaxTableValues);
            auto t = compute_table(*g, n, std::move(progress));
            return to_numpy(t.certified ? extend_periodic(std::move(t.values), n, *t.period)
                                        : std::move(t.values));
          },
          py::arg("count"), py::kw_only(), py::arg("progress") = py::none(),
          "G(0 .. count-1) as a NumPy uint32 array (count up to 10^8). progress: None, True "
          "(a text bar) or a callable(done, total).")
      .def(
          "table_result",
          [](std::shared_ptr<SubtractionGame> g, py::handle count, py::object progress) {
            const auto n = whole_number(count, "--values", sub::kMaxTableValues);
            return SubtractionTable{compute_table(*g, n, std::move(progress)), g};
          },
          py::arg("count"), py::kw_only(), py::arg("progress") = py::none(),
          "The table with its period, as `grundy subtraction --values N --json` answers it.")
      .def(
          "period",
          [](std::shared_ptr<SubtractionGame> g, py::handle values) {
            // A finite set's period is proven by its certificate; others are observed in a table.
            if (sub::certifiable(g->set())) {
              auto t = compute_table(*g, 0, py::none());
              if (t.certified)
                return PeriodInfo{t.period, true, report::subtraction_period_text(t, g->set()),
                                  period_json(t)};
            }
            const auto n = whole_number_or(values, 4096, "values", sub::kMaxTableValues);
            auto t = compute_table(*g, n, py::none());
            return PeriodInfo{t.period, t.certified, report::subtraction_period_text(t, g->set()),
                              period_json(t)};
          },
          py::arg("values") = py::none(),
          "The least period and preperiod: proven for finite sets (a repeated window of max(S) "
          "values); otherwise observed in the first `values` values (default 4096), not proven.")
      .def(
          "value",
          [](std::shared_ptr<SubtractionGame> g, py::handle heap) {
            const auto n = whole_number(heap, "heap", kMaxHeapArg, "2^62");
            std::uint64_t v = 0;
            ProgressRelay relay{py::none()};
            run_released([&](const std::atomic<bool>& stop) {
              std::lock_guard<std::mutex> lock(g->mutex());
              if (const auto& c = g->certificate(stop)) {
                v = g->prefix()[periodic_index(c->period, n)];
                return;
              }
              v = sub::analyze(g->set(), n, g->rule(), stoppable_progress(relay, stop), &stop)
                      .value;
            });
            return v;
          },
          py::arg("n"),
          "G(n): in O(1) from the proven period (n up to 2^62), else computed (n < 10^8).")
      .def(
          "position",
          [](std::shared_ptr<SubtractionGame> g, py::handle heap, py::object progress) {
            const auto n = whole_number(heap, "--at", kMaxHeapArg, "2^62");
            ProgressRelay relay(std::move(progress));
            SubtractionPosition p{{}, g};
            run_released(
                [&](const std::atomic<bool>& stop) {
                  p.position =
                      sub::analyze(g->set(), n, g->rule(), stoppable_progress(relay, stop), &stop);
                },
                relay.poller());
            return p;
          },
          py::arg("n"), py::kw_only(), py::arg("progress") = py::none(),
          "A heap of n: its value, who wins and every winning move (`grundy subtraction --at N`).")
      .def("__repr__", [](const SubtractionGame& g) {
        return fmt::format("grundy.subtraction('{}'{})", g.set().to_string(),
                           g.rule() == Rule::misere ? ", misere=True" : "");
      });

  m.def(
      "subtraction",
      [](py::handle set, bool misere) {
        sub::SubtractionSet s;
        if (PyUnicode_Check(set.ptr()))
          s = sub::SubtractionSet::parse(text(set, "--set"));
        else
          s = sub::SubtractionSet::finite(whole_numbers(set, "amount", kMaxHeapArg, "2^62"));
        return std::make_shared<SubtractionGame>(std::move(s),
                                                 misere ? Rule::misere : Rule::normal);
      },
      py::arg("set"), py::kw_only(), py::arg("misere") = false,
      "A subtraction game. `set`: the amounts as an iterable of whole numbers ([1, 3, 4]), or the "
      "command line's notation: '1,3,4', 'squares', 'powers:K', 'fibonacci', 'allbut:LIST'.");
}

}  // namespace grundy::python
