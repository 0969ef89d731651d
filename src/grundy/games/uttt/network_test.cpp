// The evaluation network's features and incremental evaluation, and the search it guides.
#include "grundy/games/uttt/network.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include <gtest/gtest.h>

#include "grundy/games/uttt/net_search.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/solve.h"
#include "grundy/search/random.h"
#include "grundy/testing/sanitized.h"

namespace grundy::uttt {
namespace {

std::unique_ptr<net::Weights> random_weights(std::uint64_t seed) {
  search::Rng rng(seed);
  auto w = std::make_unique<net::Weights>();
  for (auto& row : w->hidden)
    for (float& x : row) x = static_cast<float>(rng.uniform() - 0.5) * 0.3f;
  for (float& x : w->hidden_bias) x = static_cast<float>(rng.uniform());
  for (float& x : w->output) x = static_cast<float>(rng.uniform() - 0.5) * 2;
  w->output_bias = 0.1f;
  return w;
}

Board played_position(Rules rules, search::Rng& rng, int plies) {
  Board b(rules);
  Board::Moves legal;
  for (int i = 0; i < plies && !b.is_over(); ++i) {
    b.legal_moves(legal);
    b.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return b;
}

constexpr int kLineCells[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                  {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

// The big board's features the long way, for each line of boards: a side's threat at the third
// board of a line whose other two are the side's, when the side can still win that board; a line
// the side can still make when each of its boards is the side's or one the side can still win.
std::uint32_t meta_long_way(const unsigned boards[2], const unsigned alive[2]) {
  std::uint32_t want = 0;
  for (int side = 0; side < 2; ++side)
    for (const auto& line : kLineCells) {
      int own = 0, possible = 0;
      for (int k : line) {
        own += (boards[side] >> k) & 1;
        possible += ((boards[side] | alive[side]) >> k) & 1;
      }
      if (possible == 3) want |= 1u << (18 + side);
      if (own != 2) continue;
      for (int k : line)
        if ((alive[side] >> k) & 1) want |= 1u << (9 * side + k);
    }
  return want;
}

// The threat features of b, counted the long way: for each open board, whether some line holds
// two of a side's stones and no other stone (a threat), and whether some line holds none of the
// other side's (the board can still be won), for each side; then the big board's features.
int threat_count(const Board& b) {
  const auto& lines = kLineCells;
  int count = 0;
  unsigned alive_of[2] = {0, 0};
  for (int k = 0; k < 9; ++k) {
    if (!((b.open_boards() >> k) & 1)) continue;
    for (int side = 0; side < 2; ++side) {
      bool threat = false, alive = false;
      for (const auto& line : lines) {
        int own = 0, other = 0;
        for (int c : line) {
          own += (b.cells(side, k) >> c) & 1;
          other += (b.cells(1 - side, k) >> c) & 1;
        }
        alive = alive || other == 0;
        threat = threat || (other == 0 && own == 2);
      }
      count += threat + alive;
      alive_of[side] |= static_cast<unsigned>(alive) << k;
    }
  }
  const int me = b.to_move();
  const unsigned boards[2] = {b.owned(me), b.owned(1 - me)};
  const unsigned alive[2] = {alive_of[me], alive_of[1 - me]};
  return count + std::popcount(meta_long_way(boards, alive));
}

TEST(UtttNetwork, ThreatFeaturesOfEveryBoardAreTheLongWays) {
  // Every board there is (each cell the mover's, the opponent's or empty), against the lines
  // checked one by one.
  const auto& lines = kLineCells;
  int boards = 0;
  for (unsigned mine = 0; mine < 512; ++mine)
    for (unsigned theirs = 0; theirs < 512; ++theirs) {
      if (mine & theirs) continue;
      ++boards;
      bool closed = (mine | theirs) == 0x1ff;
      unsigned want = 0;
      for (const auto& line : lines) {
        int m = 0, t = 0;
        for (int c : line) {
          m += (mine >> c) & 1;
          t += (theirs >> c) & 1;
        }
        closed = closed || m == 3 || t == 3;
        if (t == 0) want |= (m == 2 ? 1u : 0u) | 4u;
        if (m == 0) want |= (t == 2 ? 2u : 0u) | 8u;
      }
      ASSERT_EQ(net::board_threats(mine, theirs), closed ? 0u : want) << mine << " " << theirs;
    }
  EXPECT_EQ(boards, 19683);
}

TEST(UtttNetwork, ThreatFeaturesSayWhoThreatensAndWhoCanStillWinABoard) {
  // The mover (X) holds a1 and b1 of board a (cells 0 and 1 of board 0), O holds c2 (cell 5):
  // X threatens the top row, O has no two in a line, both can still win board a.
  EXPECT_EQ(net::board_threats(0b000000011, 0b000100000), 1u | 4u | 8u);
  // O blocks the top row with cell 2 and so holds two of the right column (2, 5, 8): O's threat.
  EXPECT_EQ(net::board_threats(0b000000011, 0b000100100), 2u | 4u | 8u);
  // A line of the mover's or a full board: the board is closed, no features.
  EXPECT_EQ(net::board_threats(0b000000111, 0b000011000), 0u);
  EXPECT_EQ(net::board_threats(0b010110001, 0b101001110), 0u);
  // Each side threatens: X the diagonal 0-4-8 (cells 0, 4), O the column 2-5-8 (cells 2, 5).
  EXPECT_EQ(net::board_threats(0b000010001, 0b000100100), 1u | 2u | 4u | 8u);
  // X holds 0, 5, 7 and O holds 1, 3, 4, 8: every line holds an O, and only the diagonal 2-4-6
  // holds no X, with one O: only O can still win the board, and nobody threatens.
  EXPECT_EQ(net::board_threats(0b010100001, 0b100011010), 8u);
}

TEST(UtttNetwork, BigBoardFeaturesAreTheLongWays) {
  // Random big boards: each board the mover's, the opponent's, or open and winnable by either
  // side, both or neither (a closed board without an owner is one that neither can win).
  search::Rng rng(21);
  int threats = 0, lines = 0;
  for (int i = 0; i < (sanitized() ? 20000 : 200000); ++i) {
    unsigned boards[2] = {0, 0}, alive[2] = {0, 0};
    for (int k = 0; k < 9; ++k) {
      const unsigned state = rng.below(6), bit = 1u << k;
      if (state < 2) {
        boards[state] |= bit;
      } else {
        alive[0] |= (state & 1) ? bit : 0;
        alive[1] |= state >= 4 ? bit : 0;
      }
    }
    const std::uint32_t want = meta_long_way(boards, alive);
    ASSERT_EQ(net::meta_features(boards[0], boards[1], alive[0], alive[1]), want)
        << boards[0] << " " << boards[1] << " " << alive[0] << " " << alive[1];
    threats += std::popcount(want & 0x3ffff);
    lines += std::popcount(want >> 18);
  }
  EXPECT_GT(threats, 1000);
  EXPECT_GT(lines, 1000);
}

TEST(UtttNetwork, BigBoardFeaturesSayWhoIsOneBoardFromALine) {
  // The mover owns boards 0 and 1 (a and b), board 2 is open and the mover can still win it:
  // a threat at board 2 and a line still possible; the opponent owns 4 and 8 with 0 the
  // mover's: no threat for it, and no line of boards it owns or can still win.
  EXPECT_EQ(net::meta_features(0b000000011, 0b100010000, 0b000000100, 0b000000100),
            (1u << 2) | (1u << 18));
  // The same with board 2 lost to the mover (only the opponent can win it): no threat; the
  // mover's other lines all need a board of the opponent's or one it cannot win.
  EXPECT_EQ(net::meta_features(0b000000011, 0b100010000, 0, 0b011101100), 1u << 19);
  // Nothing owned and every board winnable by both: both can still make a line.
  EXPECT_EQ(net::meta_features(0, 0, 0x1ff, 0x1ff), (1u << 18) | (1u << 19));
  EXPECT_EQ(net::meta_features(0, 0, 0, 0), 0u);
}

TEST(UtttNetwork, FeaturesFromTheBoardAndFromTheCellsAgreeUnderEverySymmetry) {
  search::Rng rng(12);
  for (int i = 0; i < (sanitized() ? 100 : 1000); ++i) {
    const Board b = played_position(Rules::codingame, rng, static_cast<int>(rng.below(70)));
    if (b.is_over()) continue;
    std::array<std::uint16_t, 9> mine, theirs;
    for (int k = 0; k < 9; ++k) {
      mine[k] = b.cells(b.to_move(), k);
      theirs[k] = b.cells(1 - b.to_move(), k);
    }
    const int forced = b.forced_board() == kAnyBoard ? 9 : b.forced_board();
    for (int s = 0; s < 8; ++s) {
      net::FeatureList from_board, from_cells;
      const int n = net::features(b.transformed(s), from_board);
      ASSERT_EQ(net::features(mine, theirs, forced, s, from_cells), n);
      for (int k = 0; k < n; ++k) {
        ASSERT_EQ(from_board[k], from_cells[k]) << "symmetry " << s;
        ASSERT_LT(from_board[k], net::kInputs);
        if (k > 0) {
          ASSERT_LT(from_board[k - 1], from_board[k]);
        }
      }
      EXPECT_EQ(
          n, b.stones() + std::popcount(static_cast<unsigned>(b.owned(0) | b.owned(1))) +
                 std::popcount(~static_cast<unsigned>(b.open_boards() | b.owned(0) | b.owned(1)) &
                               kFullBoard) +
                 1 + threat_count(b));
    }
  }
}

TEST(UtttNetwork, MovesAreValuedAsTheirPositionsAreAndGameEndsExactly) {
  const auto w = random_weights(3);
  search::Rng rng(4);
  int exact = 0, checked = 0;
  const int positions = sanitized() ? 60 : 600;  // (the sanitizers' build: a tenth)
  for (Rules r : {Rules::standard, Rules::codingame})
    for (int i = 0; i < positions; ++i) {
      const Board b = played_position(r, rng, static_cast<int>(rng.below(75)));
      if (b.is_over()) continue;
      Board::Moves moves;
      b.legal_moves(moves);
      float values[kCells];
      bool is_exact[kCells];
      net::evaluate_moves(b, moves, values, is_exact, *w);
      for (std::size_t k = 0; k < moves.size(); ++k) {
        Board c = b;
        c.play(moves[k]);
        ASSERT_EQ(is_exact[k], c.is_over());
        if (c.is_over()) {
          const float want = c.winner() == b.to_move() ? 1.0f : c.winner() < 0 ? 0.5f : 0.0f;
          EXPECT_EQ(values[k], want);
          ++exact;
        } else {
          // The same sums in another order: equal up to rounding.
          EXPECT_NEAR(values[k], 1.0f - net::evaluate(c, *w), 2e-5f) << format_moves({moves[k]});
        }
        ++checked;
      }
    }
  // Both kinds were seen (in proportion to the positions: 5 game ends in 874 moves under the
  // sanitizers).
  EXPECT_GT(exact, positions / 30);
  EXPECT_GT(checked, positions * 3);
}

TEST(UtttNetwork, TheCompiledInNetworkGivesValuesStrictlyBetweenZeroAndOne) {
  search::Rng rng(5);
  for (int i = 0; i < 200; ++i) {
    const Board b = played_position(Rules::codingame, rng, static_cast<int>(rng.below(60)));
    if (b.is_over()) continue;
    const float v = net::evaluate(b);
    EXPECT_GT(v, 0.0f);
    EXPECT_LT(v, 1.0f);
  }
}

// Searches endgames (at most 16 empty cells) and checks every result the search proves against
// minimax; returns how many of `count` positions it proved.
int proved_endgames(int count, int free_move_plies) {
  const auto w = random_weights(6);
  search::Rng rng(7);
  int proven = 0, positions = 0;
  for (int attempt = 0; attempt < 4000 && positions < count; ++attempt) {
    const Board b = played_position(Rules::codingame, rng, 52 + static_cast<int>(rng.below(16)));
    if (b.is_over() || 81 - b.stones() > 16) continue;
    ++positions;
    NetSearch s(b, {.max_nodes = 1 << 20, .free_move_plies = free_move_plies, .weights = w.get()});
    const auto r = s.search({.iterations = 20000});
    EXPECT_TRUE(r.has_move);
    EXPECT_TRUE(b.is_legal(r.best));
    Board::Move win;
    if (b.winning_move(win)) {
      EXPECT_EQ(r.proven, 1);
      Board c = b;
      c.play(r.best);
      EXPECT_EQ(c.winner(), b.to_move());
    }
    if (r.proven != -2) {
      const int want = minimax_result(b);
      EXPECT_EQ(r.proven, want);
      Board c = b;
      c.play(r.best);
      EXPECT_EQ(-minimax_result(c), want) << "the move keeps the proven result";
      ++proven;
    }
  }
  EXPECT_EQ(positions, count);
  return proven;
}

TEST(UtttNetSearch, TakesAnImmediateWinAndProvesEndgamesLikeMinimax) {
  const int count = sanitized() ? 6 : 40;
  EXPECT_GT(proved_endgames(count, 0), count / 2);
}

TEST(UtttNetSearch, LeavingOutFreeMovesKeepsItsProofsSound) {
  // Every node of these searches leaves out the moves that give a free move: a node is proved
  // only by a winning move then, never by its searched moves alone.
  const int count = sanitized() ? 6 : 40;
  EXPECT_GT(proved_endgames(count, 81), 0);
}

TEST(UtttNetSearch, LeavesOutTheMovesThatGiveAFreeMoveUntilThePlyGiven) {
  const auto w = random_weights(9);
  search::Rng rng(10);
  int checked = 0;
  for (int attempt = 0; attempt < 2000 && checked < (sanitized() ? 5 : 30); ++attempt) {
    const Board b = played_position(Rules::codingame, rng, 20 + static_cast<int>(rng.below(30)));
    if (b.is_over()) continue;
    Board::Moves legal;
    b.legal_moves(legal);
    std::vector<Board::Move> kept;
    for (const Board::Move m : legal) {
      Board c = b;
      c.play(m);
      if (c.is_over() || c.forced_board() != kAnyBoard) kept.push_back(m);
    }
    if (kept.empty() || kept.size() == legal.size()) continue;
    std::sort(kept.begin(), kept.end());
    ++checked;
    for (const int plies : {b.stones(), b.stones() + 1}) {
      NetSearch s(b, {.max_nodes = 1 << 20, .free_move_plies = plies, .weights = w.get()});
      const auto r = s.search({.iterations = 500});
      std::vector<Board::Move> searched;
      for (const auto& m : r.moves) searched.push_back(m.move);
      std::sort(searched.begin(), searched.end());
      // Below the ply given, only the kept moves; from it on, every legal move.
      if (plies > b.stones())
        EXPECT_EQ(searched, kept);
      else
        EXPECT_EQ(searched.size(), legal.size());
    }
  }
  EXPECT_EQ(checked, sanitized() ? 5 : 30);
}

TEST(UtttNetSearch, KnowsWhichMovesGiveAFreeMove) {
  search::Rng rng(12);
  int free = 0, other = 0;
  for (int i = 0; i < 1000; ++i) {  // (10 ms; under the sanitizers 0.1 s)
    const Board b = played_position(Rules::codingame, rng, static_cast<int>(rng.below(70)));
    if (b.is_over()) continue;
    Board::Moves legal;
    b.legal_moves(legal);
    for (const Board::Move m : legal) {
      Board c = b;
      c.play(m);
      if (c.is_over()) continue;
      const bool want = c.forced_board() == kAnyBoard;
      EXPECT_EQ(gives_free_move(b, m), want) << format_moves({m});
      ++(want ? free : other);
    }
  }
  EXPECT_GT(free, 100);
  EXPECT_GT(other, 1000);
}

// The root's visits to moves that give a free move, over positions that have both kinds.
std::uint64_t visits_to_free_moves(double penalty) {
  const auto w = random_weights(13);
  search::Rng rng(14);
  std::uint64_t visits = 0;
  int positions = 0;
  // (Under the sanitizers 4 positions and 1,500 iterations: the 10 and 3,000 of the plain build
  // took 16-20 s there.)
  const int wanted = sanitized() ? 4 : 10;
  const std::uint64_t iterations = sanitized() ? 1500 : 3000;
  for (int attempt = 0; attempt < 2000 && positions < wanted; ++attempt) {
    const Board b = played_position(Rules::codingame, rng, 20 + static_cast<int>(rng.below(30)));
    if (b.is_over()) continue;
    Board::Moves legal;
    b.legal_moves(legal);
    int free = 0;
    for (const Board::Move m : legal) free += gives_free_move(b, m);
    if (free == 0 || free == static_cast<int>(legal.size())) continue;
    ++positions;
    NetSearch s(b, {.max_nodes = 1 << 20, .free_move_penalty = penalty, .weights = w.get()});
    for (const auto& m : s.search({.iterations = iterations}).moves)
      if (gives_free_move(b, m.move)) visits += m.visits;
  }
  EXPECT_EQ(positions, wanted);
  return visits;
}

TEST(UtttNetSearch, AFreeMovePenaltyExploresThoseMovesLess) {
  const std::uint64_t plain = visits_to_free_moves(1.0), penalised = visits_to_free_moves(0.25),
                      none = visits_to_free_moves(0.0);
  EXPECT_LT(penalised, plain);
  EXPECT_LE(none, penalised);
  EXPECT_GT(none, 0u) << "a penalty only lowers exploration: good free moves are still searched";
}

void expect_same_search(const NetSearchResult& a, const NetSearchResult& b) {
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.nodes, b.nodes);
  ASSERT_EQ(a.moves.size(), b.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) EXPECT_EQ(a.moves[i].visits, b.moves[i].visits);
}

TEST(UtttNetSearch, KeepsTheSubtreeOfTheMovePlayedAndIsReproducible) {
  const auto w = random_weights(8);
  const Board start = play_moves("e5 e4", Rules::codingame);
  NetSearch a(start, {.weights = w.get()}), b(start, {.weights = w.get()});
  const auto ra = a.search({.iterations = 3000});
  expect_same_search(ra, b.search({.iterations = 3000}));
  const std::uint32_t kept_visits = ra.moves[0].visits;
  a.advance(ra.moves[0].move);
  Board next = start;
  next.play(ra.moves[0].move);
  EXPECT_TRUE(a.root() == next);
  const auto again = a.search({.iterations = 1});
  std::uint64_t total = 0;
  for (const auto& m : again.moves) total += m.visits;
  // The kept subtree's visits are all there (one more iteration at most on top).
  EXPECT_GE(total + 1, kept_visits);
  EXPECT_LE(total, kept_visits + 1);
  EXPECT_GT(again.nodes, 1000u);
}

TEST(UtttNetSearch, CompactingBetweenTurnsChangesNoChoice) {
  // b compacts its tree between turns (idle_step, past a quarter of the pool), a only when a
  // search starts past one half: the same moves and visits every turn.
  // (Under the sanitizers a pool and searches a quarter the size: 22 s there otherwise.)
  const auto w = random_weights(15);
  const Board start = play_moves("e5 e4", Rules::codingame);
  const std::size_t pool = sanitized() ? 1 << 16 : 1 << 18;
  const std::uint64_t iterations = sanitized() ? 1000 : 4000;
  NetSearch a(start, {.max_nodes = pool, .weights = w.get()});
  NetSearch b(start, {.max_nodes = pool, .weights = w.get()});
  int smaller = 0;  // turns on which b's pool held fewer nodes: it had compacted
  for (int turn = 0; turn < 12 && !a.root().is_over(); ++turn) {
    const auto ra = a.search({.iterations = iterations}), rb = b.search({.iterations = iterations});
    EXPECT_EQ(ra.best, rb.best);
    ASSERT_EQ(ra.moves.size(), rb.moves.size());
    for (std::size_t i = 0; i < ra.moves.size(); ++i)
      EXPECT_EQ(ra.moves[i].visits, rb.moves[i].visits);
    smaller += rb.nodes < ra.nodes;
    a.advance(ra.best);
    b.advance(ra.best);
    int steps = 0;
    while (b.idle_step()) ASSERT_LT(++steps, 100);
  }
  EXPECT_GT(smaller, 0);
}

TEST(UtttNetSearch, BackingMemoryBetweenSearchesChangesNothing) {
  const auto w = random_weights(11);
  const Board start = play_moves("e5 e4", Rules::codingame);
  NetSearch a(start, {.max_nodes = 1 << 18, .weights = w.get()});
  NetSearch b(start, {.max_nodes = 1 << 18, .weights = w.get()});
  int steps = 0;
  while (b.prefault_step()) ++steps;  // (two pools of 5 MiB: a few 2-MiB steps)
  EXPECT_GE(steps, 2);
  for (int turn = 0; turn < 6; ++turn) {
    const std::uint64_t iterations = sanitized() ? 1500 : 4000;  // (11 s there)
    const auto ra = a.search({.iterations = iterations});
    expect_same_search(ra, b.search({.iterations = iterations}));
    a.advance(ra.best);
    b.advance(ra.best);
    for (int k = 0; k < 3; ++k) b.prefault_step();
    if (a.root().is_over()) break;
  }
}

}  // namespace
}  // namespace grundy::uttt
