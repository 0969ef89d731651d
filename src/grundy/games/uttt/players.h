#pragma once
// The engines a user picks with --engine, as players (search/player.h), and analysis of one
// position: the result structs the command line and the web app print.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/uttt/board.h"
#include "grundy/search/player.h"

namespace grundy::uttt {

enum class Engine { random, heuristic, mcts, alphabeta, net };
// "random", "heuristic", "mcts", "alphabeta" or "net"; InputError otherwise.
Engine parse_engine(std::string_view name);
std::string engine_name(Engine e);

struct EngineOptions {
  Engine engine = Engine::mcts;
  double seconds = 0.1;          // per move; 0 = no time bound (then iterations must be set)
  std::uint64_t iterations = 0;  // mcts: playouts per move; net: expansions; alphabeta: nodes;
                                 // 0 = no bound
  int threads = 1;               // mcts: root parallelism; alphabeta: Lazy SMP (net: one)
  std::uint64_t seed = 1;
  const std::atomic<bool>* stop = nullptr;  // ends any search at once (a server's deadline)
};

// What an engine makes of a position, from the point of view of the player to move.
struct Analysis {
  int to_move = 0;  // 0 = X, 1 = O
  bool has_move = false;
  Board::Move best = 0;
  std::optional<int> result;  // proved: +1 win, 0 draw, -1 loss (for the player to move)
  double win_rate = 0.5;      // the search's estimate in [0, 1], a draw counting 1/2
  std::vector<Board::Move> principal_variation;
  std::uint64_t work = 0;  // playouts (mcts), expansions (net) or nodes (alpha-beta)
  double seconds = 0;
  std::string engine;
};

// Analyses b (which must not be over: InputError) with the engine and budget of `options`.
Analysis analyze(const Board& b, const EngineOptions& options);

// A player for matches and for `grundy uttt play`. The mcts and net players keep their trees
// between moves (they follow the game through Player::observe).
std::unique_ptr<search::Player<Board>> make_player(const EngineOptions& options);

}  // namespace grundy::uttt
