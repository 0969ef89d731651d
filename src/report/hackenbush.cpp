#include "report/hackenbush.h"

#include <cstdint>
#include <vector>

#include <iterator>
#include <string>

#include <fmt/format.h>

#include "grundy/core/partizan_names.h"
#include "grundy/core/text.h"

namespace grundy::report {

namespace hb = grundy::hackenbush;

namespace {
// Indexed by Outcome.
constexpr std::string_view kWinnerName[] = {"blue", "red", "first", "second"};
constexpr std::string_view kWinnerSentence[] = {"Blue (Left) wins whoever starts",
                                                "Red (Right) wins whoever starts",
                                                "the first player wins", "the second player wins"};

// A canonical form as JSON: {"root": 0, "nodes": [{"name": "1/2"}, {"left": [0], "right": [2]},
// ...]}, each node a named number/nimber/up-star or its options by node index.
nlohmann::json form_json(const std::vector<GameNamer::FormNode>& nodes, std::uint64_t plus_star) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& n : nodes) {
    if (!n.name.empty())
      list.push_back({{"name", n.name}});
    else
      list.push_back({{"left", n.left}, {"right", n.right}});
  }
  nlohmann::json out = {{"root", 0}, {"nodes", list}};
  if (plus_star) out["plus_star"] = plus_star;
  return out;
}

}  // namespace

std::string_view hackenbush_winner(Outcome o) {
  return kWinnerName[static_cast<int>(o)];
}
std::string_view hackenbush_winner_sentence(Outcome o) {
  return kWinnerSentence[static_cast<int>(o)];
}

Outcome blue_red_outcome(const hb::BlueRedAnalysis& a) {
  const Dyadic zero;
  return a.value > zero ? Outcome::left : a.value < zero ? Outcome::right : Outcome::second;
}

nlohmann::json green_json(const hb::Graph& g, const hb::GreenAnalysis& a,
                          const hb::Explanation* explanation) {
  nlohmann::json out = {{"game", "hackenbush"},
                        {"kind", "green"},
                        {"edges", g.edge_count()},
                        {"live_edges", a.live_edges},
                        {"value", a.value},
                        {"winner", to_string(a.winner)},
                        {"winning_moves", a.winning_moves}};
  if (explanation) {
    const auto& x = *explanation;
    nlohmann::json steps = nlohmann::json::array();
    for (const auto& f : x.fusions)
      steps.push_back({{"step", "fuse"}, {"vertices", f.vertices}, {"loops", f.edges}});
    for (const auto& c : x.collapses)
      steps.push_back({{"step", "colon"},
                       {"vertex", c.vertex},
                       {"branches", c.branches},
                       {"loops", c.loops},
                       {"stalk", c.stalk}});
    out["fallen_edges"] = x.fallen_edges;
    out["steps"] = steps;
  }
  return out;
}

nlohmann::json blue_red_json(const hb::Graph& g, const hb::BlueRedAnalysis& a) {
  return {{"game", "hackenbush"},
          {"kind", "blue-red"},
          {"edges", g.edge_count()},
          {"value", a.value.to_string()},
          {"value_kind", "number"},
          {"winner", hackenbush_winner(blue_red_outcome(a))},
          {"winning_moves", {{"blue", a.blue_wins}, {"red", a.red_wins}}},
          {"parts", a.parts},
          {"tree_parts", a.tree_parts},
          {"searched_parts", a.searched_parts}};
}

nlohmann::json mixed_json(const hb::Graph& g, const hb::MixedAnalysis& a) {
  nlohmann::json parts = nlohmann::json::array();
  for (const auto& p : a.parts) {
    parts.push_back({{"first_edge", p.first_edge},
                     {"edges", p.edges},
                     {"method", p.method},
                     {"value", p.value},
                     {"value_elided", p.value_elided}});
    if (p.value_elided) parts.back()["value_form"] = form_json(p.value_form, 0);
  }
  nlohmann::json out = {{"game", "hackenbush"},
                        {"kind", "mixed"},
                        {"edges", g.edge_count()},
                        {"live_edges", a.live_edges},
                        {"value", a.value},
                        {"value_elided", a.value_elided},
                        {"value_kind", a.value_kind},
                        {"left_stop", a.left_stop.to_string()},
                        {"right_stop", a.right_stop.to_string()},
                        {"winner", hackenbush_winner(a.outcome)},
                        {"winning_moves", {{"blue", a.left_wins}, {"red", a.right_wins}}},
                        {"parts", parts},
                        {"searched_positions", a.searched_positions}};
  if (a.value_elided) out["value_form"] = form_json(a.value_form, a.value_form_star);
  return out;
}

namespace {

constexpr std::size_t kShownSteps = 50;  // steps and parts an explanation lists

std::string number_list(const std::vector<std::uint64_t>& xs, std::size_t cap = 20) {
  std::string s;
  for (std::size_t i = 0; i < xs.size() && i < cap; ++i)
    s += (i ? ", " : "") + std::to_string(xs[i]);
  if (xs.size() > cap) s += fmt::format(", ... ({} in all)", xs.size());
  return s;
}

}  // namespace

std::string hackenbush_edge_name(const hb::Graph& g, std::uint32_t i) {
  const hb::Edge& e = g.edge(i);
  return fmt::format(
      "e{} ({}-{}{})", i, g.label(e.u), g.label(e.v),
      e.colour == hb::Colour::green ? "" : " " + std::string(hb::to_string(e.colour)));
}

std::string green_explanation_text(const hb::Explanation& x) {
  std::string out = "\nHow the value comes about:\n";
  std::size_t step = 0;
  if (x.fallen_edges)
    out += fmt::format("  {}. {} not connected to the ground {} away (worth 0).\n", ++step,
                       count_of(x.fallen_edges, "edge"), x.fallen_edges == 1 ? "falls" : "fall");
  for (std::size_t i = 0; i < x.fusions.size() && i < kShownSteps; ++i) {
    const auto& f = x.fusions[i];
    out += fmt::format(
        "  {}. Fusion: vertices {} lie on cycles; fuse them into vertex {}: their {} edges "
        "become loops (each loop is worth 1).\n",
        ++step, number_list(f.vertices), f.vertices.front(), f.edges);
  }
  if (x.fusions.size() > kShownSteps)
    out += fmt::format("  ... {} more fusions\n", x.fusions.size() - kShownSteps);
  std::size_t shown = 0;
  for (const auto& c : x.collapses) {
    if (shown++ == kShownSteps) {
      out += fmt::format("  ... {} more steps\n", x.collapses.size() - kShownSteps);
      break;
    }
    std::string parts;
    if (!c.branches.empty()) parts = fmt::format("branches of length {}", number_list(c.branches));
    if (c.loops)
      parts += fmt::format("{}{} loop{} (length 1 each)", parts.empty() ? "" : " and ", c.loops,
                           c.loops == 1 ? "" : "s");
    if (c.vertex == 0)
      out += fmt::format("  {}. At the ground: {}; xor = {}: the value is {}.\n", ++step, parts,
                         c.stalk, c.stalk);
    else
      out += fmt::format(
          "  {}. Colon principle at vertex {}: {}; xor = {}, so they become one stalk of "
          "length {} (the edge below adds 1).\n",
          ++step, c.vertex, parts, c.stalk, c.stalk);
  }
  if (x.collapses.empty() || x.collapses.back().vertex != 0)
    out += fmt::format("  {}. The value is {}.\n", ++step, x.value);
  return out;
}

std::string blue_red_explanation_text(const hb::BlueRedAnalysis& a) {
  return fmt::format(
      "\nHow the value comes about: the {} part(s) standing on the ground add up; stalks by "
      "Berlekamp's rule (first run of one colour counts 1 per edge, then 1/2, 1/4, ...), {} "
      "tree(s) by the colon principle (a vertex carries the sum of its branches; a blue edge "
      "on a subtree worth x is worth x + 1 if x >= 0, else (x + n + 1)/2^n with n = ceil(-x); "
      "red edges the mirror image), {} other part(s) by exhaustive search (each position is "
      "the simplest number between its best Blue and best Red option).\n",
      a.parts, a.tree_parts, a.searched_parts);
}

std::string mixed_explanation_text(const hb::Graph& g, const hb::MixedAnalysis& a) {
  std::string out = fmt::format(
      "\nHow the value comes about: the {} part(s) standing on the ground add up. Green parts "
      "are nimbers (fusion and colon principles), blue-red parts numbers, and parts mixing "
      "colours are searched exhaustively, each position put in canonical form (dominated "
      "options dropped, reversible ones bypassed).\n",
      a.parts.size());
  for (std::size_t i = 0; i < a.parts.size() && i < kShownSteps; ++i) {
    const auto& p = a.parts[i];
    fmt::format_to(std::back_inserter(out), "  part from {}: {}, {}: {}{}\n",
                   hackenbush_edge_name(g, p.first_edge), count_of(p.edges, "edge"), p.method,
                   p.value, p.value_elided ? " (shortened; --json gives value_form)" : "");
  }
  if (a.parts.size() > kShownSteps)
    fmt::format_to(std::back_inserter(out), "  ... {} more parts\n", a.parts.size() - kShownSteps);
  fmt::format_to(std::back_inserter(out), "  sum: {} (stops: left {}, right {}).\n", a.value,
                 a.left_stop.to_string(), a.right_stop.to_string());
  return out;
}

}  // namespace grundy::report
