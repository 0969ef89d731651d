#pragma once
#include <cstdint>
#include <string_view>

namespace grundy {

// Who wins with perfect play: the player to move ("first") or the other one ("second").
enum class Winner { first, second };

constexpr Winner winner_from_value(std::uint64_t value) {
  return value != 0 ? Winner::first : Winner::second;
}

constexpr std::string_view to_string(Winner w) {
  return w == Winner::first ? "first" : "second";
}

// Normal play: whoever cannot move loses. Misère: whoever cannot move wins.
enum class Rule { normal, misere };

}  // namespace grundy
