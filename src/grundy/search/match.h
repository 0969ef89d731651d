#pragma once
// Matches between two players: alternating who starts, wins/draws/losses with 95% intervals.
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>

#include "grundy/core/error.h"
#include "grundy/search/player.h"
#include "grundy/search/two_player.h"

namespace grundy::search {

struct Interval {
  double low = 0, high = 1;
};

// Wilson score interval for a proportion (z = 1.96: 95%). n = 0 gives [0, 1].
inline Interval wilson_interval(double successes, double n, double z = 1.96) {
  if (n <= 0) return {0, 1};
  const double p = successes / n;
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

struct MatchResult {
  int games = 0;
  int wins = 0, draws = 0, losses = 0;  // from A's point of view
  int wins_first = 0, games_first = 0;  // A's wins in the games where A moved first
  std::int64_t margin = 0;              // sum of A's final margins (boxes; 0/±1 for a win)
  // A's score rate, a win = 1 and a draw = 1/2, and its 95% Wilson interval (a draw counts as
  // half a success: a slight approximation that the literature on engine matches uses).
  double score() const { return games ? (wins + 0.5 * draws) / games : 0; }
  Interval score_interval() const { return wilson_interval(wins + 0.5 * draws, games); }
  Interval win_interval() const { return wilson_interval(wins, games); }
};

struct GameRecord {
  int index = 0;
  bool a_first = true;
  int a_margin = 0;
  int plies = 0;
};

// Plays `games` games of A against B from `start`; A moves first in even-numbered games.
// Game i reseeds both players from (seed, i), so a match is reproducible. `max_plies` bounds
// every game (a LimitError if a game runs longer: a broken move generator, not a long game).
template <TwoPlayerState S>
MatchResult play_match(Player<S>& a, Player<S>& b, const S& start, int games, std::uint64_t seed,
                       int max_plies, const std::function<void(const GameRecord&)>& on_game = {}) {
  MatchResult r;
  for (int i = 0; i < games; ++i) {
    const bool a_first = i % 2 == 0;
    Player<S>* by_player[2] = {a_first ? &a : &b, a_first ? &b : &a};
    const std::uint64_t game_seed = seed * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(i);
    a.new_game(game_seed);
    b.new_game(game_seed ^ 0x5bd1e995u);
    S s = start;
    int plies = 0;
    while (!s.is_over()) {
      if (++plies > max_plies)
        throw LimitError("a game lasted more than " + std::to_string(max_plies) + " moves");
      const auto m = by_player[s.to_move()]->choose(s);
      a.observe(s, m);
      b.observe(s, m);
      s.play(m);
    }
    const int a_side = a_first ? 0 : 1;
    const int m = margin(s, a_side);
    ++r.games;
    r.margin += m;
    if (a_first) ++r.games_first;
    if (m > 0) {
      ++r.wins;
      if (a_first) ++r.wins_first;
    } else if (m == 0) {
      ++r.draws;
    } else {
      ++r.losses;
    }
    if (on_game) on_game({i, a_first, m, plies});
  }
  return r;
}

}  // namespace grundy::search
