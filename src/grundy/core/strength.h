#pragma once
// The strengths of the engines of the games solved exactly (Nim, Hackenbush), the same in every
// interface (`--engine`, the web pages' strength choice, the API's "engine"):
//   perfect   a winning move whenever there is one;
//   good      a winning move three times in four, a random legal move otherwise;
//   beginner  a random legal move every time, so a beginner can win.
#include <string>
#include <string_view>

#include "grundy/core/error.h"
#include "grundy/core/text.h"

namespace grundy {

enum class Strength { beginner, good, perfect };

constexpr std::string_view to_string(Strength s) {
  return s == Strength::perfect ? "perfect" : s == Strength::good ? "good" : "beginner";
}

// "perfect", "good" or "beginner", in any case; InputError naming `what` otherwise.
inline Strength parse_strength(std::string_view name, std::string_view what = "--engine") {
  const std::string w = lower_ascii(name);
  if (w == "perfect") return Strength::perfect;
  if (w == "good") return Strength::good;
  if (w == "beginner") return Strength::beginner;
  throw InputError(std::string(what) + " '" + shown_token(name) +
                   "' is not a strength: use perfect, good or beginner");
}

// Whether an engine of strength `s` plays a random move this time, given `u` uniform in [0, 1):
// beginner always, good one time in four, perfect never.
constexpr bool plays_at_random(Strength s, double u) {
  return s == Strength::beginner || (s == Strength::good && u < 0.25);
}

}  // namespace grundy
