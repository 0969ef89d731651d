#pragma once
// Tree search guided by the evaluation network (network.h), the engine of `grundy uttt bot` and
// of the `net` engine (docs/uttt.md, "The net engine"). No random playouts: when the search
// reaches a leaf it expands it and the network values every move from there at once (one
// accumulator for the leaf, a few rows per move). Each node keeps
//   - the network's value of the move that leads to it (for the player who made it),
//   - the mean of the values backed up through it, the first counting as the network's, and
//   - a minimax value: the network's value at an unexpanded node, else one minus its best
//     child's (implicit minimax backups, Lanctot et al. 2014);
// selection maximises a blend of the mean and the minimax value plus a UCT exploration term.
// Moves that end the game have exact values, which the minimax value carries: a node all of
// whose moves are exact, or with a winning one, is exact, is never searched again, and a
// proven win at the root is played at once. The tree is kept between moves: advance() only moves
// the root (what is outside the new root's subtree stays where it is, unused), and when the
// node pool is half full a search first copies the root's subtree into a second pool.
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/network_eval.h"

namespace grundy::uttt {

struct NetSearchOptions {
  double exploration = 0.15;                     // UCT constant
  double minimax_weight = 0.6;                   // blend of the minimax value with the mean
  std::size_t max_nodes = std::size_t{1} << 24;  // per pool (there are two; 20 bytes a node)
  // While fewer than this many stones are on the board, a node's moves that send the opponent
  // to a closed board (a free move for them) are left out, unless every move does or the move
  // ends the game: a UTTT player's rule of thumb for the opening and middle game. 0: off.
  // A node with moves left out is exact only when it has a winning move.
  int free_move_plies = 0;
  // The exploration term of a visited move that sends the opponent to a closed board is
  // multiplied by this (a soft form of the rule above, at every ply; TomAlard's bot uses 0.25
  // in its latest version). 1: off.
  double free_move_penalty = 1.0;
  const net::Weights* weights = nullptr;  // nullptr: the compiled-in network
};

struct NetSearchLimits {
  std::uint64_t iterations = 0;  // 0: no bound
  double seconds = 0;            // 0: no bound (neither: 10,000 iterations)
  const std::atomic<bool>* stop = nullptr;
};

struct NetMoveStats {
  Board::Move move = 0;
  std::uint32_t visits = 0;
  float value = 0.5f;  // the blended value for the player to move at the root
  bool exact = false;
};

struct NetSearchResult {
  bool has_move = false;
  Board::Move best = 0;
  double value = 0.5;  // the best move's value for the player to move
  int proven = -2;     // +1 / 0 / -1 when the root's result is exact, else -2
  std::uint64_t iterations = 0;
  double seconds = 0;
  std::size_t nodes = 0;
  std::vector<NetMoveStats> moves;  // most visited first
  std::vector<Board::Move> principal_variation;
};

// Whether the legal move m, if the game goes on after it, lets the opponent play in any open
// board (the board it sends them to is closed).
bool gives_free_move(const Board& b, Board::Move m);

class NetSearch {
 public:
  explicit NetSearch(const Board& root, NetSearchOptions options = {});
  ~NetSearch();
  NetSearch(const NetSearch&) = delete;
  NetSearch& operator=(const NetSearch&) = delete;

  void reset(const Board& root);
  const Board& root() const { return root_; }
  // m was played at the root: keep the subtree below it.
  void advance(Board::Move m);
  // Searches within the limits; the root must not be over.
  NetSearchResult search(NetSearchLimits limits);
  // Backs up to 2 MiB more of the memory the next searches will write (NodePool::prefault): the
  // pool 2^21 nodes beyond its size, then the spare pool as far as a compaction can fill it.
  // For the time between a bot's turns: a timed search that meets fresh memory loses
  // milliseconds per page on some virtual machines. Returns false when all of it is backed.
  bool prefault_step();
  // Work for the time between a bot's turns: a compaction when the pool is more than a quarter
  // full, once between two searches (search() compacts past one half, on the turn's clock:
  // copying millions of nodes can take longer than a 100 ms turn), else prefault_step(). The same
  // searches follow either way. Returns false when there is nothing left to do.
  bool idle_step();

  // Up to n iterations, fewer once the root is exact; returns how many ran. run() calls the
  // copy of this loop compiled for the active kernel set (net_search.cpp); run_here is that
  // loop for the baseline and the copies' body.
  std::uint64_t run(std::uint64_t n);
  std::uint64_t run_here(std::uint64_t n);

 private:
  struct Node;
  struct Pool;
  bool iterate();  // false once the root is exact
  void expand(std::uint32_t i, const Board& b);
  std::uint32_t select(const Node& n) const;
  void update(std::uint32_t i);
  void compact();  // the root's subtree into the spare pool, which becomes the pool
  NetSearchResult collect() const;

  NetSearchOptions options_;
  std::unique_ptr<net::QuantizedWeights> owned_;  // (options.weights, quantised)
  const net::QuantizedWeights* weights_;
  Board root_;
  std::uint32_t root_index_ = 1;  // node 0 is nobody (a first_child of 0: not expanded)
  std::unique_ptr<Pool> pool_, spare_;
  std::vector<std::uint32_t> path_;
  bool compacted_ = false;  // by idle_step since the last search
};

}  // namespace grundy::uttt
