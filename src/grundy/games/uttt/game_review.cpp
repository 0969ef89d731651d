#include "grundy/games/uttt/game_review.h"

#include <chrono>

#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/players.h"

namespace grundy::uttt {
namespace {

// What the position is worth to its player to move: the engine's estimate, or the result
// when the game is over (then the mover has lost or drawn: the last move decided it).
struct Eval {
  double win_rate = 0.5;
  std::optional<int> result;
  Board::Move best = 0;
  std::uint64_t playouts = 0;
};

Eval evaluate(const Board& b, const ReviewOptions& o) {
  Eval e;
  if (b.is_over()) {
    e.result = b.winner() < 0 ? 0 : b.winner() == b.to_move() ? 1 : -1;
    e.win_rate = (*e.result + 1) / 2.0;
    return e;
  }
  EngineOptions eo;
  eo.engine = Engine::mcts;
  eo.iterations = o.iterations;
  eo.seconds = 0;
  eo.seed = o.seed;
  eo.threads = 1;
  eo.stop = o.stop;
  const Analysis a = analyze(b, eo);
  e.win_rate = a.result ? (*a.result + 1) / 2.0 : a.win_rate;
  e.result = a.result;
  e.best = a.best;
  e.playouts = a.work;
  return e;
}

}  // namespace

GameReview review_game(std::string_view moves, Rules rules, const ReviewOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  play_moves(moves, rules);  // InputError naming an illegal move
  GameReview review;
  review.rules = rules;
  review.iterations = options.iterations;
  review.seed = options.seed;
  Board b(rules);
  Eval before = evaluate(b, options);
  review.playouts += before.playouts;
  for (const auto& token : split_move_list(moves)) {
    MoveReview r;
    r.move = parse_cell(token);
    r.player = b.to_move();
    r.value_before = before.win_rate;
    r.result_before = before.result;
    r.best = before.best;
    b.play(r.move);
    const Eval after = evaluate(b, options);
    review.playouts += after.playouts;
    // The position after the move belongs to the opponent (or is over): turn it around.
    r.value_after = 1 - after.win_rate;
    if (after.result) r.result_after = -*after.result;
    r.mistake = r.value_before - r.value_after >= kMistakeDrop ||
                (r.result_before == 1 && r.result_after != 1);
    review.moves.push_back(r);
    before = after;
  }
  review.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return review;
}

}  // namespace grundy::uttt
