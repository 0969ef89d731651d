// grundy.ImpartialGame(moves=callable): a game written in Python, solved by the C++ generic
// solver (core/solver.h: memoised, iterative, so deep games need no Python recursion).
// A position is any hashable Python object; moves(p) returns its options: positions, or with
// sums=True sums of positions, each a tuple of its parts (take-and-break games: a heap split in
// two is worth the xor of its two heaps' values, in normal play).
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <variant>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "grundy/core/nim_sum.h"
#include "grundy/core/periodicity.h"
#include "grundy/core/solver.h"
#include "python/arrays.h"
#include "python/bindings.h"
#include "python/common.h"
#include "python/period.h"

namespace grundy::python {

namespace {

// A Python object as a solver position: its hash taken once, equality by Python's ==.
struct PyPosition {
  py::object object;
  Py_hash_t hash = 0;

  bool operator==(const PyPosition& o) const {
    if (object.ptr() == o.object.ptr()) return true;
    if (hash != o.hash) return false;
    const int same = PyObject_RichCompareBool(object.ptr(), o.object.ptr(), Py_EQ);
    if (same < 0) throw py::error_already_set();
    return same == 1;
  }
  template <class H>
  friend H AbslHashValue(H h, const PyPosition& p) {
    return H::combine(std::move(h), p.hash);
  }
};

PyPosition position_of(py::handle p, const char* role) {
  const Py_hash_t h = PyObject_Hash(p.ptr());
  if (h == -1) {
    PyErr_Clear();
    throw InputError(
        fmt::format("{} {} is not hashable (a position must be hashable: use a "
                    "tuple or frozenset, not a list or set)",
                    role, short_repr(p)));
  }
  return PyPosition{py::reinterpret_borrow<py::object>(p), h};
}

// The options of p as Python returns them, with a clear message when moves() returns something
// that is not an iterable of options.
// A list or tuple comes back as it is (the common case: read by index, no iterator); any other
// iterable (a generator) as a list.
py::object options_of(const py::object& moves, const PyPosition& p) {
  auto options =
      py::reinterpret_steal<py::object>(PyObject_CallOneArg(moves.ptr(), p.object.ptr()));
  if (!options) throw py::error_already_set();
  if (PyList_CheckExact(options.ptr()) || PyTuple_CheckExact(options.ptr())) return options;
  if (PyUnicode_Check(options.ptr()) || !py::isinstance<py::iterable>(options))
    throw InputError(fmt::format("moves({}) returned {}, not an iterable of positions",
                                 short_repr(p.object), short_repr(options)));
  auto list = py::reinterpret_steal<py::object>(PySequence_List(options.ptr()));
  if (!list) throw py::error_already_set();
  return list;
}

// Calls f(option) for each option of a list or tuple from options_of.
template <class F>
void for_each_option(const py::object& options, F&& f) {
  PyObject* o = options.ptr();
  const bool is_list = PyList_CheckExact(o);
  const Py_ssize_t n = is_list ? PyList_GET_SIZE(o) : PyTuple_GET_SIZE(o);
  for (Py_ssize_t i = 0; i < n; ++i)
    f(py::handle(is_list ? PyList_GET_ITEM(o, i) : PyTuple_GET_ITEM(o, i)));
}

// The parts of a sum option: a tuple or a list of positions.
template <class F>
void for_each_part(const PyPosition& p, py::handle option, F&& f) {
  PyObject* o = option.ptr();
  if (PyTuple_Check(o)) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(o); ++i) f(py::handle(PyTuple_GET_ITEM(o, i)));
  } else if (PyList_Check(o)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(o); ++i) f(py::handle(PyList_GET_ITEM(o, i)));
  } else {
    throw InputError(
        fmt::format("moves({}) returned the option {}: with sums=True every option is a "
                    "tuple of positions (its parts; (m,) for a single position)",
                    short_repr(p.object), short_repr(option)));
  }
}

// The solver's memo (position -> slot) as a Python dict: Python's own hash and ==, and entries
// kept in insertion order, so that the positions just solved, which the next ones ask for, stay
// in cache (an absl map scatters them: 3x slower here on heap games of 10^5 positions).
template <class Game>
class DictSlots {
 public:
  explicit DictSlots(const Game&) : dict_(py::reinterpret_steal<py::dict>(PyDict_New())) {}
  std::uint32_t find(const Game&, const PyPosition& p) const {
    PyObject* slot = PyDict_GetItemWithError(dict_.ptr(), p.object.ptr());
    if (slot == nullptr) {
      if (PyErr_Occurred()) throw py::error_already_set();
      return solver_detail::kUnknown;
    }
    return static_cast<std::uint32_t>(PyLong_AsUnsignedLong(slot));
  }
  std::pair<std::uint32_t, bool> find_or_add(const Game& g, const PyPosition& p,
                                             std::vector<std::uint32_t>& values) {
    (void)g;
    // Most lookups find the position solved already: look before making the new slot's int.
    if (PyObject* slot = PyDict_GetItemWithError(dict_.ptr(), p.object.ptr()))
      return {static_cast<std::uint32_t>(PyLong_AsUnsignedLong(slot)), false};
    if (PyErr_Occurred()) throw py::error_already_set();
    auto fresh = py::reinterpret_steal<py::object>(PyLong_FromSize_t(values.size()));
    if (!fresh || PyDict_SetItem(dict_.ptr(), p.object.ptr(), fresh.ptr()) != 0)
      throw py::error_already_set();
    values.push_back(solver_detail::kInProgress);
    return {static_cast<std::uint32_t>(values.size() - 1), true};
  }
  void forget(const Game&, const PyPosition& p) {
    if (PyDict_DelItem(dict_.ptr(), p.object.ptr()) != 0) PyErr_Clear();
  }
  std::size_t size() const { return static_cast<std::size_t>(PyDict_Size(dict_.ptr())); }

 private:
  py::dict dict_;
};

// The game for Solver: moves() calls the Python function (with the GIL: the solver runs on the
// calling thread), checking now and then for Ctrl-C. kSums: every option is a sum of positions.
template <bool kSums>
struct PythonGame {
  using Position = PyPosition;
  using SlotMap = DictSlots<PythonGame>;
  py::object moves_fn;
  mutable std::uint64_t calls = 0;

  void check_signals() const {
    if ((++calls & 1023) == 0 && PyErr_CheckSignals() != 0) throw py::error_already_set();
  }

  void moves(const Position& p, std::vector<Position>& out) const requires(!kSums) {
    check_signals();
    for_each_option(options_of(moves_fn, p),
                    [&](py::handle option) { out.push_back(position_of(option, "the option")); });
  }

  void moves(const Position& p, std::vector<Position>& parts,
             std::vector<std::uint32_t>& sizes) const requires(kSums) {
    check_signals();
    for_each_option(options_of(moves_fn, p), [&](py::handle option) {
      const std::size_t before = parts.size();
      for_each_part(p, option,
                    [&](py::handle part) { parts.push_back(position_of(part, "the part")); });
      sizes.push_back(static_cast<std::uint32_t>(parts.size() - before));
    });
  }

  std::string describe(const Position& p) const { return short_repr(p.object); }
};

struct SumMove {
  std::size_t component;
  py::object to;
};

struct GameSum {
  std::vector<std::uint32_t> component_values;
  std::uint64_t value = 0;
  Winner winner = Winner::second;
  std::vector<SumMove> winning_moves;
};

class ImpartialGame {
 public:
  ImpartialGame(py::object moves, bool misere, bool sums, std::size_t max_positions)
      : misere_(misere), sums_(sums) {
    const Rule rule = misere ? Rule::misere : Rule::normal;
    const SolverLimits limits{max_positions};
    if (sums) {
      sum_game_ = std::make_unique<PythonGame<true>>(PythonGame<true>{moves});
      sum_solver_ = std::make_unique<Solver<PythonGame<true>>>(*sum_game_, rule, limits);
    } else {
      game_ = std::make_unique<PythonGame<false>>(PythonGame<false>{moves});
      solver_ = std::make_unique<Solver<PythonGame<false>>>(*game_, rule, limits);
    }
    moves_ = std::move(moves);
  }

  bool misere() const { return misere_; }
  bool sums() const { return sums_; }
  const py::object& moves() const { return moves_; }

  // One computation at a time per game: another thread waits (without the GIL, so the one
  // computing can go on); a moves() that calls back into its own game is refused.
  class Busy {
   public:
    explicit Busy(ImpartialGame& g) : g_(g) {
      if (g.owner_ == std::this_thread::get_id())
        throw InputError(
            "moves() called back into the same ImpartialGame while it was being "
            "solved; define moves without asking the game for values");
      {
        py::gil_scoped_release release;
        g.mutex_.lock();
      }
      g.owner_ = std::this_thread::get_id();
    }
    ~Busy() {
      g_.owner_ = std::thread::id();
      g_.mutex_.unlock();
    }
    Busy(const Busy&) = delete;
    Busy& operator=(const Busy&) = delete;

   private:
    ImpartialGame& g_;
  };

  std::uint32_t value(py::handle p) {
    const PyPosition position = position_of(p, "the position");
    return sums_ ? sum_solver_->value(position) : solver_->value(position);
  }

  // The value of one option as moves() gave it: a position, or with sums the xor of its parts'.
  std::uint32_t option_value(const PyPosition& from, py::handle option) {
    if (!sums_) return value(option);
    std::uint32_t x = 0;
    for_each_part(from, option, [&](py::handle part) { x ^= value(part); });
    return x;
  }

  // The options of p whose value is `target` (with 0: the winning moves of p alone).
  std::vector<py::object> options_to_value(py::handle p, std::uint32_t target) {
    value(p);  // solves every option first, and refuses a bad position before listing
    std::vector<py::object> result;
    const PyPosition from = position_of(p, "the position");
    for_each_option(options_of(moves_, from), [&](py::handle option) {
      if (option_value(from, option) == target)
        result.push_back(py::reinterpret_borrow<py::object>(option));
    });
    return result;
  }

  std::size_t positions_solved() const {
    return sums_ ? sum_solver_->positions_solved() : solver_->positions_solved();
  }

 private:
  bool misere_, sums_;
  py::object moves_;
  std::unique_ptr<PythonGame<true>> sum_game_;
  std::unique_ptr<Solver<PythonGame<true>>> sum_solver_;
  std::unique_ptr<PythonGame<false>> game_;
  std::unique_ptr<Solver<PythonGame<false>>> solver_;
  std::mutex mutex_;
  std::thread::id owner_;
};

constexpr std::size_t kDefaultMaxPositions = std::size_t{1} << 25;

std::vector<std::uint32_t> heap_values(ImpartialGame& g, std::uint64_t count) {
  ImpartialGame::Busy busy(g);
  std::vector<std::uint32_t> values(count);
  for (std::uint64_t n = 0; n < count; ++n) values[n] = g.value(py::int_(n));
  return values;
}

}  // namespace

void bind_python_games(py::module_& m) {
  py::class_<SumMove>(m, "SumMove", "A winning move in a sum: component `component` moves to `to`.")
      .def_readonly("component", &SumMove::component)
      .def_readonly("to", &SumMove::to)
      .def("__repr__", [](const SumMove& s) {
        return fmt::format("SumMove(component={}, to={})", s.component, short_repr(s.to));
      });

  py::class_<GameSum>(m, "GameSum",
                      "A sum of positions: its value (the xor), who wins, every winning move.")
      .def_readonly("component_values", &GameSum::component_values)
      .def_readonly("value", &GameSum::value)
      .def_property_readonly("winner", [](const GameSum& s) { return to_string(s.winner); })
      .def_readonly("winning_moves", &GameSum::winning_moves)
      .def("__repr__", [](const GameSum& s) {
        return fmt::format("GameSum(value={}, winner='{}', winning_moves={})", s.value,
                           to_string(s.winner), s.winning_moves.size());
      });

  py::class_<ImpartialGame, std::shared_ptr<ImpartialGame>>(
      m, "ImpartialGame",
      "A finite impartial game written in Python. moves(p) returns the options of position p "
      "(any hashable object): a list, tuple or any iterable of positions; with sums=True, of "
      "sums of positions, each a tuple of its parts (a heap split in two: (a, b); one heap: "
      "(m,); nothing left: ()), worth the xor of its parts' values (normal play only). Values "
      "are memoised in C++ by an iterative solver: games with millions of positions and long "
      "chains of moves need no Python recursion; a cycle raises CycleError naming a position on "
      "it. max_positions bounds the memo (default 2^25; LimitError beyond).")
      .def(py::init([](py::object moves, bool misere, bool sums, py::handle max_positions) {
             if (!PyCallable_Check(moves.ptr()))
               throw InputError("moves: expected a callable (position -> options), got " +
                                short_repr(moves));
             const auto limit = whole_number_or(max_positions, kDefaultMaxPositions,
                                                "max_positions", std::uint64_t{1} << 32, "2^32");
             return std::make_shared<ImpartialGame>(std::move(moves), misere, sums,
                                                    static_cast<std::size_t>(limit));
           }),
           py::arg("moves"), py::kw_only(), py::arg("misere") = false, py::arg("sums") = false,
           py::arg("max_positions") = py::none())
      .def_property_readonly("misere", &ImpartialGame::misere)
      .def_property_readonly("sums", &ImpartialGame::sums)
      .def_property_readonly("moves", &ImpartialGame::moves)
      .def_property_readonly("positions_solved", &ImpartialGame::positions_solved,
                             "How many positions the memo holds.")
      .def(
          "value",
          [](ImpartialGame& g, py::handle p) {
            ImpartialGame::Busy busy(g);
            return g.value(p);
          },
          py::arg("position"),
          "The Grundy value of a position (misère: its misère value as a single game, 0 exactly "
          "when the player to move loses).")
      .def(
          "values",
          [](ImpartialGame& g, py::iterable positions) {
            ImpartialGame::Busy busy(g);
            std::vector<std::uint32_t> out;
            for (py::handle p : positions) out.push_back(g.value(p));
            return out;
          },
          py::arg("positions"), "The values of many positions, as a list.")
      .def(
          "winner",
          [](ImpartialGame& g, py::handle p) {
            ImpartialGame::Busy busy(g);
            return to_string(winner_from_value(g.value(p)));
          },
          py::arg("position"), "'first' (the player to move wins) or 'second'.")
      .def(
          "winning_moves",
          [](ImpartialGame& g, py::handle p) {
            ImpartialGame::Busy busy(g);
            return g.options_to_value(p, 0);
          },
          py::arg("position"),
          "The options of the position that leave the opponent lost, as moves() gave them.")
      .def(
          "sum",
          [](ImpartialGame& g, py::iterable positions) {
            if (g.misere())
              throw InputError(
                  "the outcome of a misère sum does not follow from the parts' misère values; "
                  "sums here are normal play (misère sums of heaps: misère quotients)");
            ImpartialGame::Busy busy(g);
            GameSum s;
            std::vector<py::object> parts;
            for (py::handle p : positions) {
              parts.push_back(py::reinterpret_borrow<py::object>(p));
              s.component_values.push_back(g.value(p));
            }
            s.value = nim_sum(std::span<const std::uint32_t>(s.component_values));
            s.winner = winner_from_value(s.value);
            if (s.value != 0)
              for (std::size_t i = 0; i < parts.size(); ++i)
                for (auto& to : g.options_to_value(
                         parts[i], static_cast<std::uint32_t>(s.component_values[i] ^ s.value)))
                  s.winning_moves.push_back({i, std::move(to)});
            return s;
          },
          py::arg("positions"),
          "A sum of positions (play in one of them per move): its value is the xor of theirs; "
          "every winning move moves one component to the value that makes the xor 0.")
      .def(
          "table",
          [](ImpartialGame& g, py::handle count) {
            return to_numpy(
                heap_values(g, whole_number(count, "count", std::uint64_t{1} << 32, "2^32")));
          },
          py::arg("count"),
          "For heap games (positions 0, 1, 2, ...): G(0 .. count-1) as a NumPy uint32 array.")
      .def(
          "period",
          [](ImpartialGame& g, py::handle values) {
            const auto n = whole_number_or(values, 4096, "values", std::uint64_t{1} << 32, "2^32");
            const auto v = heap_values(g, n);
            PeriodInfo info;
            info.period = observed_period(v);
            info.argument =
                info.period ? fmt::format(
                                  "Period {} from n = {}: observed (repeating at least twice) in "
                                  "these {} values only, not proven (a game given by its moves "
                                  "carries no periodicity theorem).",
                                  info.period->period, info.period->preperiod, n)
                            : fmt::format("No period observed in the first {} values.", n);
            info.json = {
                {"preperiod", info.period ? nlohmann::json(info.period->preperiod) : nullptr},
                {"period", info.period ? nlohmann::json(info.period->period) : nullptr},
                {"certified", false}};
            return info;
          },
          py::arg("values") = py::none(),
          "For heap games: the period observed in the first `values` values (default 4096); "
          "never proven.")
      .def("__repr__", [](const ImpartialGame& g) {
        return fmt::format("grundy.ImpartialGame(moves={}{}{})", short_repr(g.moves()),
                           g.misere() ? ", misere=True" : "", g.sums() ? ", sums=True" : "");
      });
}

}  // namespace grundy::python
