#pragma once
// The state the exact solver searches: which strings of a SolverGraph are still present, plus
// the score and turn the search::AlphaBeta interface needs. The hooks are where Dots and Boxes
// knowledge prunes the search (docs/dots.md, "The exact solver"):
//   tt_key        the least image of the present strings under the board's symmetries, with
//                 parallel edge lines normalised (captured boxes and the score do not matter)
//   static_value  simple loony endgames (only chains and loops left) valued by formula
//   search_moves  capturable coins: one forced capture, or at the end of a chain the choice
//                 between taking and the double-dealing move that keeps control
//   order_moves   safe lines (that offer no box) first, centre-out; then the sacrifices
//   max_remaining the boxes still open
//   defer_busy    several threads share the moves of the nodes where they meet
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "grundy/core/bits.h"
#include "grundy/games/dots/endgame.h"
#include "grundy/games/dots/solver_graph.h"
#include "grundy/search/move_list.h"

namespace grundy::dots {

class SolverState {
 public:
  using Move = std::uint8_t;  // a string of the graph
  struct Undo {
    std::uint8_t captured;
  };
  static constexpr std::size_t kMaxMoves = 64;
  using Moves = search::MoveList<Move, kMaxMoves>;

  SolverState(const SolverGraph& g, std::uint64_t present, int to_move)
      : g_(&g), present_(present), turn_(to_move), images_count_(g.symmetries.size()) {
    for (int c = 0; c < g.coins; ++c) open_ += (g.coin_strings[c] & present) != 0;
    for (std::size_t i = 0; i < images_count_; ++i) images_[i] = g.apply(i, present);
  }

  int to_move() const { return turn_; }
  bool is_over() const { return present_ == 0; }
  void legal_moves(Moves& out) const {
    out.clear();
    for (std::uint64_t p = present_; p; p &= p - 1)
      out.push_back(static_cast<Move>(std::countr_zero(p)));
  }
  Undo play(Move s) {
    const std::uint64_t bit = std::uint64_t{1} << s;
    present_ &= ~bit;
    for (std::size_t i = 0; i < images_count_; ++i) images_[i] &= ~g_->image_bit[i][s];
    std::uint8_t captured = 0;
    for (auto c : g_->ends[s])
      if (c >= 0 && (g_->coin_strings[c] & present_) == 0) ++captured;
    if (g_->ends[s][0] == g_->ends[s][1] && captured == 2) captured = 1;
    score_[turn_] += captured;
    open_ -= captured;
    if (captured == 0) turn_ ^= 1;
    return {captured};
  }
  void undo(Move s, Undo u) {
    if (u.captured == 0) turn_ ^= 1;
    score_[turn_] -= u.captured;
    open_ += u.captured;
    present_ |= std::uint64_t{1} << s;
    for (std::size_t i = 0; i < images_count_; ++i) images_[i] |= g_->image_bit[i][s];
  }
  std::uint64_t hash() const {
    return (present_ * 0x9e3779b97f4a7c15ull) ^ (static_cast<std::uint64_t>(turn_) << 63) ^
           (static_cast<std::uint64_t>(score_[0]) << 40) ^
           (static_cast<std::uint64_t>(score_[1]) << 48);
  }
  int points(int player) const { return score_[player]; }
  bool operator==(const SolverState& o) const {
    return g_ == o.g_ && present_ == o.present_ && turn_ == o.turn_ && score_ == o.score_;
  }

  // --- search hooks ---
  // The images of the present strings are kept up to date by play and undo (one and-not each),
  // so a key costs the normalisations only: the same as g_->canonical(present_).
  std::uint64_t tt_key() const {
    std::uint64_t best = g_->normalise(present_);
    if (use_symmetry_)
      for (std::size_t i = 0; i < images_count_; ++i)
        best = std::min(best, g_->normalise(images_[i]));
    return best;
  }
  int max_remaining() const { return open_; }
  // mine + theirs = the open boxes, so mine - theirs has their parity.
  int value_parity() const { return open_ & 1; }
  bool use_etc() const { return grundy::popcount(present_) >= kEtcStrings; }
  // With several threads, a move another thread is searching from the same position is put
  // off (alpha_beta.h), from 16 strings up (below, the subtrees are too small to share): two
  // threads solved 4x4 and 4x5 mid-games 1.2-1.6x faster than with Lazy SMP's perturbed order,
  // about 1.7-1.9x one thread's speed (docs/benchmarks.md, "Two threads that share a node's
  // moves").
  bool defer_busy() const { return grundy::popcount(present_) >= kDeferStrings; }
  static constexpr int kDeferStrings = 16;
  static inline int kEtcStrings = 24;
  bool use_table() const { return grundy::popcount(present_) > kTableStrings; }
  static inline int kTableStrings = 8;  // measured: 15-20% faster than always probing
  bool static_value(int& v) const;
  void search_moves(Moves& out) const;
  void order_moves(Moves& out) const;

  std::uint64_t present() const { return present_; }
  const SolverGraph& graph() const { return *g_; }
  void set_symmetry(bool on) { use_symmetry_ = on; }
  int degree(int coin) const { return grundy::popcount(g_->coin_strings[coin] & present_); }

 private:
  int other_end(int s, int c) const {
    return g_->ends[s][0] == c ? g_->ends[s][1] : g_->ends[s][0];
  }
  // The one present string of a coin other than `s`.
  int other_string(int coin, int s) const {
    return std::countr_zero(g_->coin_strings[coin] & present_ & ~(std::uint64_t{1} << s));
  }

  const SolverGraph* g_;
  std::uint64_t present_;
  int turn_;
  std::array<int, 2> score_{};
  int open_ = 0;
  bool use_symmetry_ = true;
  std::size_t images_count_;
  std::array<std::uint64_t, SolverGraph::kMaxSymmetries> images_{};  // present_ under each
};

}  // namespace grundy::dots
