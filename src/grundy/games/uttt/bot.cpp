#include "grundy/games/uttt/bot.h"

#include <algorithm>

#include "grundy/core/error.h"
#include "grundy/search/mcts.h"

namespace grundy::uttt {

struct Bot::Engine {
  search::Mcts<Board> mcts;
  explicit Engine(const Board& b, std::uint64_t seed)
      : mcts(b, search::MctsOptions{.seed = seed}) {}
  void advance(const Board& before, Board::Move m) {
    if (mcts.root() == before)
      mcts.advance(m);
    else
      mcts.reset(before);
  }
};

Bot::Bot(const BotOptions& options)
    : options_(options),
      board_(options.rules),
      engine_(std::make_unique<Engine>(board_, options.seed)) {}

Bot::~Bot() = default;

BotTurn Bot::play(const Turn& turn, std::chrono::steady_clock::time_point arrival) {
  // Our previous move: the tree below it is kept now, on this turn's clock, rather than before
  // that move was written (copying a large subtree takes milliseconds).
  if (pending_) {
    engine_->advance(before_pending_, *pending_);
    pending_.reset();
  }
  if (turn.opponent) {
    const Board::Move m = *turn.opponent;
    if (!board_.is_legal(m))
      throw InputError("the opponent's move " + protocol_cell(m) + " is illegal here");
    engine_->advance(board_, m);
    board_.play(m);
  } else if (!first_turn_) {
    throw InputError("'-1 -1' (no opponent move) after the first turn");
  }
  if (board_.is_over()) throw InputError("the game is over: there is no move to make");
  const double allowance = first_turn_ ? options_.first_seconds : options_.seconds;
  first_turn_ = false;

  Board::Moves legal;
  board_.legal_moves(legal);
  std::vector<Board::Move> mine(legal.begin(), legal.end()), theirs = turn.valid;
  std::sort(mine.begin(), mine.end());
  std::sort(theirs.begin(), theirs.end());
  BotTurn out;
  if (theirs.size() == 1 && board_.is_legal(theirs[0])) {
    out.move = theirs[0];
    out.forced = true;
  } else if (mine != theirs) {
    throw InputError("the referee's " + std::to_string(theirs.size()) +
                     " valid actions are not the " + std::to_string(mine.size()) + " legal moves (" +
                     "other rules?)");
  } else {
    search::MctsLimits limits;
    if (options_.iterations) {
      limits.iterations = options_.iterations;
    } else {
      const double used =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - arrival).count();
      limits.seconds = std::max(1e-4, allowance - options_.margin_seconds - used);
      out.budget = limits.seconds;
    }
    const auto r = engine_->mcts.search(limits);
    out.move = r.best;
    out.win_rate = r.win_rate;
    out.iterations = r.iterations;
  }
  before_pending_ = board_;
  pending_ = out.move;
  board_.play(out.move);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - arrival).count();
  return out;
}

}  // namespace grundy::uttt
