#pragma once
// The generic memoised Grundy solver for any finite impartial game written in C++.
//
// A game is a type with a `Position` (hashable with absl::Hash, equality-comparable) and
//   void moves(const Position& p, std::vector<Position>& out) const;   // appends every option
// Optional hooks:
//   std::string describe(const Position& p) const;   // names a position in error messages
//
// The search is iterative (an explicit stack), so a game whose longest play is millions of moves
// does not overflow the call stack. A position met again while it is still being expanded means
// the move graph has a cycle: that raises CycleError naming the position.
#include <concepts>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "grundy/core/error.h"
#include "grundy/core/mex.h"
#include "grundy/core/outcome.h"

namespace grundy {

template <class G>
concept ImpartialGame = requires(const G& g, const typename G::Position& p,
                                 std::vector<typename G::Position>& out) {
  { g.moves(p, out) } -> std::same_as<void>;
};

template <class G>
std::string describe_position(const G& game, const typename G::Position& p) {
  if constexpr (requires {
                  { game.describe(p) } -> std::convertible_to<std::string>;
                }) {
    return game.describe(p);
  } else if constexpr (std::is_arithmetic_v<typename G::Position>) {
    return std::to_string(p);
  } else {
    return "(a position without a description)";
  }
}

struct SolverLimits {
  // Positions the memo may hold before the solver stops with LimitError (memory bound).
  std::size_t max_positions = std::size_t{1} << 28;
};

template <ImpartialGame G>
class Solver {
 public:
  using Position = typename G::Position;

  explicit Solver(const G& game, Rule rule = Rule::normal, SolverLimits limits = {})
      : game_(game), rule_(rule), limits_(limits) {}

  // Grundy value under normal play; under misère, the misère value of this single game
  // (terminal positions are worth 1, otherwise mex), which is 0 exactly when the player to move
  // loses. Misère values do not add by xor: they say nothing about sums.
  std::uint32_t value(const Position& root) {
    if (auto it = memo_.find(root); it != memo_.end() && it->second != kInProgress)
      return it->second;
    solve(root);
    return memo_.find(root)->second;
  }

  Winner winner(const Position& p) { return winner_from_value(value(p)); }

  // Every option of p whose value is `target`. With target 0: the winning moves of a single game.
  std::vector<Position> moves_to_value(const Position& p, std::uint32_t target) {
    std::vector<Position> options, result;
    game_.moves(p, options);
    for (const Position& o : options)
      if (value(o) == target) result.push_back(o);
    return result;
  }

  std::vector<Position> winning_moves(const Position& p) { return moves_to_value(p, 0); }

  std::size_t positions_solved() const { return memo_.size(); }
  Rule rule() const { return rule_; }
  const G& game() const { return game_; }

 private:
  static constexpr std::uint32_t kInProgress = std::numeric_limits<std::uint32_t>::max();

  struct Frame {
    Position position;
    std::size_t begin;  // its options are pending_[begin, end)
    std::size_t end;
    std::size_t next;
  };

  void push(const Position& p) {
    if (memo_.size() >= limits_.max_positions)
      throw LimitError("the game has more than " + std::to_string(limits_.max_positions) +
                       " positions reachable; the solver stopped (memory bound)");
    memo_.emplace(p, kInProgress);
    const std::size_t begin = pending_.size();
    game_.moves(p, pending_);
    stack_.push_back(Frame{p, begin, pending_.size(), begin});
  }

  void solve(const Position& root) {
    try {
      run(root);
    } catch (...) {
      // Leave the memo holding only finished positions, so the solver stays usable.
      for (const Frame& f : stack_) memo_.erase(f.position);
      stack_.clear();
      pending_.clear();
      throw;
    }
  }

  void run(const Position& root) {
    push(root);
    while (!stack_.empty()) {
      Frame& top = stack_.back();
      bool descended = false;
      while (top.next < top.end) {
        const Position child = pending_[top.next];
        auto it = memo_.find(child);
        if (it == memo_.end()) {
          push(child);  // invalidates `top`
          descended = true;
          break;
        }
        if (it->second == kInProgress)
          throw CycleError("the move graph has a cycle through position " +
                           describe_position(game_, child) + "; the game is not finite");
        ++top.next;
      }
      if (descended) continue;
      finish(top);
    }
  }

  void finish(const Frame& f) {
    std::uint32_t v;
    if (f.begin == f.end && rule_ == Rule::misere) {
      v = 1;
    } else {
      child_values_.clear();
      for (std::size_t i = f.begin; i < f.end; ++i) child_values_.push_back(memo_.at(pending_[i]));
      v = mex_(std::span<const std::uint32_t>(child_values_));
    }
    memo_[f.position] = v;
    pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(f.begin), pending_.end());
    stack_.pop_back();
  }

  const G& game_;
  Rule rule_;
  SolverLimits limits_;
  absl::flat_hash_map<Position, std::uint32_t> memo_;
  std::vector<Frame> stack_;
  std::vector<Position> pending_;
  std::vector<std::uint32_t> child_values_;
  Mex mex_;
};

}  // namespace grundy
