#include "grundy/games/uttt/playout.h"

#include "grundy/core/error.h"
#include "grundy/core/kernel_set.h"
#include "grundy/core/target.h"
#include "grundy/search/random.h"

namespace grundy::uttt {
namespace {

void record(PlayoutStats& s, const Board& b, int start_stones) {
  ++s.games;
  s.plies += static_cast<std::uint64_t>(b.stones() - start_stones);
  if (b.winner() == 0)
    ++s.x_wins;
  else if (b.winner() == 1)
    ++s.o_wins;
  else
    ++s.draws;
}

PlayoutStats playouts(const Board& start, std::uint64_t games, std::uint64_t seed) {
  search::Rng rng(seed);
  PlayoutStats s;
  const int start_stones = start.stones();
  // Two lanes, each restarted from `start` when its game ends; 32 random bits per move each.
  Board a = start, b = start;
  std::uint64_t started = games >= 2 ? 2 : games;
  bool a_live = games >= 1, b_live = games >= 2;
  while (a_live && b_live) {
    const std::uint64_t r = rng();
    const bool a_on = a.random_step(static_cast<std::uint32_t>(r));
    const bool b_on = b.random_step(static_cast<std::uint32_t>(r >> 32));
    if (!(a_on && b_on)) [[unlikely]] {
      if (!a_on) {
        record(s, a, start_stones);
        a = start;
        a_live = started < games;
        started += a_live;
      }
      if (!b_on) {
        record(s, b, start_stones);
        b = start;
        b_live = started < games;
        started += b_live;
      }
    }
  }
  // The last game, alone.
  Board& last = a_live ? a : b;
  if (a_live || b_live) {
    while (last.random_step(static_cast<std::uint32_t>(rng()))) {
    }
    record(s, last, start_stones);
  }
  return s;
}

#if GRUNDY_HAVE_TARGETS
GRUNDY_TARGET_AVX2_BEGIN
// The same, compiled for the avx2 kernel set with the board's code inlined into it (flatten):
// POPCNT, BMI and AVX2 in every move.
[[gnu::flatten]] PlayoutStats playouts_avx2(const Board& start, std::uint64_t games,
                                            std::uint64_t seed) {
  return playouts(start, games, seed);
}
GRUNDY_TARGET_END
#endif

}  // namespace

PlayoutStats random_playouts(const Board& start, std::uint64_t games, std::uint64_t seed) {
  if (start.is_over()) throw InputError("the game is over: there is nothing to play out");
#if GRUNDY_HAVE_TARGETS
  if (active_kernel_set() != KernelSet::scalar) return playouts_avx2(start, games, seed);
#endif
  return playouts(start, games, seed);
}

}  // namespace grundy::uttt
