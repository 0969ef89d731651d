// Checkpoints of the Dots and Boxes solver (grundy dots solve --checkpoint FILE --resume), read
// for a 3x3 board from the empty position with the solver's keys: versions 1 to 3, a file of
// another position or other keys, cut short, altered or appended to must be refused with an
// InputError, and a file that is read leaves as many entries as it says it has been counted;
// nothing else may happen. The same bytes read as `grundy dots checkpoint FILE` reads them (any
// position: a header that describes no board is refused) send exactly the entries the file
// counts, and whether this grundy's keys match is answered for any header; read as `grundy dots
// checkpoint FILE --moves '' --replies` reads them, each line of the empty board and each reply
// is valued within the boxes. The entries go into a compact table, as the solver's.
#include <sstream>
#include <string>

#include "fuzz_target.h"
#include "grundy/games/dots/checkpoint.h"
#include "grundy/games/dots/checkpoint_moves.h"
#include "grundy/games/dots/solver_keys.h"
#include "grundy/games/dots/state.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  // Compact, as the solver's table is (3x3: 24 strings): any key and bounds a file holds are
  // stored or weakened soundly, never trusted.
  static search::TranspositionTable tt(std::size_t{64} << 10, 24);
  fuzz::require(tt.compact(), "the solver's table for 3x3 is compact");
  tt.clear();
  const dots::DotsState s(dots::Board::get(3, 3));
  dots::SolveCheckpoint expected{3, 3, s.drawn_lines(), s.to_move(), 0, 0, 0, 0, 0};
  static const std::uint64_t keys = dots::solver_keys(s.board(), s.drawn_lines(), 0, true);
  expected.keys = keys;
  fuzz::expect_only_input_errors([&] {
    std::istringstream in(std::string(fuzz::as_text(data, size)));
    dots::SolveCheckpoint c;
    dots::read_checkpoint(in, "fuzz.ckpt", expected, c, tt);
    fuzz::require(c.rows == 3 && c.cols == 3, "a checkpoint read is of the expected position");
  });
  fuzz::expect_only_input_errors([&] {
    std::istringstream in(std::string(fuzz::as_text(data, size)));
    dots::SolveCheckpoint c;
    std::uint64_t sent = 0;
    dots::scan_checkpoint(in, "fuzz.ckpt", c,
                          [&](std::uint64_t, const search::TTEntry&) { ++sent; });
    fuzz::require(sent == c.entries, "a checkpoint scanned sends the entries it counts");
    fuzz::require(dots::Board::get(c.rows, c.cols).all_lines().contains(c.drawn),
                  "a checkpoint scanned is of a board");
    (void)dots::keys_match(c);
  });
  // `grundy dots checkpoint FILE --moves ''`: the lines of the empty board valued from the
  // file's table, each within the boxes (a file of another position is refused).
  fuzz::expect_only_input_errors([&] {
    std::istringstream in(std::string(fuzz::as_text(data, size)));
    const auto m = dots::checkpoint_moves(in, "fuzz.ckpt", "", true);
    const auto& board = dots::Board::get(m.summary.header.rows, m.summary.header.cols);
    fuzz::require(m.moves.size() == static_cast<std::size_t>(board.lines()),
                  "every line of the empty board is valued");
    for (const auto& l : m.moves) {
      fuzz::require(-m.open <= l.lower && l.lower <= l.upper && l.upper <= m.open,
                    "a line's bounds lie within the boxes");
      fuzz::require(l.replies.size() + 1 == m.moves.size(), "every reply to a line is valued");
      for (const auto& reply : l.replies)
        fuzz::require(-m.open <= reply.lower && reply.lower <= reply.upper && reply.upper <= m.open,
                      "a reply's bounds lie within the boxes");
    }
  });
  return 0;
}
