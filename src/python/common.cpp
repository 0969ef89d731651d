#include "python/common.h"

#include <cmath>
#include <exception>
#include <string>

#include <fmt/core.h>
#include <pybind11/numpy.h>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/core/text_check.h"
#include "grundy/games/octal/engine.h"

namespace grundy::python {

namespace {

// The Python types, kept for the translator (module objects live as long as the interpreter).
PyObject* g_input_error = nullptr;
PyObject* g_limit_error = nullptr;
PyObject* g_cycle_error = nullptr;
PyObject* g_io_error = nullptr;

PyObject* new_exception(py::module_& m, const char* name, PyObject* base, const char* doc) {
  const std::string qualified = std::string("grundy.") + name;
  PyObject* type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, base, nullptr);
  if (type == nullptr) throw py::error_already_set();
  m.add_object(name, py::handle(type));  // the module takes its own reference
  return type;
}

void set_error(PyObject* type, const std::exception& e) {
  PyErr_SetString(type, one_line(e.what()).c_str());
}

// The text a user would have typed for `value`: str() of numbers, repr() of anything else.
std::string typed_text(py::handle value) {
  if (PyLong_Check(value.ptr()) || PyFloat_Check(value.ptr()) || PyUnicode_Check(value.ptr()))
    return py::str(value).cast<std::string>();
  return short_repr(value);
}

[[noreturn]] void refuse_number(py::handle value, std::string_view what, std::uint64_t max,
                                std::string_view max_name) {
  const std::string t = typed_text(value);
  parse_uint(t, what, max, max_name);  // throws parse_uint's message when it has one
  // Text that parse_uint accepts, like the string "5", is still not a number.
  throw InputError(fmt::format("{} '{}' is a {}, not a whole number", what, printable(t),
                               Py_TYPE(value.ptr())->tp_name));
}

}  // namespace

void register_errors(py::module_& m) {
  g_input_error = new_exception(m, "InputError", PyExc_ValueError,
                                "Input that does not describe a valid game, position or request; "
                                "the message names the bad part.");
  g_limit_error = new_exception(m, "LimitError", g_input_error,
                                "A valid request beyond a stated bound (memory, positions, "
                                "values, time).");
  g_cycle_error = new_exception(m, "CycleError", g_input_error,
                                "The move graph has a cycle, so the game is not finite.");
  g_io_error = new_exception(m, "IoError", PyExc_OSError,
                             "The environment failed (a write to a full disk, a read error).");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const CycleError& e) {
      set_error(g_cycle_error, e);
    } catch (const LimitError& e) {
      set_error(g_limit_error, e);
    } catch (const InputError& e) {
      set_error(g_input_error, e);
    } catch (const IoError& e) {
      set_error(g_io_error, e);
    } catch (const octal::Interrupted&) {
      PyErr_SetNone(PyExc_KeyboardInterrupt);
    }
  });
}

py::object to_python(const nlohmann::json& j) {
  using T = nlohmann::json::value_t;
  switch (j.type()) {
    case T::boolean:
      return py::bool_(j.get<bool>());
    case T::number_integer:
      return py::int_(j.get<std::int64_t>());
    case T::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case T::number_float:
      return py::float_(j.get<double>());
    case T::string: {
      const auto& s = j.get_ref<const std::string&>();
      return py::reinterpret_steal<py::object>(
          PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace"));
    }
    case T::array: {
      py::list list(j.size());
      std::size_t i = 0;
      for (const auto& item : j) list[i++] = to_python(item);
      return list;
    }
    case T::object: {
      py::dict dict;
      for (const auto& [key, item] : j.items()) dict[py::str(key)] = to_python(item);
      return dict;
    }
    default:
      return py::none();
  }
}

std::uint64_t whole_number(py::handle value, std::string_view what, std::uint64_t max,
                           std::string_view max_name) {
  PyObject* o = value.ptr();
  // bool is an int in Python, and a NumPy bool has __index__: neither is a number of tokens.
  const bool boolean = PyBool_Check(o) || std::string_view(Py_TYPE(o)->tp_name) == "numpy.bool_";
  if (!boolean && !PyFloat_Check(o) && PyIndex_Check(o)) {
    py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(o));
    if (!index) throw py::error_already_set();
    const unsigned long long v = PyLong_AsUnsignedLongLong(index.ptr());
    if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred())
      PyErr_Clear();  // negative or beyond 64 bits: parse_uint names which
    else if (v <= max)
      return v;
    refuse_number(index, what, max, max_name);
  }
  refuse_number(value, what, max, max_name);
}

std::uint64_t whole_number_or(py::handle value, std::uint64_t fallback, std::string_view what,
                              std::uint64_t max, std::string_view max_name) {
  return value.is_none() ? fallback : whole_number(value, what, max, max_name);
}

std::vector<std::uint64_t> whole_numbers(py::handle values, std::string_view what,
                                         std::uint64_t max, std::string_view max_name) {
  std::vector<std::uint64_t> out;
  // A NumPy array of integers: read straight from its buffer (10^7 heaps in milliseconds).
  if (py::isinstance<py::array>(values)) {
    const auto array = py::reinterpret_borrow<py::array>(values);
    const char kind = array.dtype().kind();
    if ((kind == 'i' || kind == 'u') && array.ndim() == 1) {
      const auto wide = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>(
          kind == 'u' && array.itemsize() == 8 ? py::array(array.attr("view")("int64")) : array);
      const std::int64_t* data = wide.data();
      out.reserve(static_cast<std::size_t>(wide.size()));
      for (py::ssize_t i = 0; i < wide.size(); ++i) {
        // A uint64 above 2^63-1 reads as negative here; its own text says what it is.
        if (data[i] < 0 || static_cast<std::uint64_t>(data[i]) > max)
          whole_number(array[py::int_(i)], fmt::format("{} {}", what, i + 1), max, max_name);
        out.push_back(static_cast<std::uint64_t>(data[i]));
      }
      return out;
    }
  }
  if (PyUnicode_Check(values.ptr()) || PyBytes_Check(values.ptr()) ||
      !py::isinstance<py::iterable>(values))
    throw InputError(
        fmt::format("{}s: expected a list of whole numbers, got {}", what, short_repr(values)));
  for (py::handle item : values) {
    // The common case without building the item's name: a Python int in range.
    if (PyLong_CheckExact(item.ptr())) {
      const unsigned long long v = PyLong_AsUnsignedLongLong(item.ptr());
      if (!(v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) && v <= max) {
        out.push_back(v);
        continue;
      }
      PyErr_Clear();
    }
    out.push_back(whole_number(item, fmt::format("{} {}", what, out.size() + 1), max, max_name));
  }
  return out;
}

std::uint64_t whole_number_in(py::handle value, std::string_view what, std::uint64_t min,
                              std::uint64_t max, std::string_view max_name) {
  const std::uint64_t v = whole_number(value, what, max, max_name);
  if (v < min) parse_uint_in(typed_text(value), what, min, max, max_name);  // throws
  return v;
}

double decimal(py::handle value, std::string_view what, double min, double max,
               std::string_view max_name) {
  PyObject* o = value.ptr();
  const std::string t = typed_text(value);
  if (PyBool_Check(o) || !(PyFloat_Check(o) || PyLong_Check(o)))
    throw InputError(fmt::format("{} '{}' is not a number", what, printable(t)));
  // Python writes floats as the command line reads them ("0.5", "1e+30", "nan", "inf"): one
  // parser decides, with one message.
  return parse_decimal(t, what, min, max, max_name);
}

double seconds(py::handle value, std::string_view what, double max) {
  return decimal(value, what, 0.001, max);
}

std::string text(py::handle value, std::string_view what) {
  if (!PyUnicode_Check(value.ptr()))
    throw InputError(fmt::format("{}: expected a str, got {}", what, short_repr(value)));
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
  if (data == nullptr) {
    PyErr_Clear();  // lone surrogates: not text any interface could have received
    throw InputError(fmt::format("{}: the text is not valid Unicode", what));
  }
  return std::string(data, static_cast<std::size_t>(size));
}

std::string short_repr(py::handle value, std::size_t max_chars) {
  std::string r;
  try {
    r = py::repr(value).cast<std::string>();
  } catch (const py::error_already_set&) {
    return std::string("<") + Py_TYPE(value.ptr())->tp_name + " object>";
  }
  if (r.size() > max_chars) r = r.substr(0, max_chars) + "...";
  return one_line(r);
}

}  // namespace grundy::python
