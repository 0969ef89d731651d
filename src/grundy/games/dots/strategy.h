#pragma once
// The classical strategy of Dots and Boxes (Berlekamp, The Dots-and-Boxes Game; Winning Ways
// ch. 16) as functions of a position, shared by the `control` player and `grundy dots analyze`.
#include <optional>
#include <vector>

#include "grundy/games/dots/state.h"

namespace grundy::dots {

struct MoveClasses {
  std::vector<int> captures;    // complete a box now
  std::vector<int> safe;        // complete nothing and give no box a third side
  std::vector<int> sacrifices;  // give a box a third side: the opponent can take something
};
MoveClasses classify_moves(const DotsState& s);

// How many boxes the opponent can take in a row after the non-capturing line `line`.
int boxes_offered(const DotsState& s, int line);

// The choice at the end of a capturable chain: take the last boxes (`take`), or decline them
// with the double-dealing move (`double_deal`: all but two of a chain, all but four of a loop),
// handing them over so that the opponent must move next.
struct ControlChoice {
  int take = -1;         // a capturing line
  int double_deal = -1;  // the line that leaves two boxes (or two pairs) to the opponent
  int handed_over = 0;   // boxes handed over by double-dealing: 2 or 4
};
// The choice when the capturable boxes have reached it, if they have (one chain of captures,
// two boxes left before the ground or a junction, or four left of an opened loop).
std::optional<ControlChoice> control_choice(const DotsState& s);

// A capture the rules make without a choice (a box whose capture gives nothing away: its last
// line leads to the ground or a junction, or deeper into a chain, or it completes a double
// box), or -1 when every capturable box is at a choice (or there is none).
int free_capture(const DotsState& s);

// Whether to keep control at that choice, by the simple-endgame value when the rest is only
// chains and loops (exact), else by Berlekamp's rule of thumb: keep control while the boxes
// still to come in long chains and loops outweigh what keeping control gives away.
// `exact` (if given) tells whether the answer is exact (the simple-endgame case).
bool keep_control(const DotsState& s, const ControlChoice& c, bool* exact = nullptr);

// The lengths of the independent long chains and loops once the capturable boxes are taken,
// and whether that leaves a simple loony endgame (only chains and loops, nothing else).
struct Endgame {
  bool simple = false;
  std::vector<int> chains, loops;  // all chains (any length) and loops when simple
  int value = 0;                   // simple_endgame_value for the player who must open one
};
Endgame endgame_of(const DotsState& s);

// In a simple loony endgame, the line to open next (the best component, opened the right
// way: a 2-chain in the middle); -1 when the position is not one.
int best_opening(const DotsState& s);

}  // namespace grundy::dots
