#pragma once
// The bot behind `grundy uttt bot`: one game under the CodinGame protocol (protocol.h), turn by
// turn. It follows the game on its own board, keeps its search tree between turns (the subtree
// below each move played), and answers within the turn's time less a margin for the process's
// scheduling; the first turn has the arena's longer allowance. It never prints (the command line
// does the reading and writing).
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/network.h"
#include "grundy/games/uttt/players.h"
#include "grundy/games/uttt/protocol.h"
#include "grundy/search/random.h"

namespace grundy::uttt {

struct BotOptions {
  Rules rules = Rules::codingame;
  Engine engine = Engine::net;   // net or mcts
  double seconds = 0.1;          // the arena's time per turn
  double first_seconds = 1.0;    // ... for the bot's first turn
  double margin_seconds = 0.01;  // kept back from each turn for reading, writing and scheduling
                                 // (the first turn keeps back as much in proportion)
  std::uint64_t iterations = 0;  // a fixed search budget per turn instead of the clock (tests)
  std::uint64_t seed = 1;
  double exploration = -1;  // net: the search's constants (NetSearchOptions) when >= 0
  double minimax_weight = -1;
  int free_move_plies = -1;               // net: NetSearchOptions::free_move_plies when >= 0
  double free_move_penalty = -1;          // net: NetSearchOptions::free_move_penalty when >= 0
  const net::Weights* weights = nullptr;  // net: nullptr for the compiled-in network
  int vary_plies = 0;  // until this many moves are on the board, a random move among those the
                       // search values within 0.03 of its best (variety between games)
};

// What the bot did in one turn (for --verbose).
struct BotTurn {
  Board::Move move = 0;
  double win_rate = 0.5;         // the search's estimate for the bot (a draw counts half)
  std::uint64_t iterations = 0;  // of this turn's search
  double seconds = 0;            // from the turn's arrival to the answer
  double budget = 0;             // the search's time: what was left of the turn, less the margin
  bool forced = false;           // a single valid action: played without searching
};

class Bot {
 public:
  explicit Bot(const BotOptions& options);
  ~Bot();
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  // One turn that arrived at `arrival`. InputError when the turn does not fit the game: the
  // opponent's move is illegal, "-1 -1" after the first turn, or the valid actions are not the
  // legal moves (another rule set?) and not a single legal move (an opening the referee imposes).
  BotTurn play(const Turn& turn, std::chrono::steady_clock::time_point arrival);

  // Work for the time between turns (the opponent's), a step at a time: follows our last move
  // in the engine's tree, compacts the tree when it has grown large, backs a little more of the
  // memory the next searches will write (NetSearch::idle_step). Off the turn's clock, so that a
  // turn never pays for a large copy. Returns false when there is nothing left to do.
  bool idle_step();

  const Board& board() const { return board_; }

 private:
  struct Engine;
  BotOptions options_;
  Board board_;
  bool first_turn_ = true;
  std::optional<Board::Move> pending_;  // our last move, not yet followed by the engine
  Board before_pending_;
  std::unique_ptr<Engine> engine_;
  search::Rng rng_;
};

}  // namespace grundy::uttt
