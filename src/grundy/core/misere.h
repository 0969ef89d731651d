#pragma once
// Misère play: whoever makes the last move loses.
//
// Here: single games (the solver's Rule::misere: terminal positions are worth 1, otherwise mex,
// and the player to move loses exactly at value 0), and sums of Nim heaps (Bouton's misère rule
// below). Misère sums of other games played on heaps are not determined by the components' Grundy
// or misère values: quotient/ computes their misère quotients (Plambeck and Siegel).
#include <cstdint>
#include <span>

#include "grundy/core/outcome.h"

namespace grundy {

// Misère Nim: as in normal play the player to move wins iff the xor is non-zero — except when
// every heap has at most one token, where the player to move wins iff the number of 1-heaps is
// even.
constexpr Winner misere_nim_winner(std::span<const std::uint64_t> heaps) {
  std::uint64_t x = 0;
  bool all_small = true;
  std::uint64_t ones = 0;
  for (std::uint64_t h : heaps) {
    x ^= h;
    if (h > 1) all_small = false;
    ones += (h == 1);
  }
  if (all_small) return ones % 2 == 0 ? Winner::first : Winner::second;
  return winner_from_value(x);
}

// The misère value of a sum of Nim heaps taken as one single game (terminal worth 1, else mex):
// the xor, flipped in its last bit when every heap has at most one token. It is 0 exactly when
// the player to move loses, agreeing with misere_nim_winner.
constexpr std::uint64_t misere_nim_value(std::span<const std::uint64_t> heaps) {
  std::uint64_t x = 0;
  bool all_small = true;
  for (std::uint64_t h : heaps) {
    x ^= h;
    if (h > 1) all_small = false;
  }
  return all_small ? x ^ 1 : x;
}

}  // namespace grundy
