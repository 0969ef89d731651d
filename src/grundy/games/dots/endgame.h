#pragma once
// Simple loony endgames: positions made only of independent chains (grounded at both ends) and
// loops, with nothing to capture, so that every move opens a chain or a loop. Their value is
// exact by a short recursion over which component to open (Berlekamp; Buzzard and Ciere,
// INTEGERS 14 (2014) G08, who give a faster rule for long chains and loops):
//   V({}) = 0, and V(S) = max over components c of S (R = S without c) of
//     chain of 1 or 2:  -(n + V(R))                    the opponent takes it and moves on
//     chain of n >= 3:  -max(n + V(R), n - 4 - V(R))   ... or takes all but 2 and hands them back
//     loop of n >= 4:   -max(n + V(R), n - 8 - V(R))   ... or all but 4, handing back 2 + 2
// A 2-chain is opened in the middle (the hard-hearted handout): opened at an end it would let
// the opponent choose, which is never better for the opener.
#include <vector>

namespace grundy::dots {

// V(S) for the player who must open the next component; `chains` and `loops` are lengths in
// boxes. Memoised per thread.
int simple_endgame_value(std::vector<int> chains, std::vector<int> loops);

// The controlled value of the same position for the player in control (Berlekamp): the boxes
// left minus 4 per long chain and 8 per loop, plus 4 (or 8) for the last one, taken whole.
// It equals V for the player in control whenever keeping control throughout is optimal.
int controlled_value(const std::vector<int>& chains, const std::vector<int>& loops);

}  // namespace grundy::dots
