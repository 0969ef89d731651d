#pragma once
// Hackenbush as a game in progress, the same for every interface (`grundy hackenbush play`,
// `move`, `analyze-game`, the Python module): the two sides, who may cut what, the
// value of a position whatever its colours, and the engine at the strengths of core/strength.h.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/partizan.h"
#include "grundy/core/strength.h"
#include "grundy/games/hackenbush/graph.h"
#include "grundy/search/random.h"

namespace grundy::hackenbush {

// Blue is Left, Red is Right. In a green picture the two players are still called Blue (who
// moves first unless told otherwise) and Red; both may cut every edge.
enum class Side : std::uint8_t { blue, red };

constexpr Side other(Side s) {
  return s == Side::blue ? Side::red : Side::blue;
}
constexpr std::string_view to_string(Side s) {
  return s == Side::blue ? "blue" : "red";
}
// "blue"/"b" or "red"/"r", in any case; InputError naming `what` otherwise.
Side parse_side(std::string_view word, std::string_view what);

// Green edges are everyone's; blue ones Blue's, red ones Red's.
constexpr bool may_cut(Colour c, Side s) {
  return c == Colour::green || (c == Colour::blue) == (s == Side::blue);
}

// Which engine values the position: the colours of the edges still standing.
enum class PositionKind : std::uint8_t { green, blue_red, mixed };
PositionKind position_kind(const Graph& g);
std::string_view to_string(PositionKind k);  // "green", "blue-red", "mixed"

// The value of a position whatever its colours, as the answers write it ("*5", "7/4", "^*"),
// who wins, and the winning cuts for each side moving first (indexed by Side).
struct Valuation {
  PositionKind kind = PositionKind::green;
  std::string value;
  Outcome outcome = Outcome::second;  // left: Blue wins whoever starts; right: Red; first; second
  std::array<std::vector<std::uint32_t>, 2> wins;
};
Valuation evaluate(const Graph& g);

// Whether side `s`, moving now, wins with perfect play.
constexpr bool wins_moving_first(Outcome o, Side s) {
  return o == Outcome::first || (o == Outcome::left && s == Side::blue) ||
         (o == Outcome::right && s == Side::red);
}

// The standing edges side `s` may cut, ascending.
std::vector<std::uint32_t> legal_cuts(const Graph& g, Side s);
// Whether edge `e` stands (is connected to the ground and not cut).
bool is_standing(const Graph& g, std::uint32_t e);

// `g` with edge `e` cut.
Graph after_cut(const Graph& g, std::uint32_t e);

// The engine's cut for side `s` (InputError when `s` has none). Perfect cuts the first winning
// edge (lowest index), and at random in a lost position; `valuation` is evaluate(g) if the
// caller has it.
std::uint32_t choose_cut(const Graph& g, Side s, Strength strength, search::Rng& rng,
                         const Valuation* valuation = nullptr);

}  // namespace grundy::hackenbush
