#pragma once
// Ultimate Tic-Tac-Toe: a position as bitboards, under either rule set.
//
// Cells are numbered board-major: move m = 9 * b + c is cell c (0-8, row by row) of small board
// b (0-8, row by row). Each player has nine 9-bit masks; two 64-bit words `avail` hold every
// empty cell of every board that can still be played (boards 0-6 in the first word at bit m,
// boards 7-8 in the second at bit m - 63), so a free move is a choice among their set bits and a
// forced move a choice among nine of them, without 128-bit shifts.
//
// Rules (docs/uttt.md):
//   standard  a board is closed once won or full; a won board belongs to its winner, a full
//             board without a line to nobody. Playing cell c sends the opponent to board c; if
//             board c is closed they may play in any open board. Three won boards in a line
//             win; no legal move left is a draw.
//   orlin     (Bertholon et al. 2020) the first line in a board makes it its owner's, for good,
//             but the board stays playable while it has empty cells; a free move only when
//             the target board is full; the game ends on three owned boards in a line or when
//             no empty cell is left.
//   codingame the standard rules, and a game that ends with no line (no legal move left) is won
//             by the player who owns more small boards (equal: a draw): the bot arenas' rule.
//
// Satisfies search::TwoPlayerState; points() is 1 for the player who made the big line.
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "grundy/core/kernel_set.h"
#include "grundy/games/uttt/tables.h"
#include "grundy/search/move_list.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace grundy::uttt {

enum class Rules : std::uint8_t { standard, orlin, codingame };

inline constexpr int kCells = 81;
inline constexpr std::uint8_t kAnyBoard = 9;  // forced_board() when the mover may play anywhere
inline constexpr std::uint16_t kFullBoard = 0x1ff;

// The Zobrist keys (fixed: a hash names a position on every machine and in saved tables).
struct ZobristKeys {
  std::uint64_t cell[2][kCells];
  std::uint64_t owner[2][9];
  std::uint64_t forced[10];
  std::uint64_t turn;
  std::uint64_t orlin;
  std::uint64_t codingame;  // drawn after orlin: every older key keeps its value
};
const ZobristKeys& zobrist();

// The index of the k-th set bit (k from 0) of x: pdep where BMI2 is fast.
inline int select_bit(std::uint64_t x, unsigned k) {
#if defined(__BMI2__)
  return std::countr_zero(_pdep_u64(std::uint64_t{1} << k, x));
#else
  if (active_kernel_set() != KernelSet::scalar) {
    std::uint64_t r;
    asm volatile("pdepq %2, %1, %0" : "=r"(r) : "r"(std::uint64_t{1} << k), "rm"(x));
    return std::countr_zero(r);
  }
  for (; k > 0; --k) x &= x - 1;
  return std::countr_zero(x);
#endif
}

namespace detail {
constexpr std::array<std::uint8_t, kCells> make_board_of() {
  std::array<std::uint8_t, kCells> t{};
  for (int m = 0; m < kCells; ++m) t[m] = static_cast<std::uint8_t>(m / 9);
  return t;
}
// The set cells of each 9-bit mask, listed 4 bits each: cell k of mask e is (kSetCells[e] >>
// 4k) & 15. One load replaces pdep + tzcnt on the playout's critical path.
constexpr std::array<std::uint64_t, 512> make_set_cells() {
  std::array<std::uint64_t, 512> t{};
  for (unsigned e = 0; e < 512; ++e) {
    int k = 0;
    for (unsigned c = 0; c < 9; ++c)
      if ((e >> c) & 1) t[e] |= std::uint64_t{c} << (4 * k++);
  }
  return t;
}
}  // namespace detail
inline constexpr std::array<std::uint8_t, kCells> kBoardOf = detail::make_board_of();
alignas(64) inline constexpr std::array<std::uint64_t, 512> kSetCells = detail::make_set_cells();

class Board {
 public:
  using Move = std::uint8_t;
  static constexpr std::size_t kMaxMoves = kCells;
  static constexpr int kPointScale = 1000;  // alpha-beta: an evaluation is finer than a win
  using Moves = search::MoveList<Move, kMaxMoves>;

  struct Undo {
    std::uint8_t forced;
    std::int8_t winner;
    std::uint16_t open;
    std::uint16_t owned;  // the mover's owned boards before the move
  };

  explicit Board(Rules rules = Rules::standard);

  // --- the TwoPlayerState interface ---
  int to_move() const { return static_cast<int>(turn_); }
  bool is_over() const { return winner_ >= 0 || open_ == 0; }
  void legal_moves(Moves& out) const;
  Undo play(Move m) { return play_impl<true>(kBoardOf[m], m % 9u); }
  void undo(Move m, Undo u);
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;
  int points(int player) const { return winner_ == player ? 1 : 0; }
  bool operator==(const Board&) const = default;
  std::string move_name(Move m) const;
  Move parse_move(std::string_view name) const;  // InputError for anything but a cell name

  // --- queries ---
  Rules rules() const { return rules_; }
  // 0 or 1 for a won game (on a line, or under codingame rules on the tie-break), -1 while the
  // game goes on or after a draw.
  int winner() const { return winner_; }
  // Whether the winner made a line of three boards (false for a tie-break win or no winner).
  bool won_on_line() const { return winner_ >= 0 && has_line(owned_[winner_]); }
  bool is_draw() const { return is_over() && winner_ < 0; }
  // The board the mover must play in, or kAnyBoard.
  int forced_board() const { return static_cast<int>(forced_); }
  std::uint16_t cells(int player, int board) const { return cells_[player][board]; }
  std::uint16_t empty_cells(int board) const {
    return static_cast<std::uint16_t>(~(cells_[0][board] | cells_[1][board]) & kFullBoard);
  }
  // Boards owned (won) by `player`: a bit per board.
  std::uint16_t owned(int player) const { return static_cast<std::uint16_t>(owned_[player]); }
  // Boards that can still be played in (standard, codingame: neither won nor full; orlin: not
  // full).
  std::uint16_t open_boards() const { return static_cast<std::uint16_t>(open_); }
  bool is_legal(Move m) const;
  int stones() const;  // moves played so far
  // A move that wins the game at once, if the mover has one.
  bool winning_move(Move& m) const;

  // Plays m without updating the hash (playouts): hash() is then stale.
  void play_fast(Move m) { play_impl<false>(kBoardOf[m], m % 9u); }
  // One uniformly random legal move without the hash, from 32 random bits; false once the game
  // is over. The hot loop of every random playout.
  bool random_step(std::uint32_t random);
  // Plays uniformly random legal moves to the end of the game (the hash is then stale).
  template <class Rng>
  void random_playout(Rng& rng) {
    if (is_over()) return;
    while (random_step(static_cast<std::uint32_t>(rng()))) {
    }
  }

  // The playout policy of the MCTS engine: a move that wins the game at once if there is one;
  // otherwise a uniformly random move (from the low 32 bits of `random`) among those that do
  // not send the opponent where they can win the game at once (any move if all do). False once
  // the game is over.
  bool policy_step(std::uint64_t random) { return policy_step_impl<false>(random); }
  // The MCTS hooks (search/mcts.h): a playout begins, one move of the playout policy. The
  // same moves as policy_step, with each board's line threats kept move by move from the
  // start of the playout instead of recomputed at every move.
  void mcts_playout_start();
  bool mcts_playout_step(std::uint64_t random) { return policy_step_impl<true>(random); }
  // Boards where `player` could win the game with one move if sent there: open, unowned, a line
  // of the big board away, and with an empty cell completing a line of the player's.
  std::uint16_t game_winning_boards(unsigned player) const;

  // The image of this position under symmetry s of tables.h (applied to boards and cells).
  Board transformed(int s) const;

  // The heuristic evaluation (evaluation.cpp) from the mover's point of view, in thousandths of
  // a win: the alpha-beta engines' horizon value (hook evaluate of alpha_beta.h).
  int evaluate() const;
  // Whether every legal move lets the opponent win the game at once (and the mover cannot win
  // at once): the mover has lost.
  bool loses_at_once() const;
  // Alpha-beta and proof-number hooks (exact values without search): a mover with a winning
  // move has won, one whose every move lets the opponent win has lost; no value is ever
  // larger than one point.
  bool static_value(int& v) const {
    Move m;
    if (winning_move(m)) {
      v = kPointScale;
      return true;
    }
    if (loses_at_once()) {
      v = -kPointScale;
      return true;
    }
    return false;
  }
  int max_remaining() const { return kPointScale; }
  // The number of legal moves (proof-number search: df-pn with mobility).
  int move_count() const {
    if (is_over()) return 0;
    if (forced_ != kAnyBoard) return std::popcount(avail_board(forced_));
    return std::popcount(avail_[0]) + std::popcount(avail_[1]);
  }

 private:
  template <bool kHash, bool kThreats = false>
  Undo play_impl(unsigned b, unsigned c);
  template <bool kCached>
  bool policy_step_impl(std::uint64_t random);
  // The codingame tie-break: the player who owns more boards, -1 when they own as many.
  std::int32_t tie_break_winner() const {
    const int x = std::popcount(owned_[0]), o = std::popcount(owned_[1]);
    return x > o ? 0 : o > x ? 1 : -1;
  }

  // Bits 0-8 (X) and 16-24 (O): boards where the player has a playable cell that completes a
  // line of theirs. Valid from mcts_playout_start() through the mcts_playout_step() calls that
  // follow; other moves leave it stale. A cache, not part of the position: never compared.
  struct ThreatCache {
    std::uint32_t bits = 0;
    bool operator==(const ThreatCache&) const { return true; }
  };
  ThreatCache threats_;
  // Boards 0-6 live in avail_[0] at bit 9b, boards 7-8 in avail_[1] at bit 9b - 63.
  static constexpr std::uint8_t kShift[9] = {0, 9, 18, 27, 36, 45, 54, 0, 9};
  static unsigned word_of(unsigned b) { return b >= 7; }
  std::uint16_t avail_board(unsigned b) const {
    return static_cast<std::uint16_t>((avail_[word_of(b)] >> kShift[b]) & kFullBoard);
  }
  // Whether `player` has a playable cell on board b that completes a line of theirs.
  bool threatens(unsigned player, unsigned b) const {
    return (kCompletingCells[cells_[player][b]] & avail_board(b)) != 0;
  }
  void set_avail_board(unsigned b, std::uint16_t bits) {
    std::uint64_t& w = avail_[word_of(b)];
    w = (w & ~(std::uint64_t{kFullBoard} << kShift[b])) | std::uint64_t{bits} << kShift[b];
  }

  std::uint64_t avail_[2] = {0, 0};
  std::uint64_t hash_ = 0;
  std::uint16_t cells_[2][9] = {};
  std::uint32_t owned_[2] = {0, 0};
  std::uint32_t open_ = kFullBoard;
  std::uint32_t forced_ = kAnyBoard;
  std::uint32_t turn_ = 0;
  std::int32_t winner_ = -1;
  Rules rules_ = Rules::standard;
};

template <bool kHash, bool kThreats>
inline Board::Undo Board::play_impl(unsigned b, unsigned c) {
  const Undo u{static_cast<std::uint8_t>(forced_), static_cast<std::int8_t>(winner_),
               static_cast<std::uint16_t>(open_), static_cast<std::uint16_t>(owned_[turn_])};
  const unsigned me = turn_;
  const std::uint64_t before = avail_board(b);
  avail_[word_of(b)] &= ~(std::uint64_t{1} << (kShift[b] + c));
  // Whether c completes a line: on a board nobody owns, the mover's cells hold no line yet
  // (the first line makes a board its owner's under both rules), so this is has_line(mine),
  // and its table lookup does not wait for c (the playout's critical path).
  const unsigned completes = kCompletingCells[cells_[me][b]];
  const unsigned mine = cells_[me][b] | (1u << c);
  cells_[me][b] = static_cast<std::uint16_t>(mine);
  [[maybe_unused]] unsigned playable = static_cast<unsigned>(before) & ~(1u << c);
  const ZobristKeys* z = nullptr;
  if constexpr (kHash) {
    z = &zobrist();
    hash_ ^= z->cell[me][9 * b + c] ^ z->forced[forced_] ^ z->turn;
  }
  if (((completes >> c) & 1) && !(((owned_[0] | owned_[1]) >> b) & 1)) [[unlikely]] {
    owned_[me] |= 1u << b;
    if constexpr (kHash) hash_ ^= z->owner[me][b];
    if (has_line(owned_[me])) winner_ = static_cast<std::int32_t>(me);
    if (rules_ != Rules::orlin) {
      open_ &= ~(1u << b);
      avail_[word_of(b)] &= ~(std::uint64_t{kFullBoard} << kShift[b]);
      playable = 0;
    }
  }
  if constexpr (kThreats) {
    const unsigned t_me = (kCompletingCells[mine] & playable) != 0;
    const unsigned t_opp = (kCompletingCells[cells_[me ^ 1][b]] & playable) != 0;
    const unsigned shift_me = 16 * me + b, shift_opp = 16 * (me ^ 1) + b;
    threats_.bits = (threats_.bits & ~((1u << shift_me) | (1u << shift_opp))) | t_me << shift_me |
                    t_opp << shift_opp;
  }
  if ((before & ~(1u << c)) == 0) open_ &= ~(1u << b);
  if (open_ == 0 && winner_ < 0 && rules_ == Rules::codingame) [[unlikely]]
    winner_ = tie_break_winner();
  forced_ = ((open_ >> c) & 1) ? c : kAnyBoard;
  turn_ = me ^ 1;
  if constexpr (kHash) hash_ ^= z->forced[forced_];
  return u;
}

inline bool Board::random_step(std::uint32_t random) {
  unsigned b, c;
  if (forced_ != kAnyBoard) {
    b = forced_;
    const std::uint64_t bits = avail_board(b);
    const auto k = static_cast<unsigned>((std::uint64_t{random} * std::popcount(bits)) >> 32);
    c = static_cast<unsigned>(kSetCells[bits] >> (4 * k)) & 15;
  } else {
    const auto nlo = static_cast<unsigned>(std::popcount(avail_[0]));
    const auto n = nlo + static_cast<unsigned>(std::popcount(avail_[1]));
    const auto k = static_cast<unsigned>((std::uint64_t{random} * n) >> 32);
    const bool high = k >= nlo;  // branch-free: either half is as likely
    const unsigned m =
        63u * high + static_cast<unsigned>(select_bit(avail_[high], k - (high ? nlo : 0)));
    b = kBoardOf[m];
    c = m - 9 * b;
  }
  play_impl<false>(b, c);
  return winner_ < 0 && open_ != 0;
}

inline std::uint16_t Board::game_winning_boards(unsigned player) const {
  const unsigned unowned = ~(owned_[0] | owned_[1]) & kFullBoard;
  unsigned boards = kCompletingCells[owned_[player]] & open_ & unowned;
  unsigned result = 0;
  for (; boards; boards &= boards - 1) {
    const auto b = static_cast<unsigned>(std::countr_zero(boards));
    if (threatens(player, b)) result |= 1u << b;
  }
  return static_cast<std::uint16_t>(result);
}

inline void Board::mcts_playout_start() {
  std::uint32_t bits = 0;
  for (unsigned b = 0; b < 9; ++b)
    bits |= static_cast<std::uint32_t>(threatens(0, b)) << b |
            static_cast<std::uint32_t>(threatens(1, b)) << (16 + b);
  threats_.bits = bits;
}

template <bool kCached>
inline bool Board::policy_step_impl(std::uint64_t random) {
  const unsigned me = turn_;
  // A move that wins the game at once.
  unsigned mine_wins, theirs;
  if constexpr (kCached) {
    const unsigned live = open_ & ~(owned_[0] | owned_[1]);
    mine_wins = kCompletingCells[owned_[me]] & live & (threats_.bits >> (16 * me));
    theirs = kCompletingCells[owned_[me ^ 1]] & live & (threats_.bits >> (16 * (me ^ 1)));
  } else {
    mine_wins = game_winning_boards(me);
    theirs = game_winning_boards(me ^ 1);
  }
  if (mine_wins) [[unlikely]] {
    const unsigned boards = forced_ == kAnyBoard ? mine_wins : mine_wins & (1u << forced_);
    if (boards) {
      const auto b = static_cast<unsigned>(std::countr_zero(boards));
      const unsigned cells = kCompletingCells[cells_[me][b]] & avail_board(b);
      play_impl<false, kCached>(b, static_cast<unsigned>(std::countr_zero(cells)));
      return false;
    }
  }
  // Cells that would not hand the opponent a winning move: not a board where they win at once,
  // nor (when they have such a board) a closed board, which would give them a free move.
  const unsigned safe = theirs ? ~theirs & open_ & kFullBoard : kFullBoard;
  const auto r32 = static_cast<std::uint32_t>(random);
  unsigned b, c;
  if (forced_ != kAnyBoard) {
    b = forced_;
    std::uint64_t bits = avail_board(b);
    if (bits & safe) bits &= safe;
    const auto k = static_cast<unsigned>((std::uint64_t{r32} * std::popcount(bits)) >> 32);
    c = static_cast<unsigned>(kSetCells[bits] >> (4 * k)) & 15;
  } else {
    // The safe cells of every board: the 9-bit pattern repeated at each board's offset.
    std::uint64_t lo = avail_[0], hi = avail_[1];
    if (safe != kFullBoard) {
      const std::uint64_t slo = lo & (safe * 0x0040201008040201ull);
      const std::uint64_t shi = hi & (safe * 0x201ull);
      if (slo | shi) {
        lo = slo;
        hi = shi;
      }
    }
    const auto nlo = static_cast<unsigned>(std::popcount(lo));
    const auto n = nlo + static_cast<unsigned>(std::popcount(hi));
    const auto k = static_cast<unsigned>((std::uint64_t{r32} * n) >> 32);
    const bool high = k >= nlo;
    const unsigned m =
        63u * high + static_cast<unsigned>(select_bit(high ? hi : lo, k - (high ? nlo : 0)));
    b = kBoardOf[m];
    c = m - 9 * b;
  }
  play_impl<false, kCached>(b, c);
  return winner_ < 0 && open_ != 0;
}

inline void Board::undo(Move m, Undo u) {
  const ZobristKeys& z = zobrist();
  hash_ ^= z.forced[forced_];
  turn_ ^= 1;
  const unsigned me = turn_;
  const unsigned b = kBoardOf[m];
  const unsigned c = m - 9 * b;
  if (owned_[me] != u.owned) hash_ ^= z.owner[me][b];
  owned_[me] = u.owned;
  winner_ = u.winner;
  open_ = u.open;
  forced_ = u.forced;
  cells_[me][b] = static_cast<std::uint16_t>(cells_[me][b] & ~(1u << c));
  set_avail_board(b, empty_cells(static_cast<int>(b)));
  hash_ ^= z.cell[me][m] ^ z.forced[forced_] ^ z.turn;
}

inline void Board::legal_moves(Moves& out) const {
  out.clear();
  if (winner_ >= 0) return;
  if (forced_ != kAnyBoard) {
    const unsigned base = 9 * forced_;
    for (unsigned e = avail_board(forced_); e; e &= e - 1)
      out.push_back(static_cast<Move>(base + static_cast<unsigned>(std::countr_zero(e))));
    return;
  }
  for (auto lo = avail_[0]; lo; lo &= lo - 1)
    out.push_back(static_cast<Move>(std::countr_zero(lo)));
  for (auto hi = avail_[1]; hi; hi &= hi - 1)
    out.push_back(static_cast<Move>(63 + std::countr_zero(hi)));
}

}  // namespace grundy::uttt
