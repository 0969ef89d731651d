#pragma once
// The generic memoised Grundy solver for any finite impartial game written in C++.
//
// A game is a type with a `Position` (hashable with absl::Hash, equality-comparable) and
//   void moves(const Position& p, std::vector<Position>& out) const;   // appends every option
// or, for games whose options may be sums of positions (take-and-break games: a heap split in
// two is worth the xor of the two heaps' values), instead
//   void moves(const Position& p, std::vector<Position>& parts,
//              std::vector<std::uint32_t>& sizes) const;
// which appends the parts of every option to `parts` and, per option, how many parts it has to
// `sizes` (0: the empty sum, worth 0; 1: an ordinary option). Sums are valued by xor, which holds
// in normal play only: a misère solver refuses such a game with InputError.
// Optional hooks:
//   std::string describe(const Position& p) const;   // names a position in error messages
//   std::size_t index(const Position& p) const;      // a dense numbering 0 <= i < index_count()
//   std::size_t index_count() const;                 //   (then the memo is a flat array: faster)
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
concept SumOptionGame = requires(const G& g, const typename G::Position& p,
                                 std::vector<typename G::Position>& parts,
                                 std::vector<std::uint32_t>& sizes) {
  { g.moves(p, parts, sizes) } -> std::same_as<void>;
};

template <class G>
concept ImpartialGame = SumOptionGame<G> ||
    requires(const G& g, const typename G::Position& p, std::vector<typename G::Position>& out) {
  { g.moves(p, out) } -> std::same_as<void>;
};

template <class G>
concept DenselyIndexed = requires(const G& g, const typename G::Position& p) {
  { g.index(p) } -> std::convertible_to<std::size_t>;
  { g.index_count() } -> std::convertible_to<std::size_t>;
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

namespace solver_detail {

inline constexpr std::uint32_t kUnknown = std::numeric_limits<std::uint32_t>::max();
inline constexpr std::uint32_t kInProgress = kUnknown - 1;

// Position -> slot in a value array. Hashed for any game; a flat array for dense games.
template <class G>
class SlotMap {
 public:
  using Position = typename G::Position;
  explicit SlotMap(const G&) {}
  // The slot of p, or kUnknown if p was never seen.
  std::uint32_t find(const G&, const Position& p) const {
    const auto it = slots_.find(p);
    return it == slots_.end() ? kUnknown : it->second;
  }
  // The slot of p and whether it was added now (marked in progress); one hash probe either way.
  std::pair<std::uint32_t, bool> find_or_add(const G&, const Position& p,
                                             std::vector<std::uint32_t>& values) {
    const auto [it, added] = slots_.try_emplace(p, static_cast<std::uint32_t>(values.size()));
    if (added) values.push_back(kInProgress);
    return {it->second, added};
  }
  void forget(const G&, const Position& p) { slots_.erase(p); }
  std::size_t size() const { return slots_.size(); }

 private:
  absl::flat_hash_map<Position, std::uint32_t> slots_;
};

template <DenselyIndexed G>
class SlotMap<G> {
 public:
  using Position = typename G::Position;
  explicit SlotMap(const G& g) : seen_(g.index_count(), false) {}
  std::uint32_t find(const G& g, const Position& p) const {
    const std::size_t i = g.index(p);
    return seen_[i] ? static_cast<std::uint32_t>(i) : kUnknown;
  }
  std::pair<std::uint32_t, bool> find_or_add(const G& g, const Position& p,
                                             std::vector<std::uint32_t>& values) {
    const std::size_t i = g.index(p);
    if (seen_[i]) return {static_cast<std::uint32_t>(i), false};
    if (values.size() < seen_.size()) values.resize(seen_.size(), kUnknown);
    seen_[i] = true;
    values[i] = kInProgress;
    ++count_;
    return {static_cast<std::uint32_t>(i), true};
  }
  void forget(const G& g, const Position& p) {
    seen_[g.index(p)] = false;
    --count_;
  }
  std::size_t size() const { return count_; }

 private:
  std::vector<bool> seen_;
  std::size_t count_ = 0;
};

// A game may bring its own memo: `using SlotMap = ...;` with the interface of SlotMap above
// (constructed from the game; find, find_or_add, forget, size). The Python module's games keep
// theirs in a Python dict, whose insertion-ordered entries stay in cache where a hash map
// scatters them.
template <class G>
struct MemoOf {
  using type = SlotMap<G>;
};
template <class G>
requires requires {
  typename G::SlotMap;
}
struct MemoOf<G> {
  using type = typename G::SlotMap;
};

}  // namespace solver_detail

template <ImpartialGame G>
class Solver {
 public:
  using Position = typename G::Position;

  explicit Solver(const G& game, Rule rule = Rule::normal, SolverLimits limits = {})
      : game_(game), rule_(rule), limits_(limits), slots_(game) {
    if (SumOptionGame<G> && rule == Rule::misere)
      throw InputError(
          "options that are sums of positions are valued by xor, which holds in normal play "
          "only; misère play of sums needs misère quotients");
  }

  // Grundy value under normal play; under misère, the misère value of this single game
  // (terminal positions are worth 1, otherwise mex), which is 0 exactly when the player to move
  // loses. Misère values do not add by xor: they say nothing about sums.
  std::uint32_t value(const Position& root) {
    std::uint32_t slot = slots_.find(game_, root);
    if (slot == solver_detail::kUnknown) slot = solve(root);
    return values_[slot];
  }

  Winner winner(const Position& p) { return winner_from_value(value(p)); }

  // Every option of p whose value is `target`. With target 0: the winning moves of a single game.
  // (Games whose options are sums list them themselves, valuing each part with value().)
  std::vector<Position> moves_to_value(const Position& p,
                                       std::uint32_t target) requires(!SumOptionGame<G>) {
    std::vector<Position> options, result;
    game_.moves(p, options);
    for (const Position& o : options)
      if (value(o) == target) result.push_back(o);
    return result;
  }

  std::vector<Position> winning_moves(const Position& p) requires(!SumOptionGame<G>) {
    return moves_to_value(p, 0);
  }

  std::size_t positions_solved() const { return slots_.size(); }
  Rule rule() const { return rule_; }
  const G& game() const { return game_; }

 private:
  struct Frame {
    Position position;
    std::uint32_t slot;
    std::size_t begin;  // its options are pending_[begin, end), their slots child_slots_[...]
    std::size_t end;
    std::size_t next;
    std::size_t sizes_begin;  // sum options: the parts per option are sizes_[sizes_begin, ...)
  };

  // Opens a frame for p, which find_or_add has just added in `slot`.
  void push(const Position& p, std::uint32_t slot) {
    if (slots_.size() > limits_.max_positions) {
      slots_.forget(game_, p);
      throw LimitError("the game has more than " + std::to_string(limits_.max_positions) +
                       " positions reachable; the solver stopped (memory bound)");
    }
    const std::size_t begin = pending_.size();
    const std::size_t sizes_begin = sizes_.size();
    if constexpr (SumOptionGame<G>) {
      game_.moves(p, pending_, sizes_);
      std::uint64_t parts = 0;
      for (std::size_t i = sizes_begin; i < sizes_.size(); ++i) parts += sizes_[i];
      if (parts != pending_.size() - begin)
        throw InputError("the options of position " + describe_position(game_, p) + " list " +
                         std::to_string(pending_.size() - begin) + " parts but sizes add up to " +
                         std::to_string(parts));
    } else {
      game_.moves(p, pending_);
    }
    child_slots_.resize(pending_.size());
    stack_.push_back(Frame{p, slot, begin, pending_.size(), begin, sizes_begin});
  }

  std::uint32_t solve(const Position& root) {
    try {
      return run(root);
    } catch (...) {
      // The positions on the stack were never finished: forget them so the solver stays usable.
      for (const Frame& f : stack_) slots_.forget(game_, f.position);
      stack_.clear();
      pending_.clear();
      sizes_.clear();
      child_slots_.clear();
      throw;
    }
  }

  std::uint32_t run(const Position& root) {
    const std::uint32_t root_slot = slots_.find_or_add(game_, root, values_).first;
    push(root, root_slot);
    while (!stack_.empty()) {
      Frame& top = stack_.back();
      bool descended = false;
      while (top.next < top.end) {
        const std::size_t i = top.next;
        const auto [child, added] = slots_.find_or_add(game_, pending_[i], values_);
        child_slots_[i] = child;
        if (added) {
          const Position p = pending_[i];  // push() may reallocate pending_
          push(p, child);                  // invalidates `top`
          descended = true;
          break;
        }
        if (values_[child] == solver_detail::kInProgress)
          throw CycleError("the move graph has a cycle through position " +
                           describe_position(game_, pending_[i]) + "; the game is not finite");
        ++top.next;
      }
      if (descended) continue;
      finish(top);
    }
    return root_slot;
  }

  void finish(const Frame& f) {
    std::uint32_t v;
    if (f.begin == f.end && rule_ == Rule::misere) {
      v = 1;
    } else {
      child_values_.clear();
      if constexpr (SumOptionGame<G>) {
        // A sum's value is the xor of its parts' values (normal play: the constructor refuses
        // misère).
        std::size_t i = f.begin;
        for (std::size_t k = f.sizes_begin; k < sizes_.size(); ++k) {
          std::uint32_t x = 0;
          for (std::uint32_t j = 0; j < sizes_[k]; ++j) x ^= values_[child_slots_[i++]];
          child_values_.push_back(x);
        }
      } else {
        for (std::size_t i = f.begin; i < f.end; ++i)
          child_values_.push_back(values_[child_slots_[i]]);
      }
      v = mex_(std::span<const std::uint32_t>(child_values_));
    }
    values_[f.slot] = v;
    pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(f.begin), pending_.end());
    sizes_.resize(f.sizes_begin);
    child_slots_.resize(f.begin);
    stack_.pop_back();
  }

  const G& game_;
  Rule rule_;
  SolverLimits limits_;
  typename solver_detail::MemoOf<G>::type slots_;
  std::vector<std::uint32_t> values_;  // by slot; kInProgress while on the stack
  std::vector<Frame> stack_;
  std::vector<Position> pending_;
  std::vector<std::uint32_t> sizes_;  // sum options: parts per option, for the frames on the stack
  std::vector<std::uint32_t> child_slots_;
  std::vector<std::uint32_t> child_values_;
  Mex mex_;
};

}  // namespace grundy
