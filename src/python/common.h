#pragma once
// What every binding file shares: the exceptions, the JSON of src/report/ as Python objects, and
// the checks of the numbers and strings a Python caller passes (the same rules and messages as
// the command line's, core/parse.h).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <pybind11/pybind11.h>
#include <nlohmann/json.hpp>

namespace grundy::python {

namespace py = pybind11;

// The largest heap an argument may name where a proven period answers in O(1) (as --at).
inline constexpr std::uint64_t kMaxHeapArg = std::uint64_t{1} << 62;

// grundy.InputError (a ValueError), grundy.LimitError and grundy.CycleError (InputErrors),
// grundy.IoError (an OSError), and the translation of the C++ errors into them: the message is
// the command line's, without its "grundy: " prefix. An engine stopped by Ctrl-C becomes
// KeyboardInterrupt.
void register_errors(py::module_& m);

// A JSON answer of src/report/ as dicts, lists, ints, floats, strings, bools and None.
py::object to_python(const nlohmann::json& j);

// A whole number in [0, max] given as a Python int (not a bool, a float or a string of digits):
// the value, or InputError with parse_uint's message for the same text ("heap 1 '-3' is
// negative", "--at '1.5' is not a whole number", "... is above 2^62").
std::uint64_t whole_number(py::handle value, std::string_view what, std::uint64_t max,
                           std::string_view max_name = {});
// The same for an optional argument: `fallback` when it is None.
std::uint64_t whole_number_or(py::handle value, std::uint64_t fallback, std::string_view what,
                              std::uint64_t max, std::string_view max_name = {});
// A list of whole numbers from any iterable (a list, a tuple, a NumPy array, a generator); each
// is checked as above and named `what` + its 1-based place ("heap 3").
std::vector<std::uint64_t> whole_numbers(py::handle values, std::string_view what,
                                         std::uint64_t max, std::string_view max_name = {});
// A whole number in [min, max]: as whole_number, and parse_uint_in's "... is below <min>".
std::uint64_t whole_number_in(py::handle value, std::string_view what, std::uint64_t min,
                              std::uint64_t max, std::string_view max_name = {});
// A decimal number (an int or a float) in [min, max], finite: the value, or InputError with
// parse_decimal's message for the same text ("--ms 'nan' is not a finite number", "--seconds
// '-1' is negative", "... is below 0.001", "... is above 3600"), as the command line says it.
double decimal(py::handle value, std::string_view what, double min, double max,
               std::string_view max_name = {});
// A time in seconds as the command line's --seconds options take it: decimal() in
// [0.001, max].
double seconds(py::handle value, std::string_view what, double max);
// A str argument; InputError naming `what` for anything else.
std::string text(py::handle value, std::string_view what);

// repr() of a Python object, cut to about `max_chars` characters (error messages).
std::string short_repr(py::handle value, std::size_t max_chars = 80);

}  // namespace grundy::python
