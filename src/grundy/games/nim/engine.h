#pragma once
// The Nim engine a user plays against (`grundy nim play`, `grundy nim move`), at the strengths
// of core/strength.h (the web page's engine plays by the same rules).
#include <cstdint>
#include <span>

#include "grundy/core/outcome.h"
#include "grundy/core/strength.h"
#include "grundy/games/nim/nim.h"
#include "grundy/search/random.h"

namespace grundy::nim {

// The engine's move in `heaps` (at least one heap not empty; InputError otherwise). Perfect plays
// the first winning move (in heap order); in a lost position it takes one token from the largest
// heap, which keeps the game long and gives the opponent room to go wrong. A random move takes
// from a uniformly chosen non-empty heap a uniform number of tokens (1 to the heap's size).
Take choose_move(std::span<const std::uint64_t> heaps, Rule rule, Strength strength,
                 search::Rng& rng);

}  // namespace grundy::nim
