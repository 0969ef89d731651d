// grundy.octal(code, misere=False): the answers of `grundy octal ... --json`, tables as NumPy
// arrays, and long resumable runs (Grundy's game to record sizes) with progress.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "grundy/games/octal/analysis.h"
#include "grundy/games/octal/long_run.h"
#include "python/arrays.h"
#include "python/bindings.h"
#include "python/common.h"
#include "python/interrupt.h"
#include "python/period.h"
#include "report/octal.h"

namespace grundy::python {

namespace oct = grundy::octal;

namespace {

constexpr std::uint64_t kMaxLimit = std::uint64_t{1} << 28;
// Without `limit`: the command line's defaults (a quick search for tables and small heaps, the
// full one for heaps too large to compute directly).
constexpr std::uint64_t kQuickLimit = 4096;

class OctalGame {
 public:
  OctalGame(oct::OctalCode code, Rule rule) : code_(std::move(code)), rule_(rule) {}
  const oct::OctalCode& code() const { return code_; }
  Rule rule() const { return rule_; }
  std::mutex& mutex() { return mutex_; }

  // A proven period and at least its first preperiod + period values, once one is known.
  // Call with mutex() held.
  const std::optional<oct::PeriodProof>& proof() const { return proof_; }
  const std::vector<std::uint32_t>& proof_values() const { return values_; }
  void keep(const oct::Table& t) {
    if (t.proof && !proof_) {
      proof_ = t.proof;
      values_ = t.computed;
    }
  }

 private:
  oct::OctalCode code_;
  Rule rule_;
  std::mutex mutex_;
  std::optional<oct::PeriodProof> proof_;
  std::vector<std::uint32_t> values_;
};

struct OctalTable {
  oct::Table table;
  std::shared_ptr<OctalGame> game;
};

struct OctalHeap {
  oct::HeapAnalysis heap;
  std::shared_ptr<OctalGame> game;
};

struct OctalRun {
  oct::RunResult result;
  std::string out, summary;
  std::vector<std::string> notes;
  std::shared_ptr<OctalGame> game;
};

oct::Control control_for(const std::atomic<bool>& stop, ProgressRelay& relay) {
  oct::Control c;
  c.stop = &stop;
  if (relay.active())
    c.progress = [&relay](std::uint64_t done, std::uint64_t total, bool) {
      relay.report(done, total);
    };
  return c;
}

std::uint64_t proof_limit(py::handle limit, std::uint64_t fallback) {
  return whole_number_or(limit, fallback, "--limit", kMaxLimit, "2^28");
}

oct::Table compute_table(OctalGame& g, std::uint64_t count, std::uint64_t limit,
                         py::object progress) {
  ProgressRelay relay(std::move(progress));
  oct::Table t;
  run_released(
      [&](const std::atomic<bool>& stop) {
        t = oct::table(g.code(), count, g.rule(), g.rule() == Rule::normal ? limit : 0,
                       control_for(stop, relay));
        std::lock_guard<std::mutex> lock(g.mutex());
        g.keep(t);
      },
      relay.poller());
  return t;
}

std::vector<std::uint32_t> table_values(const oct::Table& t) {
  if (t.proof) return extend_periodic(t.computed, t.count, t.proof->period);
  return std::vector<std::uint32_t>(t.computed.begin(),
                                    t.computed.begin() + static_cast<std::ptrdiff_t>(t.count));
}

PeriodInfo period_info(const OctalGame& g, const oct::Table& t) {
  std::optional<Period> p = t.proof ? std::optional<Period>(t.proof->period) : t.observed;
  nlohmann::json j = report::octal_period_json(t.proof);
  if (!t.proof && t.observed)
    j["observed"] = {{"preperiod", t.observed->preperiod}, {"period", t.observed->period}};
  return PeriodInfo{p, t.proof.has_value(), report::octal_period_text(g.code(), t, g.rule()),
                    std::move(j)};
}

std::string move_repr(const oct::Move& mv) {
  std::vector<std::uint64_t> parts;
  for (auto x : {mv.a, mv.b, mv.c})
    if (x > 0) parts.push_back(x);
  return fmt::format("OctalMove(take={}, leaves=[{}])", mv.take, fmt::join(parts, ", "));
}

}  // namespace

void bind_octal(py::module_& m) {
  py::class_<oct::Move>(m, "OctalMove",
                        "A move on one heap: remove `take` tokens, leaving the heaps `leaves`.")
      .def_readonly("take", &oct::Move::take)
      .def_property_readonly(
          "leaves",
          [](const oct::Move& mv) {
            std::vector<std::uint64_t> parts;
            for (auto x : {mv.a, mv.b, mv.c})
              if (x > 0) parts.push_back(x);
            return parts;
          },
          "The heaps left, largest first ([] when none).")
      .def("to_dict",
           [](const oct::Move& mv) {
             py::list leaves;
             for (auto x : {mv.a, mv.b, mv.c})
               if (x > 0) leaves.append(x);
             py::dict d;
             d["take"] = mv.take;
             d["leaves"] = leaves;
             return d;
           })
      .def("__repr__", &move_repr);

  py::class_<OctalHeap>(m, "OctalHeap", "One heap: its value, who wins, the winning moves listed.")
      .def_property_readonly("n", [](const OctalHeap& h) { return h.heap.n; })
      .def_property_readonly("value", [](const OctalHeap& h) { return h.heap.value; })
      .def_property_readonly("winner", [](const OctalHeap& h) { return to_string(h.heap.winner); })
      .def_property_readonly(
          "winning_moves", [](const OctalHeap& h) { return h.heap.winning_moves; },
          "The winning moves listed (at most 1000; see winning_moves_total).")
      .def_property_readonly("winning_moves_total",
                             [](const OctalHeap& h) { return h.heap.winning_moves_total; })
      .def_property_readonly("winning_moves_complete",
                             [](const OctalHeap& h) { return h.heap.winning_moves_complete; })
      .def_property_readonly("from_period", [](const OctalHeap& h) { return h.heap.from_period; })
      .def(
          "to_dict",
          [](const OctalHeap& h) {
            return to_python(report::octal_heap_json(h.game->code(), h.heap, h.game->rule()));
          },
          "The JSON answer of `grundy octal CODE --at N --json`, as a dict.")
      .def("__repr__", [](const OctalHeap& h) {
        return fmt::format("OctalHeap(n={}, value={}, winner='{}', winning_moves={})", h.heap.n,
                           h.heap.value, to_string(h.heap.winner), h.heap.winning_moves_total);
      });

  py::class_<OctalTable>(m, "OctalTable", "G(0 .. count-1) with the period and its proof.")
      .def_property_readonly("game", [](const OctalTable& t) { return t.game; })
      .def_property_readonly("count", [](const OctalTable& t) { return t.table.count; })
      .def_property_readonly(
          "values", [](const OctalTable& t) { return to_numpy(table_values(t.table)); },
          "The values as a NumPy uint32 array (a new array at each access).")
      .def_property_readonly("period",
                             [](const OctalTable& t) { return period_info(*t.game, t.table); })
      .def(
          "to_dict",
          [](const OctalTable& t) {
            return to_python(report::octal_table_json(t.game->code(), t.table, t.game->rule()));
          },
          "The JSON answer of `grundy octal CODE --values N --json`, as a dict.")
      .def("__len__", [](const OctalTable& t) { return t.table.count; })
      .def("__repr__", [](const OctalTable& t) {
        return fmt::format(
            "OctalTable(code='{}', count={}, period={})", t.game->code().to_string(), t.table.count,
            t.table.proof ? fmt::format("({}, {}, proven)", t.table.proof->period.preperiod,
                                        t.table.proof->period.period)
                          : "None");
      });

  py::class_<OctalRun>(m, "OctalRun", "A finished long run: what was written and its summary.")
      .def_property_readonly("count", [](const OctalRun& r) { return r.result.done; })
      .def_property_readonly("resumed_from",
                             [](const OctalRun& r) { return r.result.resumed_from; })
      .def_property_readonly("already_complete",
                             [](const OctalRun& r) { return r.result.already_complete; })
      .def_property_readonly("source", [](const OctalRun& r) { return r.result.source; })
      .def_property_readonly("largest", [](const OctalRun& r) { return r.result.summary.largest; })
      .def_property_readonly("largest_at",
                             [](const OctalRun& r) { return r.result.summary.largest_at; })
      .def_property_readonly("rare_count",
                             [](const OctalRun& r) { return r.result.summary.rare_count; })
      .def_property_readonly("checksum",
                             [](const OctalRun& r) {
                               return "crc32c:" + oct::checksum_text(r.result.summary.checksum);
                             })
      .def_readonly("notes", &OctalRun::notes,
                    "The run's remarks (what was resumed, checked or refused).")
      .def(
          "to_dict",
          [](const OctalRun& r) {
            return to_python(report::octal_run_json(r.game->code(), r.out, r.summary, r.result));
          },
          "The JSON answer of `grundy octal CODE --values N --out FILE --json`, as a dict.")
      .def("__repr__", [](const OctalRun& r) {
        return fmt::format("OctalRun(code='{}', count={}, source='{}')", r.game->code().to_string(),
                           r.result.done, r.result.source);
      });

  py::class_<OctalGame, std::shared_ptr<OctalGame>>(
      m, "OctalGame",
      "An octal or hexadecimal take-and-break game (Kayles '0.77', Dawson's Kayles '0.07', "
      "'0.8f') or Grundy's game ('grundy').")
      .def_property_readonly("code", [](const OctalGame& g) { return g.code().to_string(); })
      .def_property_readonly("name", [](const OctalGame& g) { return oct::common_name(g.code()); })
      .def_property_readonly(
          "rule", [](const OctalGame& g) { return g.rule() == Rule::normal ? "normal" : "misere"; })
      .def(
          "describe", [](const OctalGame& g) { return g.code().describe(); },
          "The rules in words, one phrase per non-zero digit.")
      .def(
          "table",
          [](std::shared_ptr<OctalGame> g, py::handle count, py::handle limit,
             py::object progress) {
            const auto n = whole_number(count, "--values", oct::kMaxMemoryValues);
            {
              // A proven period gives any table at once.
              std::lock_guard<std::mutex> lock(g->mutex());
              if (g->proof() && g->rule() == Rule::normal && limit.is_none())
                return to_numpy(extend_periodic(g->proof_values(), n, g->proof()->period));
            }
            return to_numpy(table_values(
                compute_table(*g, n, proof_limit(limit, kQuickLimit), std::move(progress))));
          },
          py::arg("count"), py::kw_only(), py::arg("limit") = py::none(),
          py::arg("progress") = py::none(),
          "G(0 .. count-1) as a NumPy uint32 array (count up to 10^9 as memory allows); values "
          "past a proven period come from it. limit: values the period search may compute "
          "(default 4096, up to 2^28). progress: None, True (a text bar) or a callable(done, "
          "total). Misère: the misère values of single heaps (up to 200).")
      .def(
          "table_result",
          [](std::shared_ptr<OctalGame> g, py::handle count, py::handle limit,
             py::object progress) {
            const auto n = whole_number(count, "--values", oct::kMaxMemoryValues);
            return OctalTable{
                compute_table(*g, n, proof_limit(limit, kQuickLimit), std::move(progress)), g};
          },
          py::arg("count"), py::kw_only(), py::arg("limit") = py::none(),
          py::arg("progress") = py::none(),
          "The table with its period and proof, as `grundy octal CODE --values N --json` answers "
          "it.")
      .def(
          "period",
          [](std::shared_ptr<OctalGame> g, py::handle limit, py::object progress) {
            if (g->code().is_grundy())
              throw InputError(
                  "--period: no periodicity theorem applies to Grundy's game (a split may remove "
                  "nothing and leave parts of any size), so no period of it can be proven");
            if (g->rule() == Rule::misere)
              throw InputError(
                  "--period: the periodicity theorem is about normal-play values; misère values of "
                  "single heaps have none, so no period can be proven (leave out misere=True)");
            const auto l = proof_limit(limit, oct::kDefaultProofLimit);
            return period_info(*g, compute_table(*g, 0, l, std::move(progress)));
          },
          py::arg("limit") = py::none(), py::kw_only(), py::arg("progress") = py::none(),
          "Searches up to `limit` values (default 2^24, as `--period`) for a period the octal "
          "periodicity theorem proves; otherwise the repetition observed, unproven.")
      .def(
          "value",
          [](std::shared_ptr<OctalGame> g, py::handle heap, py::handle limit) {
            const auto n = whole_number(heap, "--at", kMaxHeapArg, "2^62");
            {
              std::lock_guard<std::mutex> lock(g->mutex());
              if (g->proof() && g->rule() == Rule::normal)
                return std::uint64_t{oct::periodic_value(g->proof_values(), g->proof()->period, n)};
            }
            std::uint64_t v = 0;
            const auto l = proof_limit(
                limit, n >= oct::kMaxDirectHeap ? oct::kDefaultProofLimit : kQuickLimit);
            ProgressRelay relay{py::none()};
            run_released([&](const std::atomic<bool>& stop) {
              const auto h = oct::analyze(g->code(), n, g->rule(), l, control_for(stop, relay));
              v = h.value;
              if (h.proof) {
                // Keep the proof (and the values it rests on) for the next question.
                const auto t = oct::table(g->code(), 0, Rule::normal, h.proof->values_computed,
                                          control_for(stop, relay));
                std::lock_guard<std::mutex> lock(g->mutex());
                g->keep(t);
              }
            });
            return v;
          },
          py::arg("n"), py::kw_only(), py::arg("limit") = py::none(),
          "G(n): in O(1) once a period is proven (n up to 2^62), else computed (n < 10^7).")
      .def(
          "position",
          [](std::shared_ptr<OctalGame> g, py::handle heap, py::handle limit, py::object progress) {
            const auto n = whole_number(heap, "--at", kMaxHeapArg, "2^62");
            if (g->code().is_grundy() && n >= oct::kMaxDirectHeap)
              throw LimitError("Grundy's game has no known period; heaps are limited to " +
                               std::to_string(oct::kMaxDirectHeap) +
                               " here (use --values with --out for tables)");
            const auto l = proof_limit(
                limit, n >= oct::kMaxDirectHeap ? oct::kDefaultProofLimit : kQuickLimit);
            ProgressRelay relay(std::move(progress));
            OctalHeap h{{}, g};
            run_released(
                [&](const std::atomic<bool>& stop) {
                  h.heap = oct::analyze(g->code(), n, g->rule(), l, control_for(stop, relay));
                },
                relay.poller());
            return h;
          },
          py::arg("n"), py::kw_only(), py::arg("limit") = py::none(),
          py::arg("progress") = py::none(),
          "A heap of n: its value, who wins and the winning moves (`grundy octal CODE --at N`).")
      .def(
          "run",
          [](std::shared_ptr<OctalGame> g, py::handle values, py::object out, py::object summary,
             bool resume, py::object progress, py::handle checkpoint_every) {
            if (g->rule() == Rule::misere)
              throw InputError("--out computes normal-play values only");
            oct::RunOptions r;
            r.count = whole_number(values, "--values", std::uint64_t{1} << 36, "2^36");
            OctalRun result;
            if (!out.is_none()) r.out = result.out = py::str(out).cast<std::string>();
            if (!summary.is_none())
              r.summary = result.summary = py::str(summary).cast<std::string>();
            if (r.out.empty() && r.summary.empty())
              throw InputError(
                  "run: give out=FILE (the table), summary=FILE (its summary), or both");
            r.resume = resume;
            r.checkpoint_seconds = checkpoint_every.is_none()
                                       ? 30
                                       : decimal(checkpoint_every, "--checkpoint-every", 1,
                                                 7 * 86400, "a week of seconds");
            ProgressRelay relay(std::move(progress));
            std::mutex notes;
            r.on_progress = [&relay](const oct::RunProgress& p) { relay.report(p.done, p.total); };
            r.on_note = [&](const std::string& text) {
              std::lock_guard<std::mutex> lock(notes);
              result.notes.push_back(text);
            };
            run_released(
                [&](const std::atomic<bool>& stop) {
                  r.stop = &stop;
                  result.result = oct::run_table(g->code(), r);
                },
                relay.poller());
            result.game = g;
            return result;
          },
          py::arg("values"), py::kw_only(), py::arg("out") = py::none(),
          py::arg("summary") = py::none(), py::arg("resume") = false,
          py::arg("progress") = py::none(), py::arg("checkpoint_every") = py::none(),
          "A long run, like `grundy octal CODE --values N --out FILE [--summary FILE] [--resume]`: "
          "written atomically, checkpointed every `checkpoint_every` seconds (default 30); "
          "Ctrl-C saves a checkpoint and raises KeyboardInterrupt; run again with resume=True to "
          "continue.")
      .def("__repr__", [](const OctalGame& g) {
        return fmt::format("grundy.octal('{}'{})", g.code().to_string(),
                           g.rule() == Rule::misere ? ", misere=True" : "");
      });

  m.def(
      "octal",
      [](py::handle code, bool misere) {
        return std::make_shared<OctalGame>(oct::OctalCode::parse(text(code, "code")),
                                           misere ? Rule::misere : Rule::normal);
      },
      py::arg("code"), py::kw_only(), py::arg("misere") = false,
      "An octal or hexadecimal game from its code ('0.77', '.07', '4.07', '0.137', '0.8f'), or "
      "'grundy' for Grundy's game. misere=True: misère values of single heaps.");
}

}  // namespace grundy::python
