#pragma once
// A Dots and Boxes position: the lines drawn, who owns each completed box, the score and who
// moves. Completing one or two boxes gives them to the mover, who moves again. Satisfies
// search::TwoPlayerState (points = boxes), so the shared engines, players, matches and the
// conformance test apply.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/games/dots/board.h"
#include "grundy/search/move_list.h"

namespace grundy::dots {

class DotsState {
 public:
  using Move = std::uint8_t;  // a line index
  struct Undo {
    std::uint8_t captured;  // boxes the move completed (0, 1 or 2)
  };
  static constexpr std::size_t kMaxMoves = kMaxLines;

  explicit DotsState(const Board& board) : board_(&board) {}
  // The position after `moves` from the empty board; InputError names a line drawn twice.
  static DotsState after(const Board& board, const std::vector<int>& moves);
  // Same, from a move list in notation ("a1b1 b1c1").
  static DotsState after(const Board& board, std::string_view moves);

  const Board& board() const { return *board_; }
  int to_move() const { return turn_; }
  bool is_over() const { return drawn_ == board_->all_lines(); }
  void legal_moves(search::MoveList<Move, kMaxMoves>& out) const;
  Undo play(Move line);
  void undo(Move line, Undo u);
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;
  int points(int player) const { return score_[player]; }
  bool operator==(const DotsState& o) const {
    return board_ == o.board_ && drawn_ == o.drawn_ && owned_ == o.owned_ && score_ == o.score_ &&
           turn_ == o.turn_;
  }

  bool drawn(int line) const { return drawn_.test(line); }
  const LineSet& drawn_lines() const { return drawn_; }
  int lines_drawn() const { return drawn_.count(); }
  // Lines drawn around a box (0..4).
  int sides(int box) const { return (drawn_ & board_->box_lines(box)).count(); }
  // 0 or 1 for a completed box's owner, -1 while it is open.
  int owner(int box) const {
    return (owned_[0] >> box) & 1 ? 0 : ((owned_[1] >> box) & 1 ? 1 : -1);
  }
  // Boxes the move would complete (0, 1 or 2), without playing it.
  int completes(int line) const;
  int boxes_left() const { return board_->boxes() - score_[0] - score_[1]; }

  std::string move_name(Move m) const { return board_->line_name(m); }
  Move parse_move(std::string_view s) const;

 private:
  const Board* board_;
  LineSet drawn_;
  std::array<std::uint64_t, 2> owned_{};
  std::array<int, 2> score_{};
  int turn_ = 0;
  std::uint64_t hash_ = 0;
};

}  // namespace grundy::dots
