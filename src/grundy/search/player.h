#pragma once
// A player of a two-player game: the engines a user chooses with --engine, and the opponents of
// a match. Players keep whatever they like between moves (an MCTS tree to reuse).
#include <cstdint>
#include <string>

#include "grundy/search/random.h"
#include "grundy/search/two_player.h"

namespace grundy::search {

template <TwoPlayerState S>
class Player {
 public:
  using Move = typename S::Move;
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // A legal move in s (which is not over).
  virtual Move choose(const S& s) = 0;
  // A new game starts; a player with randomness reseeds from `seed`.
  virtual void new_game(std::uint64_t /*seed*/) {}
  // Someone played m in `before` (either player): lets a player follow the game.
  virtual void observe(const S& /*before*/, Move /*m*/) {}
};

// Uniform over the legal moves.
template <TwoPlayerState S>
class RandomPlayer : public Player<S> {
 public:
  explicit RandomPlayer(std::uint64_t seed = 1) : rng_(seed) {}
  std::string name() const override { return "random"; }
  typename S::Move choose(const S& s) override {
    MovesOf<S> moves;
    s.legal_moves(moves);
    return moves[rng_.below(static_cast<std::uint32_t>(moves.size()))];
  }
  void new_game(std::uint64_t seed) override { rng_ = Rng(seed); }

 private:
  Rng rng_;
};

}  // namespace grundy::search
