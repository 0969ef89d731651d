// grundy.hackenbush(...): green values and winning cuts on any graph, blue-red numbers, and
// green-blue-red canonical forms: the answers of `grundy hackenbush ... --json`.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "grundy/core/partizan_names.h"
#include "grundy/core/text.h"
#include "grundy/core/text_check.h"
#include "grundy/games/hackenbush/blue_red.h"
#include "grundy/games/hackenbush/explain.h"
#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/hackenbush/green.h"
#include "grundy/games/hackenbush/mixed.h"
#include "grundy/games/hackenbush/svg.h"
#include "python/bindings.h"
#include "python/common.h"
#include "python/interrupt.h"
#include "python/partizan.h"
#include "report/hackenbush.h"

namespace grundy::python {

namespace hb = grundy::hackenbush;

namespace {

constexpr std::uint64_t kMaxVertex = 0xffffffffull;  // as the JSON format

struct Hackenbush {
  hb::Graph graph;
  std::string name;  // for the picture's caption: the string, or "edges"
  std::optional<hb::GreenAnalysis> green;
  std::optional<hb::BlueRedAnalysis> blue_red;
  std::optional<hb::MixedAnalysis> mixed;

  const char* kind() const { return green ? "green" : blue_red ? "blue-red" : "mixed"; }
};

Hackenbush analyze(hb::Graph g, std::string name) {
  Hackenbush h{std::move(g), std::move(name), {}, {}, {}};
  run_released([&](const std::atomic<bool>&) {
    if (h.graph.all_green())
      h.green = hb::analyze_green(h.graph);
    else if (!h.graph.has_green())
      h.blue_red = hb::analyze_blue_red(h.graph);
    else
      h.mixed = hb::analyze_mixed(h.graph);
  });
  return h;
}

// Edges as Python gives them: (u, v) or (u, v, colour), vertices whole numbers (0 = ground).
hb::Graph graph_from_edges(py::handle edges) {
  hb::Graph g;
  std::size_t i = 0;
  for (py::handle e : edges) {
    const std::string where = fmt::format("edges[{}]", i++);
    if (!py::isinstance<py::sequence>(e) || PyUnicode_Check(e.ptr()))
      throw InputError(where + ": expected (u, v) or (u, v, colour), got " + short_repr(e));
    const auto item = py::reinterpret_borrow<py::sequence>(e);
    if (item.size() != 2 && item.size() != 3)
      throw InputError(where + ": expected (u, v) or (u, v, colour), got " + short_repr(e));
    const auto u = whole_number(item[0], where + " vertex", kMaxVertex, "2^32-1");
    const auto v = whole_number(item[1], where + " vertex", kMaxVertex, "2^32-1");
    const hb::Colour c = item.size() == 3
                             ? hb::parse_colour(text(item[2], where + " colour"), where)
                             : hb::Colour::green;
    g.add_edge(u, v, c);
  }
  return g;
}

// A networkx graph: its edges (multi-edges too), the colour from an edge attribute 'colour' or
// 'color' (green when absent); vertex 0 is the ground.
hb::Graph graph_from_networkx(py::handle graph) {
  py::list edges;
  const bool multi = py::bool_(graph.attr("is_multigraph")());
  for (py::handle e : graph.attr("edges")(py::arg("data") = true)) {
    auto t = py::reinterpret_borrow<py::tuple>(e);
    py::dict data = t[2].cast<py::dict>();
    py::object colour = data.contains("colour")  ? data["colour"]
                        : data.contains("color") ? data["color"]
                                                 : py::str("g");
    edges.append(py::make_tuple(t[0], t[1], colour));
  }
  (void)multi;
  return graph_from_edges(edges);
}

std::vector<std::uint32_t> cuts(const Hackenbush& h, py::handle player) {
  if (h.green) return h.green->winning_moves;
  std::string who = player.is_none() ? "" : lower_ascii(text(player, "player"));
  const bool blue = who == "blue" || who == "left" || who == "b" || who == "l";
  const bool red = who == "red" || who == "right" || who == "r";
  if (!blue && !red)
    throw InputError(
        "player: the position has blue or red edges, so say whose cuts: 'blue' (Left) or "
        "'red' (Right)" +
        (player.is_none() ? std::string() : ", not " + short_repr(player)));
  if (h.blue_red) return blue ? h.blue_red->blue_wins : h.blue_red->red_wins;
  return blue ? h.mixed->left_wins : h.mixed->right_wins;
}

nlohmann::json json_of(const Hackenbush& h, bool explain) {
  if (h.green) {
    if (!explain) return report::green_json(h.graph, *h.green, nullptr);
    const auto x = hb::explain_green(h.graph);
    return report::green_json(h.graph, *h.green, &x);
  }
  return h.blue_red ? report::blue_red_json(h.graph, *h.blue_red)
                    : report::mixed_json(h.graph, *h.mixed);
}

// The value as Python holds it best: an int for a nimber, a Fraction for a number, a Game
// otherwise.
py::object value_of(const Hackenbush& h) {
  if (h.green) return py::int_(h.green->value);
  if (h.blue_red) return fraction_from_dyadic(h.blue_red->value);
  if (h.mixed->value_kind == "number" || h.mixed->value_kind == "nimber") {
    const Game g = [&] {
      auto& s = shared_store();
      std::lock_guard<std::mutex> lock(s.mutex);
      return Game{hb::mixed_value(s.store, h.graph)};
    }();
    auto& s = shared_store();
    std::lock_guard<std::mutex> lock(s.mutex);
    if (s.store.is_number(g.id)) return fraction_from_dyadic(s.store.number_value(g.id));
    GameNamer namer(s.store);
    GameNamer::Infinitesimal inf;
    if (namer.as_number_up_star(g.id, inf) && inf.number.sign() == 0 && inf.ups == 0)
      return py::int_(inf.star);
    return py::cast(g);
  }
  auto& s = shared_store();
  std::lock_guard<std::mutex> lock(s.mutex);
  return py::cast(Game{hb::mixed_value(s.store, h.graph)});
}

std::string caption(const Hackenbush& h) {
  if (h.green)
    return fmt::format("{}: value *{}, {}", h.name, h.green->value,
                       count_of(h.green->winning_moves.size(), "winning cut"));
  if (h.blue_red)
    return fmt::format("{}: value {}, {}", h.name, h.blue_red->value.to_string(),
                       report::hackenbush_winner_sentence(report::blue_red_outcome(*h.blue_red)));
  return fmt::format("{}: value {}, {}", h.name, h.mixed->value,
                     report::hackenbush_winner_sentence(h.mixed->outcome));
}

}  // namespace

void bind_hackenbush(py::module_& m) {
  py::class_<Hackenbush>(
      m, "Hackenbush",
      "A Hackenbush position and its analysis: the value, who wins, every winning cut.")
      .def_property_readonly("kind", &Hackenbush::kind, "'green', 'blue-red' or 'mixed'.")
      .def_property_readonly(
          "edges",
          [](const Hackenbush& h) {
            std::vector<py::tuple> out;
            for (const auto& e : h.graph.edges())
              out.push_back(py::make_tuple(h.graph.label(e.u), h.graph.label(e.v),
                                           std::string(hb::to_string(e.colour))));
            return out;
          },
          "(u, v, colour) per edge, in input order; 0 is the ground.")
      .def_property_readonly(
          "value", &value_of,
          "An int n for the nimber *n (green), a fractions.Fraction for a number "
          "(blue-red), a grundy.Game otherwise.")
      .def_property_readonly(
          "winner",
          [](const Hackenbush& h) {
            if (h.green) return std::string(to_string(h.green->winner));
            return std::string(report::hackenbush_winner(
                h.blue_red ? report::blue_red_outcome(*h.blue_red) : h.mixed->outcome));
          },
          "Green: 'first' or 'second'. With blue or red edges: 'blue', 'red', 'first' or 'second'.")
      .def("winning_cuts", &cuts, py::arg("player") = py::none(),
           "The edges (0-based, input order) whose cut wins for the player moving first: any "
           "player in green Hackenbush; with blue or red edges say 'blue' (Left) or 'red' (Right).")
      .def(
          "game",
          [](const Hackenbush& h) {
            auto& s = shared_store();
            std::lock_guard<std::mutex> lock(s.mutex);
            return Game{h.green      ? s.store.nimber(h.green->value)
                        : h.blue_red ? s.store.number(h.blue_red->value)
                                     : hb::mixed_value(s.store, h.graph)};
          },
          "The value as a grundy.Game (a canonical form), whatever its kind.")
      .def(
          "explain",
          [](const Hackenbush& h) {
            std::string t = h.green ? report::green_explanation_text(hb::explain_green(h.graph))
                            : h.blue_red ? report::blue_red_explanation_text(*h.blue_red)
                                         : report::mixed_explanation_text(h.graph, *h.mixed);
            return t.substr(t.find_first_not_of('\n'));
          },
          "How the value comes about, step by step (the command line's --explain).")
      .def(
          "to_dict",
          [](const Hackenbush& h, bool explain) { return to_python(json_of(h, explain)); },
          py::arg("explain") = false,
          "The JSON answer of `grundy hackenbush ... --json [--explain]`, as a dict.")
      .def(
          "svg",
          [](const Hackenbush& h) {
            const auto* red = h.green      ? nullptr
                              : h.blue_red ? &h.blue_red->red_wins
                                           : &h.mixed->right_wins;
            const auto& highlighted = h.green      ? h.green->winning_moves
                                      : h.blue_red ? h.blue_red->blue_wins
                                                   : h.mixed->left_wins;
            return hb::render_svg(h.graph, highlighted, caption(h), red);
          },
          "The picture (the command line's --svg): winning cuts highlighted.")
      .def("__repr__", [](const Hackenbush& h) {
        const std::string value = h.green      ? fmt::format("*{}", h.green->value)
                                  : h.blue_red ? h.blue_red->value.to_string()
                                               : h.mixed->value;
        return fmt::format("Hackenbush(kind='{}', edges={}, value='{}')", h.kind(),
                           h.graph.edge_count(), value);
      });

  m.def(
      "hackenbush",
      [](py::handle edges, py::handle string, py::handle json) {
        const int given = !edges.is_none() + !string.is_none() + !json.is_none();
        if (given != 1)
          throw InputError(
              "give the position once: edges (a list, an edge-list text or a networkx graph), "
              "string= (CGSuite's notation) or json=");
        if (!string.is_none()) {
          const std::string s = text(string, "--string");
          return analyze(hb::parse_string_notation(s, "--string"), "'" + s + "'");
        }
        if (!json.is_none()) {
          const std::string s = text(json, "json");
          check_text(s, "json");
          return analyze(hb::parse_json_graph(s, "json"), "json");
        }
        if (PyUnicode_Check(edges.ptr())) {
          const std::string s = text(edges, "edges");
          check_text(s, "edges", hb::kEdgeListLimits);
          return analyze(hb::parse_edge_list(s, "edges"), "edges");
        }
        if (py::hasattr(edges, "is_multigraph") && py::hasattr(edges, "edges"))
          return analyze(graph_from_networkx(edges), "graph");
        if (!py::isinstance<py::iterable>(edges))
          throw InputError(
              "edges: expected a list of (u, v[, colour]), an edge-list text or a networkx graph, "
              "got " +
              short_repr(edges));
        return analyze(graph_from_edges(edges), "edges");
      },
      py::arg("edges") = py::none(), py::kw_only(), py::arg("string") = py::none(),
      py::arg("json") = py::none(),
      "A Hackenbush position: edges as a list of (u, v) or (u, v, colour) with 0 the ground and "
      "colours 'g', 'b', 'r' (also 'green', 'blue', 'red', CGSuite's 'e', 'l'); or the edge-list "
      "text of the command line ('u v [g|b|r]' per line); or a networkx graph (edge attribute "
      "'colour'); or string='ee(e;ll)' (CGSuite's stalks and trees); or json='{\"edges\": ...}'.");
}

}  // namespace grundy::python
