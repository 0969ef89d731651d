#include "grundy/games/uttt/bot.h"

#include <algorithm>

#include "grundy/core/error.h"
#include "grundy/games/uttt/net_search.h"
#include "grundy/search/mcts.h"
#include "grundy/search/random.h"

namespace grundy::uttt {

// The search behind the bot: the network search (net) or rollout MCTS (mcts).
struct Bot::Engine {
  std::unique_ptr<search::Mcts<Board>> mcts;
  std::unique_ptr<NetSearch> net;
  Engine(const Board& b, const BotOptions& o) {
    if (o.engine == uttt::Engine::mcts) {
      mcts = std::make_unique<search::Mcts<Board>>(b, search::MctsOptions{.seed = o.seed});
    } else {
      NetSearchOptions no;
      no.weights = o.weights;
      if (o.exploration >= 0) no.exploration = o.exploration;
      if (o.minimax_weight >= 0) no.minimax_weight = o.minimax_weight;
      if (o.free_move_plies >= 0) no.free_move_plies = o.free_move_plies;
      if (o.free_move_penalty >= 0) no.free_move_penalty = o.free_move_penalty;
      net = std::make_unique<NetSearch>(b, no);
    }
  }
  void advance(const Board& before, Board::Move m) {
    if (mcts && mcts->root() == before) return mcts->advance(m);
    if (net && net->root() == before) return net->advance(m);
    Board after = before;
    after.play(m);
    if (mcts) mcts->reset(after);
    if (net) net->reset(after);
  }
  // The search's move, or with `vary` one drawn at random among the moves whose value is
  // within kVariety of the best one's (proven losses excluded).
  BotTurn search(std::uint64_t iterations, double seconds, bool vary, search::Rng& rng) {
    static constexpr double kVariety = 0.03;
    BotTurn t;
    std::vector<std::pair<Board::Move, double>> values;
    if (mcts) {
      const auto r = mcts->search({.iterations = iterations, .seconds = seconds});
      t.move = r.best, t.win_rate = r.win_rate, t.iterations = r.iterations;
      for (const auto& m : r.moves)
        if (m.proven != -1 && m.visits > 0) values.push_back({m.move, m.score});
    } else {
      const auto r = net->search({.iterations = iterations, .seconds = seconds});
      t.move = r.best, t.win_rate = r.value, t.iterations = r.iterations;
      for (const auto& m : r.moves)
        if (!(m.exact && m.value <= 0) && m.visits > 0) values.push_back({m.move, m.value});
    }
    if (vary && !values.empty()) {
      std::vector<Board::Move> close;
      for (const auto& [m, v] : values)
        if (v >= t.win_rate - kVariety) close.push_back(m);
      if (!close.empty()) t.move = close[rng.below(static_cast<std::uint32_t>(close.size()))];
    }
    return t;
  }
};

Bot::Bot(const BotOptions& options)
    : options_(options),
      board_(options.rules),
      engine_(std::make_unique<Engine>(board_, options)),
      rng_(options.seed) {}

Bot::~Bot() = default;

bool Bot::idle_step() {
  if (pending_) {
    engine_->advance(before_pending_, *pending_);
    pending_.reset();
    return true;
  }
  return engine_->net && engine_->net->idle_step();
}

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
                     " valid actions are not the " + std::to_string(mine.size()) +
                     " legal moves (" + "other rules?)");
  } else {
    double seconds = 0;
    if (!options_.iterations) {
      const double used =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - arrival).count();
      // The margin scales with the turn: 10 ms of 100 keeps back 100 ms of a 1 s first turn.
      const double margin = options_.margin_seconds * allowance / options_.seconds;
      seconds = std::max(1e-4, allowance - margin - used);
    }
    out =
        engine_->search(options_.iterations, seconds, board_.stones() < options_.vary_plies, rng_);
    out.budget = seconds;
  }
  before_pending_ = board_;
  pending_ = out.move;
  board_.play(out.move);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - arrival).count();
  return out;
}

}  // namespace grundy::uttt
