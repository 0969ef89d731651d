#pragma once
// The position in words, as strings and coins: the coins (open boxes) by how many strings they
// still have, and the chains and loops they form.
#include <string>
#include <vector>

#include "grundy/games/dots/coins.h"
#include "grundy/games/dots/state.h"

namespace grundy::dots {

// "coin b2 (2 strings)"-style names need the board: a chain's coins as box names, "a1-b1-c1".
std::string chain_boxes(const Board& b, const Coins& g, const Chain& c);
// "a long chain of 3 boxes (a1-b1-c1), grounded at both ends"
std::string describe_chain(const Board& b, const Coins& g, const Chain& c);

std::vector<std::string> explain_strings_and_coins(const DotsState& s);

}  // namespace grundy::dots
