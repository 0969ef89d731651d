#include "grundy/games/uttt/openings.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "grundy/core/error.h"
#include "grundy/games/uttt/players.h"
#include "grundy/search/random.h"

namespace grundy::uttt {

std::vector<std::vector<Board::Move>> balanced_openings(Rules rules, const OpeningOptions& o) {
  search::Rng rng(o.seed);
  std::vector<std::vector<Board::Move>> out;
  std::set<std::string> seen;  // the moves as bytes
  // Random openings are balanced often enough that a bound this large is never the limit;
  // it only keeps a tolerance of zero from running forever.
  const int max_tries = 1000 + 200 * o.count;
  for (int tries = 0; static_cast<int>(out.size()) < o.count; ++tries) {
    if (tries >= max_tries)
      throw LimitError("found only " + std::to_string(out.size()) + " balanced openings of " +
                       std::to_string(o.count) + " in " + std::to_string(max_tries) + " tries");
    Board b(rules);
    std::vector<Board::Move> moves;
    Board::Moves legal;
    for (int i = 0; i < o.plies && !b.is_over(); ++i) {
      b.legal_moves(legal);
      const auto m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      b.play(m);
      moves.push_back(m);
    }
    const std::string key(moves.begin(), moves.end());
    if (b.is_over() || seen.count(key)) continue;
    const Analysis a = analyze(
        b, {.engine = Engine::mcts, .seconds = 0, .iterations = o.iterations, .seed = o.seed});
    if (a.result || std::abs(a.win_rate - 0.5) > o.tolerance) continue;
    seen.insert(key);
    out.push_back(std::move(moves));
  }
  return out;
}

}  // namespace grundy::uttt
