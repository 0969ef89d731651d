#pragma once
// The engines a user plays against (--engine) and that matches compare:
//   random   uniform over the undrawn lines;
//   greedy   takes every box it can, avoids giving a box its third side while it can, and then
//            gives away as few boxes as possible;
//   control  greedy plus the classical strategy: wins the fight for control with Nimstring
//            (falling back to the long chain rule on big boards), keeps control with all-but-two
//            and all-but-four when that pays, and opens chains and loops in the best order;
//            from 24 undrawn lines down it counts exactly with the solver (docs/dots.md);
//   perfect  the exact solver within a time budget per move, falling back to control.
#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/dots/state.h"
#include "grundy/search/player.h"

namespace grundy::dots {

using DotsPlayer = search::Player<DotsState>;

struct EngineOptions {
  double seconds = 1.0;  // perfect: the solver's budget per move
  std::size_t table_bytes = std::size_t{64} << 20;
  // Set elsewhere (a server's compute budget): the solver stops at once and the engine falls
  // back on the classical strategy.
  const std::atomic<bool>* stop = nullptr;
};

inline const std::vector<std::string>& engine_names() {
  static const std::vector<std::string> names{"random", "greedy", "control", "perfect"};
  return names;
}

// InputError naming the engine if unknown.
std::unique_ptr<DotsPlayer> make_engine(std::string_view name, std::uint64_t seed,
                                        const EngineOptions& options = {});

// The move `control` would play and why, in a few words (for hints).
struct Advice {
  int line = -1;
  std::string reason;
};
// `stop` (optional) cuts short the exact count it makes near the end of the fight for control.
Advice control_advice(const DotsState& s, search::Rng& rng,
                      const std::atomic<bool>* stop = nullptr);

}  // namespace grundy::dots
