#include "grundy/games/uttt/players.h"

#include <algorithm>
#include <cmath>

#include "grundy/core/error.h"
#include "grundy/games/uttt/net_search.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/search/alpha_beta.h"
#include "grundy/search/mcts.h"

namespace grundy::uttt {
namespace {

constexpr std::size_t kHeuristicTable = std::size_t{16} << 20;
constexpr std::size_t kAlphaBetaTable = std::size_t{128} << 20;
constexpr int kHeuristicDepth = 2;
constexpr std::uint64_t kDefaultIterations = 10000;  // mcts with neither time nor iterations

// An evaluation in thousandths of a point as a probability-like score for the mover.
double to_win_rate(int value) {
  return 1.0 / (1.0 + std::exp(-static_cast<double>(value) / 300.0));
}

search::MctsLimits mcts_limits(const EngineOptions& o) {
  search::MctsLimits l;
  l.iterations = o.iterations;
  l.seconds = o.seconds;
  l.stop = o.stop;
  l.threads = std::max(1, o.threads);
  if (!l.iterations && l.seconds <= 0 && !l.stop) l.iterations = kDefaultIterations;
  return l;
}

search::SearchLimits ab_limits(const EngineOptions& o, int depth) {
  search::SearchLimits l;
  l.depth = depth;
  l.max_nodes = o.iterations;
  l.seconds = o.seconds;
  l.stop = o.stop;
  l.threads = std::max(1, o.threads);
  return l;
}

Analysis mcts_analysis(search::Mcts<Board>& mcts, const EngineOptions& o) {
  const auto r = mcts.search(mcts_limits(o));
  Analysis a;
  a.to_move = mcts.root().to_move();
  a.has_move = r.has_move;
  a.best = r.best;
  if (r.proven != search::kUnproven) a.result = r.proven;
  a.win_rate = r.win_rate;
  a.principal_variation = r.principal_variation;
  a.work = r.iterations;
  a.seconds = r.seconds;
  a.engine = "mcts";
  return a;
}

NetSearchLimits net_limits(const EngineOptions& o) {
  NetSearchLimits l;
  l.iterations = o.iterations;
  l.seconds = o.seconds;
  l.stop = o.stop;
  if (!l.iterations && l.seconds <= 0 && !l.stop) l.iterations = kDefaultIterations;
  return l;
}

Analysis net_analysis(NetSearch& s, const EngineOptions& o) {
  const auto r = s.search(net_limits(o));
  Analysis a;
  a.to_move = s.root().to_move();
  a.has_move = r.has_move;
  a.best = r.best;
  if (r.proven != -2) a.result = r.proven;
  a.win_rate = r.value;
  a.principal_variation = r.principal_variation;
  a.work = r.iterations;
  a.seconds = r.seconds;
  a.engine = "net";
  return a;
}

Analysis alpha_beta_analysis(const Board& b, search::TranspositionTable& tt, int depth,
                             const EngineOptions& o, const char* name) {
  Analysis a;
  a.to_move = b.to_move();
  a.engine = name;
  Board::Move win;
  if (b.winning_move(win)) {  // the search would stop at the root's static value
    a.has_move = true;
    a.best = win;
    a.result = 1;
    a.win_rate = 1;
    a.principal_variation = {win};
    return a;
  }
  search::AlphaBeta<Board> ab(tt);
  const auto r = ab.iterative_deepening(b, ab_limits(o, depth));
  a.has_move = r.has_move;
  a.best = r.best;
  if (!r.has_move) {  // stopped before depth 1 finished: any legal move
    Board::Moves legal;
    b.legal_moves(legal);
    a.has_move = !legal.empty();
    if (a.has_move) a.best = legal[0];
  }
  if (r.depth == search::kUnlimitedDepth) {
    a.result = (r.value > 0) - (r.value < 0);
    a.win_rate = (*a.result + 1) / 2.0;
  } else {
    a.win_rate = to_win_rate(r.value);
  }
  a.principal_variation = ab.principal_variation(b, 32);
  if (a.principal_variation.empty() || a.principal_variation[0] != a.best)
    a.principal_variation = {a.best};
  a.work = r.nodes;
  a.seconds = r.seconds;
  return a;
}

class HeuristicPlayer : public search::Player<Board> {
 public:
  explicit HeuristicPlayer(const EngineOptions& o) : options_(o), tt_(kHeuristicTable) {}
  std::string name() const override { return "heuristic"; }
  Board::Move choose(const Board& s) override {
    if (s.stones() == 0) return 40;  // the seed: first move in the centre of the centre board
    return alpha_beta_analysis(s, tt_, kHeuristicDepth, options_, "heuristic").best;
  }

 private:
  EngineOptions options_;
  search::TranspositionTable tt_;
};

class AlphaBetaPlayer : public search::Player<Board> {
 public:
  explicit AlphaBetaPlayer(const EngineOptions& o) : options_(o), tt_(kAlphaBetaTable) {}
  std::string name() const override { return "alphabeta"; }
  Board::Move choose(const Board& s) override {
    tt_.new_generation();
    return alpha_beta_analysis(s, tt_, search::kUnlimitedDepth - 1, options_, "alphabeta").best;
  }

 private:
  EngineOptions options_;
  search::TranspositionTable tt_;
};

class MctsPlayer : public search::Player<Board> {
 public:
  explicit MctsPlayer(const EngineOptions& o)
      : options_(o), mcts_(Board(), search::MctsOptions{.seed = o.seed}) {}
  std::string name() const override { return "mcts"; }
  Board::Move choose(const Board& s) override {
    if (!(mcts_.root() == s)) mcts_.reset(s);
    return mcts_analysis(mcts_, options_).best;
  }
  void new_game(std::uint64_t seed) override {
    mcts_ = search::Mcts<Board>(Board(), search::MctsOptions{.seed = seed});
  }
  // Follows the game so that the tree below the move played is kept.
  void observe(const Board& before, Board::Move m) override {
    if (mcts_.root() == before) mcts_.advance(m);
  }

 private:
  EngineOptions options_;
  search::Mcts<Board> mcts_;
};

class NetPlayer : public search::Player<Board> {
 public:
  explicit NetPlayer(const EngineOptions& o) : options_(o), search_(Board()) {}
  std::string name() const override { return "net"; }
  Board::Move choose(const Board& s) override {
    if (!(search_.root() == s)) search_.reset(s);
    return net_analysis(search_, options_).best;
  }
  void new_game(std::uint64_t) override { search_.reset(Board()); }
  void observe(const Board& before, Board::Move m) override {
    if (search_.root() == before) search_.advance(m);
  }

 private:
  EngineOptions options_;
  NetSearch search_;
};

}  // namespace

Engine parse_engine(std::string_view name) {
  if (name == "random") return Engine::random;
  if (name == "heuristic") return Engine::heuristic;
  if (name == "mcts") return Engine::mcts;
  if (name == "alphabeta") return Engine::alphabeta;
  if (name == "net") return Engine::net;
  throw InputError("unknown engine '" + std::string(name) +
                   "': use random, heuristic, mcts, alphabeta or net");
}

std::string engine_name(Engine e) {
  switch (e) {
    case Engine::random:
      return "random";
    case Engine::heuristic:
      return "heuristic";
    case Engine::mcts:
      return "mcts";
    case Engine::alphabeta:
      return "alphabeta";
    case Engine::net:
      return "net";
  }
  return "?";
}

Analysis analyze(const Board& b, const EngineOptions& o) {
  if (b.is_over()) throw InputError("the game is over: there is nothing to analyse");
  switch (o.engine) {
    case Engine::mcts: {
      // One search, no reuse: a tree grows by at most one expansion (<= 81 nodes) per
      // iteration, so an iteration budget bounds the memory to reserve.
      search::MctsOptions mo{.seed = o.seed};
      if (const std::uint64_t n = mcts_limits(o).iterations; n > 0 && n < mo.max_nodes)
        mo.max_nodes = std::min<std::uint64_t>(mo.max_nodes, 1 + n * Board::kMaxMoves);
      search::Mcts<Board> mcts(b, mo);
      return mcts_analysis(mcts, o);
    }
    case Engine::net: {
      NetSearchOptions no;
      if (const std::uint64_t n = net_limits(o).iterations; n > 0)
        no.max_nodes = std::min<std::uint64_t>(no.max_nodes, 1 + (n + 1) * Board::kMaxMoves);
      NetSearch s(b, no);
      return net_analysis(s, o);
    }
    case Engine::alphabeta: {
      search::TranspositionTable tt(kAlphaBetaTable);
      return alpha_beta_analysis(b, tt, search::kUnlimitedDepth - 1, o, "alphabeta");
    }
    case Engine::heuristic: {
      search::TranspositionTable tt(kHeuristicTable);
      return alpha_beta_analysis(b, tt, kHeuristicDepth, o, "heuristic");
    }
    case Engine::random: {
      Analysis a;
      a.to_move = b.to_move();
      a.engine = "random";
      search::RandomPlayer<Board> p(o.seed);
      a.has_move = true;
      a.best = p.choose(b);
      a.principal_variation = {a.best};
      return a;
    }
  }
  return {};
}

std::unique_ptr<search::Player<Board>> make_player(const EngineOptions& o) {
  switch (o.engine) {
    case Engine::random:
      return std::make_unique<search::RandomPlayer<Board>>(o.seed);
    case Engine::heuristic:
      return std::make_unique<HeuristicPlayer>(o);
    case Engine::alphabeta:
      return std::make_unique<AlphaBetaPlayer>(o);
    case Engine::mcts:
      return std::make_unique<MctsPlayer>(o);
    case Engine::net:
      return std::make_unique<NetPlayer>(o);
  }
  return nullptr;
}

}  // namespace grundy::uttt
