#pragma once
// The interface every two-player game state offers to the engines in search/ (alpha-beta,
// MCTS, proof-number search, matches, the conformance test). Games that are not impartial or
// not normal-play: scores (Dots and Boxes), draws (Ultimate Tic-Tac-Toe), extra moves.
//
// A state is a small mutable value (copying it is cloning it):
//   using Move = ...;                       // small, trivially copyable, ==
//   using Undo = ...;                       // what play() returns so that undo() can restore
//   static constexpr std::size_t kMaxMoves; // bound on legal moves in any position
//   int to_move() const;                    // 0 = the first player, 1 = the second
//   bool is_over() const;                   // no legal move (the game has ended)
//   void legal_moves(MoveList<Move, kMaxMoves>& out) const;  // clears out, then fills it
//   Undo play(Move m);                      // m must be legal; may keep the turn (extra move)
//   void undo(Move m, Undo u);              // restores the state exactly (== and hash())
//   std::uint64_t hash() const;             // equal states have equal hashes (Zobrist)
//   int points(int player) const;           // what the player has won so far: boxes; 1 for
//                                           //   the winner of a finished tic-tac-toe game
//   bool operator==(const State&) const;
// Who wins is decided by points when the game is over: more points wins, equal is a draw.
// Engines value a position by the margin still to be won from the mover's point of view,
// (final points(mover) - final points(other)) - (points(mover) - points(other)), so values
// do not depend on what has been captured before (captured boxes do not change the future).
//
// Optional hooks, used when present (see alpha_beta.h for the search hooks):
//   std::string move_name(Move) const;  Move parse_move(std::string_view) const;  (notation)
//   std::uint64_t compute_hash() const;  (the hash recomputed from scratch, for tests)
#include <concepts>
#include <cstddef>
#include <cstdint>

#include "grundy/search/move_list.h"

namespace grundy::search {

template <class S>
using MovesOf = MoveList<typename S::Move, S::kMaxMoves>;

template <class S>
concept TwoPlayerState = std::copyable<S> && std::equality_comparable<S> &&
    std::equality_comparable<typename S::Move> &&
    requires(S s, const S& cs, typename S::Move m, typename S::Undo u, MovesOf<S>& list,
             int player) {
  { S::kMaxMoves } -> std::convertible_to<std::size_t>;
  { cs.to_move() } -> std::same_as<int>;
  { cs.is_over() } -> std::same_as<bool>;
  { cs.legal_moves(list) } -> std::same_as<void>;
  { s.play(m) } -> std::same_as<typename S::Undo>;
  { s.undo(m, u) } -> std::same_as<void>;
  { cs.hash() } -> std::same_as<std::uint64_t>;
  { cs.points(player) } -> std::same_as<int>;
};

// Points of `player` minus points of the other.
template <TwoPlayerState S>
int margin(const S& s, int player) {
  return s.points(player) - s.points(1 - player);
}

// The result of a finished game for the first player: +1 win, 0 draw, -1 loss.
template <TwoPlayerState S>
int first_player_result(const S& s) {
  const int m = margin(s, 0);
  return (m > 0) - (m < 0);
}

// Sequences of exactly `depth` moves (a finished game is not extended): the standard check of
// a move generator. Uses play/undo on one state.
template <TwoPlayerState S>
std::uint64_t perft(S& s, int depth) {
  if (depth == 0) return 1;
  if (s.is_over()) return 0;
  MovesOf<S> moves;
  s.legal_moves(moves);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (const auto& m : moves) {
    const auto u = s.play(m);
    total += perft(s, depth - 1);
    s.undo(m, u);
  }
  return total;
}

}  // namespace grundy::search
