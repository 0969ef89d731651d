// JSON input for Hackenbush graphs: {"edges": [[u, v], [u, v, "b"], ...]}.
#include <nlohmann/json.hpp>

#include "grundy/core/error.h"
#include "grundy/core/json_describe.h"
#include "grundy/core/text_check.h"
#include "grundy/games/hackenbush/graph.h"

namespace grundy::hackenbush {
namespace {

// "line L column C: <reason>" for a parse error at byte offset `byte` (1-based, as nlohmann
// counts: the byte that was read last).
std::string locate(std::string_view text, std::size_t byte, std::string_view reason) {
  const std::size_t at = std::min(byte == 0 ? 0 : byte - 1, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + " column " + std::to_string(column) + ": " +
         std::string(reason);
}

// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1,
// column 2: " prefix and with the echoed input ("last read: '...'") cut short.
std::string reason_of(const nlohmann::json::exception& e) {
  std::string what = e.what();
  if (const auto bracket = what.find("] "); what.starts_with("[json.") && bracket != what.npos)
    what = what.substr(bracket + 2);
  if (const auto colon = what.find(": "); what.starts_with("parse error") && colon != what.npos)
    what = what.substr(colon + 2);
  if (const auto last = what.find("; last read: "); last != std::string::npos)
    what = what.substr(0, last);
  what = one_line(what);
  return what.size() > 200 ? what.substr(0, 200) + "..." : what;
}

}  // namespace

Graph parse_json_graph(std::string_view text, std::string_view origin) {
  const std::string where_file = printable(origin, 200);
  check_text(text, origin);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(where_file + ": not valid JSON: " + locate(text, e.byte, reason_of(e)));
  } catch (const nlohmann::json::exception& e) {
    // Found by fuzzing: a number too large for a double ("1e999") is an out_of_range error,
    // not a parse_error, and escaped as an internal error.
    throw InputError(where_file + ": not valid JSON: " + reason_of(e));
  }
  if (!j.is_object() || !j.contains("edges") || !j["edges"].is_array())
    throw InputError(where_file + ": expected an object with an array \"edges\": " +
                     R"({"edges": [[0, 1], [1, 2, "b"]]})");
  Graph g;
  const auto& edges = j["edges"];
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const auto& e = edges[i];
    const std::string where = where_file + " edges[" + std::to_string(i) + "]";
    if (!e.is_array() || e.size() < 2 || e.size() > 3)
      throw InputError(where + ": expected [u, v] or [u, v, colour], found " + describe_json(e));
    std::uint64_t ends[2];
    for (int k = 0; k < 2; ++k) {
      if (!e[k].is_number_unsigned())
        throw InputError(where + ": the " + (k == 0 ? "first" : "second") + " vertex is " +
                         describe_json(e[k]) + ", not a whole number >= 0");
      ends[k] = e[k].get<std::uint64_t>();
      if (ends[k] > 0xffffffffull)
        throw InputError(where + ": vertex " + std::to_string(ends[k]) + " is above 2^32-1");
    }
    Colour c = Colour::green;
    if (e.size() == 3) {
      if (!e[2].is_string())
        throw InputError(where + ": the colour must be a string, found " + describe_json(e[2]));
      c = parse_colour(e[2].get<std::string>(), where);
    }
    g.add_edge(ends[0], ends[1], c);
  }
  return g;
}

}  // namespace grundy::hackenbush
