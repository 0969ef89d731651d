#include "grundy/games/dots/state.h"

#include <string>

#include "grundy/core/error.h"
#include "grundy/core/text.h"

namespace grundy::dots {
namespace {

// Zobrist keys: one per line, and one for "player 2 to move". Fixed, so hashes are
// reproducible across runs and machines.
struct Keys {
  std::array<std::uint64_t, kMaxLines> line{};
  std::uint64_t turn = 0;
  Keys() {
    std::uint64_t x = 0x243f6a8885a308d3ull;
    const auto next = [&] {
      std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      return z ^ (z >> 31);
    };
    for (auto& k : line) k = next();
    turn = next();
  }
};
const Keys& keys() {
  static const Keys k;
  return k;
}

}  // namespace

DotsState DotsState::after(const Board& board, const std::vector<int>& moves) {
  DotsState s(board);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (s.drawn(moves[i]))
      throw InputError("move " + std::to_string(i + 1) + " '" + board.line_name(moves[i]) +
                       "' draws a line that is already drawn");
    s.play(static_cast<Move>(moves[i]));
  }
  return s;
}

DotsState DotsState::after(const Board& board, std::string_view moves) {
  const auto lines = board.parse_lines(moves);  // names the first malformed token
  const auto tokens = split_move_list(moves);
  DotsState s(board);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (s.drawn(lines[i]))
      throw InputError("move " + std::to_string(i + 1) + " '" + shown_token(tokens[i].text) +
                       "' (at character " + std::to_string(tokens[i].position) + ") draws " +
                       board.line_name(lines[i]) + ", which is already drawn");
    s.play(static_cast<Move>(lines[i]));
  }
  return s;
}

void DotsState::legal_moves(search::MoveList<Move, kMaxMoves>& out) const {
  out.clear();
  const LineSet free = board_->all_lines() ^ drawn_;
  free.for_each([&](int l) { out.push_back(static_cast<Move>(l)); });
}

int DotsState::completes(int line) const {
  int n = 0;
  for (int b : board_->boxes_of(line))
    if (b >= 0 && sides(b) == 3) ++n;
  return drawn_.test(line) ? 0 : n;
}

DotsState::Undo DotsState::play(Move line) {
  drawn_.set(line);
  hash_ ^= keys().line[line];
  std::uint8_t captured = 0;
  for (int b : board_->boxes_of(line))
    if (b >= 0 && drawn_.contains(board_->box_lines(b))) {
      owned_[turn_] |= std::uint64_t{1} << b;
      ++captured;
    }
  score_[turn_] += captured;
  if (captured == 0) {
    turn_ ^= 1;
    hash_ ^= keys().turn;
  }
  return {captured};
}

void DotsState::undo(Move line, Undo u) {
  if (u.captured == 0) {
    turn_ ^= 1;
    hash_ ^= keys().turn;
  }
  for (int b : board_->boxes_of(line))
    if (b >= 0 && drawn_.contains(board_->box_lines(b))) owned_[turn_] &= ~(std::uint64_t{1} << b);
  score_[turn_] -= u.captured;
  drawn_.reset(line);
  hash_ ^= keys().line[line];
}

std::uint64_t DotsState::compute_hash() const {
  std::uint64_t h = turn_ ? keys().turn : 0;
  drawn_.for_each([&](int l) { h ^= keys().line[l]; });
  return h;
}

DotsState::Move DotsState::parse_move(std::string_view s) const {
  std::string why;
  const int l = board_->find_line(s, &why);
  if (l < 0) throw InputError("'" + shown_token(s) + "' " + why);
  if (drawn_.test(l)) throw InputError("'" + board_->line_name(l) + "' is already drawn");
  return static_cast<Move>(l);
}

}  // namespace grundy::dots
