#include "grundy/games/hackenbush/play.h"

#include <algorithm>

#include "grundy/core/error.h"
#include "grundy/core/text.h"
#include "grundy/games/hackenbush/blue_red.h"
#include "grundy/games/hackenbush/green.h"
#include "grundy/games/hackenbush/mixed.h"

namespace grundy::hackenbush {

Side parse_side(std::string_view word, std::string_view what) {
  const std::string w = lower_ascii(word);
  if (w == "blue" || w == "b") return Side::blue;
  if (w == "red" || w == "r") return Side::red;
  throw InputError(std::string(what) + " '" + shown_token(word) + "' is not blue or red");
}

PositionKind position_kind(const Graph& g) {
  const Decomposition d = decompose(g);
  bool green = false, coloured = false;
  for (std::uint32_t i = 0; i < g.edge_count(); ++i) {
    if (!d.live[i]) continue;
    (g.edge(i).colour == Colour::green ? green : coloured) = true;
  }
  return !coloured ? PositionKind::green : green ? PositionKind::mixed : PositionKind::blue_red;
}

std::string_view to_string(PositionKind k) {
  return k == PositionKind::green ? "green" : k == PositionKind::blue_red ? "blue-red" : "mixed";
}

Valuation evaluate(const Graph& g) {
  Valuation v;
  v.kind = position_kind(g);
  if (v.kind == PositionKind::green) {
    auto a = analyze_green(g);
    v.value = a.value == 0 ? "0" : "*" + std::to_string(a.value);
    v.outcome = a.winner == Winner::first ? Outcome::first : Outcome::second;
    v.wins[0] = a.winning_moves;
    v.wins[1] = std::move(a.winning_moves);
  } else if (v.kind == PositionKind::blue_red) {
    auto a = analyze_blue_red(g);
    const Dyadic zero;
    v.value = a.value.to_string();
    v.outcome = a.value > zero ? Outcome::left : a.value < zero ? Outcome::right : Outcome::second;
    v.wins[0] = std::move(a.blue_wins);
    v.wins[1] = std::move(a.red_wins);
  } else {
    auto a = analyze_mixed(g);
    v.value = std::move(a.value);
    v.outcome = a.outcome;
    v.wins[0] = std::move(a.left_wins);
    v.wins[1] = std::move(a.right_wins);
  }
  return v;
}

std::vector<std::uint32_t> legal_cuts(const Graph& g, Side s) {
  const Decomposition d = decompose(g);
  std::vector<std::uint32_t> out;
  for (std::uint32_t i = 0; i < g.edge_count(); ++i)
    if (d.live[i] && may_cut(g.edge(i).colour, s)) out.push_back(i);
  return out;
}

bool is_standing(const Graph& g, std::uint32_t e) {
  return e < g.edge_count() && decompose(g).live[e];
}

Graph after_cut(const Graph& g, std::uint32_t e) {
  Graph next = g;
  next.cut(e);
  return next;
}

std::uint32_t choose_cut(const Graph& g, Side s, Strength strength, search::Rng& rng,
                         const Valuation* valuation) {
  const auto legal = legal_cuts(g, s);
  if (legal.empty())
    throw InputError(std::string(s == Side::blue ? "Blue" : "Red") + " has no edge left to cut");
  const auto random = [&] { return legal[rng.below(static_cast<std::uint32_t>(legal.size()))]; };
  if (plays_at_random(strength, rng.uniform())) return random();
  const Valuation own = valuation ? Valuation{} : evaluate(g);
  const Valuation& v = valuation ? *valuation : own;
  const auto& wins = v.wins[static_cast<int>(s)];
  if (!wins.empty()) return wins.front();
  return random();
}

}  // namespace grundy::hackenbush
