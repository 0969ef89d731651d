#include "report/hackenbush.h"

#include <cstdint>
#include <vector>

#include "grundy/core/partizan_names.h"

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

}  // namespace grundy::report
