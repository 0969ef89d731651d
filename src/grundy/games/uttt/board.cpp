#include "grundy/games/uttt/board.h"

#include "grundy/core/error.h"

namespace grundy::uttt {
namespace {

ZobristKeys make_keys() {
  ZobristKeys z{};
  std::uint64_t x = 0x75747474u;  // "uttt": fixed, so hashes are the same everywhere
  auto next = [&x] {
    std::uint64_t v = (x += 0x9e3779b97f4a7c15ull);
    v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ull;
    v = (v ^ (v >> 27)) * 0x94d049bb133111ebull;
    return v ^ (v >> 31);
  };
  for (auto& player : z.cell)
    for (auto& k : player) k = next();
  for (auto& player : z.owner)
    for (auto& k : player) k = next();
  for (auto& k : z.forced) k = next();
  z.turn = next();
  z.orlin = next();
  z.codingame = next();
  return z;
}

const ZobristKeys kKeys = make_keys();

}  // namespace

const ZobristKeys& zobrist() {
  return kKeys;
}

Board::Board(Rules rules) : rules_(rules) {
  avail_[0] = ~std::uint64_t{0} >> 1;
  avail_[1] = (std::uint64_t{1} << 18) - 1;
  hash_ = compute_hash();
}

std::uint64_t Board::compute_hash() const {
  const ZobristKeys& z = zobrist();
  std::uint64_t h = z.forced[forced_];
  if (turn_) h ^= z.turn;
  if (rules_ == Rules::orlin) h ^= z.orlin;
  if (rules_ == Rules::codingame) h ^= z.codingame;
  for (int p = 0; p < 2; ++p)
    for (unsigned b = 0; b < 9; ++b) {
      for (unsigned bits = cells_[p][b]; bits; bits &= bits - 1)
        h ^= z.cell[p][9 * b + static_cast<unsigned>(std::countr_zero(bits))];
      if ((owned_[p] >> b) & 1) h ^= z.owner[p][b];
    }
  return h;
}

std::string Board::move_name(Move m) const {
  const int b = m / 9, c = m % 9;
  const int column = (b % 3) * 3 + c % 3;
  const int row = (b / 3) * 3 + c / 3;
  return {static_cast<char>('a' + column), static_cast<char>('1' + row)};
}

Board::Move Board::parse_move(std::string_view name) const {
  if (name.size() == 2) {
    char col = name[0];
    if (col >= 'A' && col <= 'I') col = static_cast<char>(col - 'A' + 'a');
    const char row = name[1];
    if (col >= 'a' && col <= 'i' && row >= '1' && row <= '9') {
      const int x = col - 'a', y = row - '1';
      return static_cast<Move>(9 * ((y / 3) * 3 + x / 3) + (y % 3) * 3 + x % 3);
    }
  }
  throw InputError("unknown move '" + std::string(name) +
                   "': a cell is a column a-i and a row 1-9, e.g. e5");
}

bool Board::is_legal(Move m) const {
  if (m >= kCells || winner_ >= 0) return false;
  if (forced_ != kAnyBoard && kBoardOf[m] != forced_) return false;
  return (avail_board(kBoardOf[m]) >> (m % 9u)) & 1;
}

int Board::stones() const {
  int n = 0;
  for (int p = 0; p < 2; ++p)
    for (int b = 0; b < 9; ++b) n += std::popcount(static_cast<unsigned>(cells_[p][b]));
  return n;
}

bool Board::winning_move(Move& m) const {
  if (is_over()) return false;
  const unsigned me = turn_;
  const unsigned unowned = ~(owned_[0] | owned_[1]) & kFullBoard;
  unsigned boards = kCompletingCells[owned_[me]] & open_ & unowned;
  if (forced_ != kAnyBoard) boards &= 1u << forced_;
  for (; boards; boards &= boards - 1) {
    const auto b = static_cast<unsigned>(std::countr_zero(boards));
    const unsigned cells = kCompletingCells[cells_[me][b]] & avail_board(b);
    if (cells) {
      m = static_cast<Move>(9 * b + static_cast<unsigned>(std::countr_zero(cells)));
      return true;
    }
  }
  return false;
}

bool Board::loses_at_once() const {
  if (is_over() || game_winning_boards(turn_ ^ 1) == 0) return false;
  Move m;
  if (winning_move(m)) return false;
  Moves moves;
  legal_moves(moves);
  for (const Move mv : moves) {
    Board next = *this;
    next.play_fast(mv);
    if (next.is_over() || !next.winning_move(m)) return false;
  }
  return true;
}

Board Board::transformed(int s) const {
  const auto& sigma = kSymmetry[s];
  Board t(rules_);
  t.avail_[0] = t.avail_[1] = 0;
  t.open_ = 0;
  t.owned_[0] = t.owned_[1] = 0;
  for (unsigned b = 0; b < 9; ++b) {
    const unsigned tb = sigma[b];
    for (int p = 0; p < 2; ++p) {
      unsigned bits = 0;
      for (unsigned c = 0; c < 9; ++c)
        if ((cells_[p][b] >> c) & 1) bits |= 1u << sigma[c];
      t.cells_[p][tb] = static_cast<std::uint16_t>(bits);
      if ((owned_[p] >> b) & 1) t.owned_[p] |= 1u << tb;
    }
    if ((open_ >> b) & 1) t.open_ |= 1u << tb;
  }
  for (unsigned b = 0; b < 9; ++b)
    if ((t.open_ >> b) & 1) t.set_avail_board(b, t.empty_cells(static_cast<int>(b)));
  t.forced_ = forced_ == kAnyBoard ? kAnyBoard : sigma[forced_];
  t.turn_ = turn_;
  t.winner_ = winner_;
  t.hash_ = t.compute_hash();
  return t;
}

}  // namespace grundy::uttt
