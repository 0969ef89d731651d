// grundy.Game: canonical forms that add, negate and compare; str() in CGSuite's notation.
#include "python/partizan.h"

#include <string>
#include <vector>

#include <fmt/format.h>
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "grundy/core/partizan_names.h"
#include "python/bindings.h"
#include "python/common.h"

namespace grundy::python {

SharedStore& shared_store() {
  static SharedStore* const s = new SharedStore;  // lives as long as the interpreter
  return *s;
}

Dyadic dyadic_from_python(py::handle x, const char* what) {
  PyObject* o = x.ptr();
  if (PyBool_Check(o)) throw InputError(fmt::format("{}: True/False is not a number", what));
  py::object num, den;
  if (PyLong_Check(o)) {
    num = py::reinterpret_borrow<py::object>(x);
    den = py::int_(1);
  } else if (py::hasattr(x, "numerator") && py::hasattr(x, "denominator") && !PyFloat_Check(o)) {
    num = x.attr("numerator");
    den = x.attr("denominator");
  } else {
    throw InputError(fmt::format(
        "{}: expected an int, a fractions.Fraction or a grundy.Game, got {}", what, short_repr(x)));
  }
  const auto d = den.cast<py::int_>();
  // A power of two: d & (d - 1) == 0.
  if (!py::bool_(d.attr("__and__")(d.attr("__sub__")(py::int_(1)))).cast<bool>()) {
    const std::size_t bits = d.attr("bit_length")().cast<std::size_t>() - 1;
    if (bits > Dyadic::kMaxBits)
      throw LimitError(fmt::format("{}: the denominator is above 2^{}", what, Dyadic::kMaxBits));
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(num.ptr(), &overflow);
    if (overflow != 0 || (n == -1 && PyErr_Occurred()))
      throw LimitError(fmt::format("{}: {} has a numerator beyond 64 bits", what, short_repr(x)));
    return Dyadic::make(n, static_cast<std::uint32_t>(bits));
  }
  throw InputError(
      fmt::format("{}: {} is not a dyadic rational (its denominator is not a power of 2); "
                  "only those are values of short games",
                  what, short_repr(x)));
}

py::object fraction_from_dyadic(const Dyadic& d) {
  static PyObject* const fraction = [] {
    PyObject* m = PyImport_ImportModule("fractions");
    if (m == nullptr) throw py::error_already_set();
    return PyObject_GetAttrString(m, "Fraction");
  }();
  return py::handle(fraction)(d.to_string());
}

namespace {

Game to_game(py::handle x, const char* what) {
  if (py::isinstance<Game>(x)) return x.cast<Game>();
  const Dyadic d = dyadic_from_python(x, what);
  auto& s = shared_store();
  std::lock_guard<std::mutex> lock(s.mutex);
  return Game{s.store.number(d)};
}

std::vector<GameId> ids(py::handle options, const char* what) {
  std::vector<GameId> out;
  if (options.is_none()) return out;
  for (py::handle o : options) out.push_back(to_game(o, what).id);
  return out;
}

std::string name_of(const Game& g) {
  auto& s = shared_store();
  std::lock_guard<std::mutex> lock(s.mutex);
  GameNamer namer(s.store);
  return namer.name(g.id);
}

template <class F>
auto with_store(F&& f) {
  auto& s = shared_store();
  std::lock_guard<std::mutex> lock(s.mutex);
  return f(s.store);
}

}  // namespace

void bind_partizan(py::module_& m) {
  py::class_<Game>(m, "Game",
                   "A short partizan game in canonical form: add (+), negate (-), compare "
                   "(<=, <, ==, fuzzy()); str() in CGSuite's notation ('^*', '1/2', '{1|0}'). "
                   "Numbers are written as ints or fractions.Fraction with a power-of-two "
                   "denominator.")
      .def(py::init([](py::handle left, py::handle right) {
             const auto l = ids(left, "left option");
             const auto r = ids(right, "right option");
             return with_store([&](GameStore& s) { return Game{s.make(l, r)}; });
           }),
           py::arg("left") = py::none(), py::arg("right") = py::none(),
           "{left | right}: the canonical form of the game with these options (Games or numbers).")
      .def_static(
          "number", [](py::handle x) { return to_game(x, "number"); }, py::arg("x"))
      .def_static(
          "nimber",
          [](py::handle n) {
            const auto k = whole_number(n, "nimber", GameNamer::kMaxNamedNimber, "4096");
            return with_store([&](GameStore& s) { return Game{s.nimber(k)}; });
          },
          py::arg("n"), "*n (n up to 4096: a nimber *n has n options).")
      .def_static(
          "up",
          [](py::handle n) {
            const auto k = whole_number(n, "up", 1024);
            return with_store(
                [&](GameStore& s) { return Game{s.up(static_cast<std::int64_t>(k))}; });
          },
          py::arg("n") = 1, "n.up (^ for n = 1).")
      .def_static(
          "down",
          [](py::handle n) {
            const auto k = whole_number(n, "down", 1024);
            return with_store(
                [&](GameStore& s) { return Game{s.up(-static_cast<std::int64_t>(k))}; });
          },
          py::arg("n") = 1, "n.down (v for n = 1).")
      .def("__add__",
           [](const Game& a, py::handle b) {
             const Game g = to_game(b, "right operand");
             return with_store([&](GameStore& s) { return Game{s.add(a.id, g.id)}; });
           })
      .def("__radd__",
           [](const Game& a, py::handle b) {
             const Game g = to_game(b, "left operand");
             return with_store([&](GameStore& s) { return Game{s.add(g.id, a.id)}; });
           })
      .def("__sub__",
           [](const Game& a, py::handle b) {
             const Game g = to_game(b, "right operand");
             return with_store([&](GameStore& s) { return Game{s.sub(a.id, g.id)}; });
           })
      .def("__rsub__",
           [](const Game& a, py::handle b) {
             const Game g = to_game(b, "left operand");
             return with_store([&](GameStore& s) { return Game{s.sub(g.id, a.id)}; });
           })
      .def(
          "__neg__",
          [](const Game& a) { return with_store([&](GameStore& s) { return Game{s.neg(a.id)}; }); })
      .def("__le__",
           [](const Game& a, py::handle b) {
             const Game g = to_game(b, "comparison");
             return with_store([&](GameStore& s) { return s.leq(a.id, g.id); });
           })
      .def("__ge__",
           [](const Game& a, py::handle b) {
             const Game g = to_game(b, "comparison");
             return with_store([&](GameStore& s) { return s.geq(a.id, g.id); });
           })
      .def("__lt__",
           [](const Game& a, py::handle b) {
             const Game g = to_game(b, "comparison");
             return with_store(
                 [&](GameStore& s) { return s.leq(a.id, g.id) && !s.geq(a.id, g.id); });
           })
      .def("__gt__",
           [](const Game& a, py::handle b) {
             const Game g = to_game(b, "comparison");
             return with_store(
                 [&](GameStore& s) { return s.geq(a.id, g.id) && !s.leq(a.id, g.id); });
           })
      .def("__eq__",
           [](const Game& a, py::handle b) -> py::object {
             if (!py::isinstance<Game>(b) && !PyLong_Check(b.ptr()) &&
                 !py::hasattr(b, "denominator"))
               return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             try {
               return py::bool_(to_game(b, "comparison").id ==
                                a.id);  // canonical forms: equal iff the same
             } catch (const InputError&) {
               return py::bool_(false);  // 1/3 is no short game: not equal to any
             }
           })
      .def("__ne__",
           [](const Game& a, py::handle b) -> py::object {
             if (!py::isinstance<Game>(b) && !PyLong_Check(b.ptr()) &&
                 !py::hasattr(b, "denominator"))
               return py::reinterpret_borrow<py::object>(Py_NotImplemented);
             try {
               return py::bool_(to_game(b, "comparison").id != a.id);
             } catch (const InputError&) {
               return py::bool_(true);
             }
           })
      .def("__hash__", [](const Game& a) { return py::hash(py::int_(a.id)); })
      .def(
          "fuzzy",
          [](const Game& a, py::handle b) {
            const Game g = to_game(b, "comparison");
            return with_store(
                [&](GameStore& s) { return !s.leq(a.id, g.id) && !s.geq(a.id, g.id); });
          },
          py::arg("other"), "G || H: incomparable (G - H is a first-player win).")
      .def_property_readonly(
          "outcome",
          [](const Game& a) {
            return std::string(
                to_string(with_store([&](GameStore& s) { return s.outcome(a.id); })));
          },
          "'left' (Left wins whoever starts), 'right', 'first' (the player to move) or 'second'.")
      .def_property_readonly(
          "is_number",
          [](const Game& a) { return with_store([&](GameStore& s) { return s.is_number(a.id); }); })
      .def(
          "to_fraction",
          [](const Game& a) {
            const Dyadic d = with_store([&](GameStore& s) {
              if (!s.is_number(a.id)) throw InputError("this game is not a number");
              return s.number_value(a.id);
            });
            return fraction_from_dyadic(d);
          },
          "The value of a number as a fractions.Fraction (InputError if it is not a number).")
      .def_property_readonly("left_stop",
                             [](const Game& a) {
                               return fraction_from_dyadic(
                                   with_store([&](GameStore& s) { return s.left_stop(a.id); }));
                             })
      .def_property_readonly("right_stop",
                             [](const Game& a) {
                               return fraction_from_dyadic(
                                   with_store([&](GameStore& s) { return s.right_stop(a.id); }));
                             })
      .def_property_readonly(
          "left_options",
          [](const Game& a) {
            std::vector<Game> out;
            for (GameId id : with_store([&](GameStore& s) { return s.left(a.id); }))
              out.push_back(Game{id});
            return out;
          })
      .def_property_readonly(
          "right_options",
          [](const Game& a) {
            std::vector<Game> out;
            for (GameId id : with_store([&](GameStore& s) { return s.right(a.id); }))
              out.push_back(Game{id});
            return out;
          })
      .def("__str__", &name_of)
      .def("__repr__", [](const Game& a) { return fmt::format("Game('{}')", name_of(a)); })
      .def_static(
          "store_size", [] { return with_store([](GameStore& s) { return s.size(); }); },
          "How many distinct games the shared store holds.");
}

}  // namespace grundy::python
