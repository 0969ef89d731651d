#pragma once
// Strings and coins: the dual of a Dots and Boxes position, on which the analysis works.
// Every open box is a coin, every undrawn line a string; a line on the board's edge is a string
// from its coin to the ground. Drawing a line cuts a string; a coin whose last string is cut is
// captured by the cutter, who moves again.
//
// A position is a fixed graph plus the set of strings still present (a 64-bit mask: the exact
// engines work on at most 64 strings; Coins::of refuses bigger positions with a LimitError).
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/core/bits.h"

namespace grundy::dots {

class DotsState;

inline constexpr int kGround = -1;

struct Coins {
  int coin_count = 0;
  std::vector<std::array<int, 2>> ends;   // string -> the coins it joins (kGround for ground)
  std::vector<std::uint64_t> strings_of;  // coin -> mask of its strings
  std::vector<int> line;                  // string -> board line (-1 for a graph not from a board)
  std::vector<int> box;                   // coin -> board box (-1 likewise)

  int string_count() const { return static_cast<int>(ends.size()); }
  std::uint64_t all() const {
    return string_count() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << string_count()) - 1;
  }
  int degree(int coin, std::uint64_t present) const {
    return grundy::popcount(strings_of[coin] & present);
  }
  // The other end of string s seen from coin c (kGround or a coin).
  int other(int s, int c) const { return ends[s][0] == c ? ends[s][1] : ends[s][0]; }

  int add_coin(int board_box = -1);
  int add_string(int a, int b, int board_line = -1);  // a, b: coins or kGround

  // The undrawn lines and open boxes of a position (LimitError beyond 64 undrawn lines).
  static Coins of(const DotsState& s);
};

// One piece of the structure the classical strategy talks about: a chain (a path of coins
// with two strings each, ending at the ground, at a junction coin with 3 or 4 strings, or at a
// coin with one string, which can be captured now), or a loop (a cycle of such coins, alone or
// hanging from one junction).
struct Chain {
  enum class Kind { chain, loop };
  enum class End { ground, junction, open };  // open: the end coin can be captured now
  Kind kind = Kind::chain;
  std::vector<int> coins;    // in order along the chain
  std::vector<int> strings;  // in order, the end strings included (a chain of n coins ending
                             // at the ground or a junction on both sides has n + 1)
  std::array<End, 2> end{End::ground, End::ground};
  std::array<int, 2> end_coin{kGround, kGround};  // the junction at each end, if any
  int length() const { return static_cast<int>(coins.size()); }
  // Independent of everything else: a chain grounded at both ends, or a loop with no junction.
  bool isolated() const {
    return kind == Kind::loop ? end_coin[0] == kGround
                              : end[0] == End::ground && end[1] == End::ground;
  }
  bool capturable() const { return end[0] == End::open || end[1] == End::open; }
  bool is_long() const { return kind == Kind::loop ? length() >= 4 : length() >= 3; }
};

// Every chain and loop of the position (coins with 3 or 4 strings, the junctions, are in none).
std::vector<Chain> find_chains(const Coins& g, std::uint64_t present);

// Coins with exactly one string (capturable now).
std::uint64_t capturable_coins(const Coins& g, std::uint64_t present);

// Strings grouped into connected components (two strings are connected when they share a coin;
// the ground connects nothing). Each mask is one component.
std::vector<std::uint64_t> components(const Coins& g, std::uint64_t present);

}  // namespace grundy::dots
