#pragma once
// What a solver checkpoint proves about each move of a position (grundy dots checkpoint FILE
// --moves LIST): the table's exact bounds on the position each line leads to, as that line's
// value for the player to move. A long run's progress is told by these (how many replies of the
// opponent are refuted), not by the search's place in each node's order of moves, which a
// resumed table reorders (runs/4x5/).
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/dots/checkpoint_summary.h"
#include "grundy/games/dots/state.h"

namespace grundy::dots {

struct CheckpointMove {
  int line = 0;      // the board line
  int captured = 0;  // boxes it completes (the same player then moves again)
  int same_as = -1;  // an earlier line that leads to the same position up to symmetry, or -1
  // The checkpoint proves something of the position it leads to: its entry, or those of that
  // position's own lines (a position proven cheaply, through a transposition, keeps a light
  // entry that the checkpoint may have left out).
  bool known = false;
  // The line's value for the player to move: the margin of the boxes still open before it,
  // as far as proven (the boxes left, -open and open, when nothing is known).
  int lower = 0, upper = 0;
  std::uint64_t key = 0;  // the solver's key of the position it leads to (0: the game ends)
  // With replies: the lines of that position, valued the same way for the player who moves
  // there (none when the game ends).
  std::vector<CheckpointMove> replies;
};

struct CheckpointMoves {
  CheckpointSummary summary;          // the whole file, read as summarize_checkpoint reads it
  LineSet drawn;                      // the position's lines
  int to_move = 0;                    // at the position
  int open = 0;                       // boxes still open there
  std::vector<CheckpointMove> moves;  // every undrawn line, in the board's order
};

// Reads the checkpoint at `path` and values every move of `position`, a position of the
// checkpoint's board with at least its lines drawn (InputError otherwise, or when the file is
// not a sound checkpoint of this grundy's keys); with `replies`, every reply to each too.
CheckpointMoves checkpoint_moves(const std::string& path, const DotsState& position,
                                 bool replies = false);
// The same for the position after `moves` (a list of lines from the empty board, as
// DotsState::after reads it) on the checkpoint's board.
CheckpointMoves checkpoint_moves(const std::string& path, std::string_view moves,
                                 bool replies = false);
// The same from a stream (read from its start, twice) named `name` in messages.
CheckpointMoves checkpoint_moves(std::istream& in, const std::string& name, std::string_view moves,
                                 bool replies = false);

}  // namespace grundy::dots
