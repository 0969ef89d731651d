// The heuristic evaluation: the seed's rules of thumb as numbers (docs/uttt.md).
//   - boards count by their place in the big board's lines (centre 4 lines, corners 3, edges 2);
//   - inside a small board, the centre cell counts most, then corners, then edges;
//   - two owned boards in a line with the third still winnable is a big-board threat, two
//     stones in a line with the third cell empty a small-board threat;
//   - a free move (the opponent sent us to a closed board) is an advantage, more so late;
//   - being sent to the centre board is an advantage (so giving away centres is not);
//   - codingame rules: each board owned more than the opponent counts again, more so late, since
//     a game without a line goes to the player with more boards.
#include "grundy/games/uttt/board.h"

#include <algorithm>

namespace grundy::uttt {
namespace {

constexpr int kLinesThrough[9] = {3, 2, 3, 2, 4, 2, 3, 2, 3};
constexpr int kCellWeight[9] = {2, 1, 2, 1, 3, 1, 2, 1, 2};

// Lines of `mine` with two of its three cells and the third in `free`.
int threats(unsigned mine, unsigned free) {
  int n = 0;
  for (auto l : kLines) {
    const unsigned have = mine & l;
    if (std::popcount(have) == 2 && (l & ~have & free)) ++n;
  }
  return n;
}

}  // namespace

int Board::evaluate() const {
  const unsigned me = turn_, you = me ^ 1;
  const unsigned owned_any = owned_[0] | owned_[1];
  int score[2] = {0, 0};
  for (unsigned p = 0; p < 2; ++p) {
    for (unsigned b = 0; b < 9; ++b)
      if ((owned_[p] >> b) & 1) score[p] += 40 * kLinesThrough[b];
    // Boards that can still become p's: open and owned by nobody.
    const unsigned winnable = open_ & ~owned_any & kFullBoard;
    const int big_threats = threats(owned_[p], winnable);
    score[p] += 120 * big_threats + (big_threats >= 2 ? 150 : 0);
    for (unsigned b = 0; b < 9; ++b) {
      if (!((winnable >> b) & 1)) continue;
      const unsigned mine = cells_[p][b];
      int cells = 0;
      for (unsigned bits = mine; bits; bits &= bits - 1)
        cells += kCellWeight[std::countr_zero(bits)];
      const int small_threats = threats(mine, empty_cells(static_cast<int>(b)));
      score[p] += kLinesThrough[b] * (2 * cells + 12 * small_threats);
    }
  }
  int v = score[me] - score[you];
  if (forced_ == kAnyBoard) v += 30 + stones() / 2;
  if (forced_ == 4) v += 20;
  if (rules_ == Rules::codingame)
    v += (std::popcount(owned_[me]) - std::popcount(owned_[you])) * (20 + stones());
  return std::clamp(v, -900, 900);
}

}  // namespace grundy::uttt
