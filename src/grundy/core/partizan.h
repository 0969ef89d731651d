#pragma once
// Short partizan games in canonical form: the values of positions where Left and Right have
// different moves (blue-red-green Hackenbush, sums of such games). Every game value lives in a
// GameStore as one node; nodes are hash-consed and always canonical (no dominated options, no
// reversible options), so two games are equal exactly when their ids are equal.
//
// Numbers are kept as dyadic rationals (their options, the sign-expansion neighbours, are made
// only when a comparison walks into them), and sums with a number use the number translation
// theorem, so x + G never expands x.
//
// Comparison: G <= H iff no G^L >= H and no H^R <= G (memoised). Canonicalisation (Conway,
// ONAG ch. 10; Siegel, CGT III.1): drop dominated options, bypass reversible ones (a Left option
// A with some A^R <= G is replaced by the Left options of A^R), repeat until neither applies.
//
// Recursion goes as deep as the games are old (their birthdays); the store refuses, with a
// LimitError, to go deeper than kMaxDepth or to hold more than its node limit.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "grundy/core/dyadic.h"

namespace grundy {

using GameId = std::uint32_t;

// Who wins with perfect play: Left whoever starts (G > 0), Right whoever starts (G < 0), the
// player to move (G fuzzy with 0), or the second player (G = 0).
enum class Outcome : std::uint8_t { left, right, first, second };

std::string_view to_string(Outcome o);

class GameStore {
 public:
  static constexpr std::size_t kMaxDepth = 1500;
  static constexpr std::size_t kDefaultMaxNodes = std::size_t{20} << 20;

  explicit GameStore(std::size_t max_nodes = kDefaultMaxNodes);

  GameId zero() const { return zero_; }
  GameId number(const Dyadic& x);
  GameId integer(std::int64_t n) { return number(Dyadic::integer(n)); }
  GameId nimber(std::uint64_t n);  // *n
  GameId up(std::int64_t n);       // n.up (n < 0: |n|.down)

  // The canonical form of { left | right }; the options may be any ids of this store (repeats,
  // dominated and reversible options are fine).
  GameId make(std::vector<GameId> left, std::vector<GameId> right);

  bool is_number(GameId g) const { return nodes_[g].is_number; }
  const Dyadic& number_value(GameId g) const { return nodes_[g].number; }
  // Canonical options (for a number, its sign-expansion neighbours).
  std::vector<GameId> left(GameId g);
  std::vector<GameId> right(GameId g);

  bool leq(GameId a, GameId b);  // a <= b
  bool geq(GameId a, GameId b) { return leq(b, a); }
  Outcome outcome(GameId g);

  GameId add(GameId a, GameId b);
  GameId neg(GameId g);
  GameId sub(GameId a, GameId b) { return add(a, neg(b)); }

  // g >= *k and g <= *k without building *k: for each g the sets of such k are finite or
  // cofinite, found from g's options in one pass (partizan_star.cpp). So g + *k >= 0 (Left wins
  // moving second) is geq_star(g, k), and g + *k <= 0 is leq_star(g, k).
  bool geq_star(GameId g, std::uint64_t k);
  bool leq_star(GameId g, std::uint64_t k);

  // Left stop and right stop: the numbers reached when Left (Right) starts and both sides stop
  // as soon as the game is a number.
  Dyadic left_stop(GameId g);
  Dyadic right_stop(GameId g);

  std::size_t size() const { return nodes_.size(); }

 private:
  struct Node {
    bool is_number = false;
    bool options_ready = false;
    Dyadic number;
    std::vector<GameId> left, right;
  };
  // Counts recursion depth; refuses (LimitError) to go deeper than kMaxDepth.
  struct Depth {
    explicit Depth(GameStore& s);
    ~Depth() { --store.depth_; }
    Depth(const Depth&) = delete;
    Depth& operator=(const Depth&) = delete;
    GameStore& store;
  };
  // A set of naturals: the listed ones (sorted), or all but them.
  struct NimSet {
    std::vector<std::uint64_t> listed;
    bool complement = false;
  };
  const std::pair<NimSet, NimSet>& star_sets(GameId g);  // {k : g >= *k}, {k : g <= *k}

  GameId intern(std::vector<GameId> left, std::vector<GameId> right);
  GameId push(Node n);
  void ensure_options(GameId g);
  void remove_dominated(std::vector<GameId>& options, bool left_side);
  static std::uint64_t key(GameId a, GameId b) { return std::uint64_t{a} << 32 | b; }

  std::vector<Node> nodes_;
  std::size_t max_nodes_;
  std::size_t depth_ = 0;
  GameId zero_ = 0;
  absl::flat_hash_map<Dyadic, GameId> numbers_;
  absl::flat_hash_map<std::vector<GameId>, GameId> forms_;  // left, kNoId, right
  absl::flat_hash_map<std::uint64_t, bool> leq_;
  absl::flat_hash_map<std::uint64_t, GameId> add_;
  absl::flat_hash_map<GameId, GameId> neg_;
  absl::flat_hash_map<GameId, std::pair<Dyadic, Dyadic>> stops_;
  std::vector<GameId> nimbers_;  // nimbers_[n] = *n, built in order
  absl::flat_hash_map<GameId, std::pair<NimSet, NimSet>> star_sets_;
};

}  // namespace grundy
