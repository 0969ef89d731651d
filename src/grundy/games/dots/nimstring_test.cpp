#include "grundy/games/dots/nimstring.h"

#include <gtest/gtest.h>

#include <atomic>

#include "grundy/core/error.h"
#include "grundy/games/dots/endgame.h"
#include "grundy/games/dots/state.h"
#include "grundy/games/dots/testing/brute.h"
#include "grundy/search/random.h"
#include "grundy/testing/sanitized.h"

namespace grundy::dots {
namespace {

// A chain of n coins with both ends on the ground: n + 1 strings.
Coins chain(int n) {
  Coins g;
  int prev = kGround;
  for (int i = 0; i < n; ++i) {
    const int c = g.add_coin();
    g.add_string(prev, c);
    prev = c;
  }
  g.add_string(prev, kGround);
  return g;
}

Coins loop(int n) {
  Coins g;
  for (int i = 0; i < n; ++i) g.add_coin();
  for (int i = 0; i < n; ++i) g.add_string(i, (i + 1) % n);
  return g;
}

TEST(Nimstring, IsolatedChainsAndLoops) {
  // Short chains are worth *1; a long chain (3 or more) or a loop is worth 0: every move into
  // it is loony.
  for (int n = 1; n <= 8; ++n) {
    const Coins g = chain(n);
    Nimstring nim(g);
    EXPECT_EQ(nim.value(g.all()).to_string(), n <= 2 ? "*1" : "0") << "chain of " << n;
  }
  for (int n = 4; n <= 8; ++n) {
    const Coins g = loop(n);
    Nimstring nim(g);
    EXPECT_EQ(nim.value(g.all()).to_string(), "0") << "loop of " << n;
  }
  // Opening a long chain at its end offers it: the position is loony.
  const Coins g = chain(3);
  Nimstring nim(g);
  EXPECT_TRUE(nim.value(g.all() & ~std::uint64_t{1}).loony);
  // A 2-chain opened at its end is loony too (take both, or decline with a double-deal) ...
  const Coins two = chain(2);
  Nimstring nim2(two);
  EXPECT_TRUE(nim2.value(two.all() & ~std::uint64_t{1}).loony);
  // ... but opened in the middle it is two single coins to take: worth 0 afterwards.
  EXPECT_EQ(nim2.value(two.all() & ~std::uint64_t{2}).to_string(), "0");
}

TEST(Nimstring, SumsOfComponentsAddAsNim) {
  // Two isolated short chains: *1 + *1 = 0; with a long chain added: still 0.
  Coins g;
  for (int k : {1, 2, 5}) {
    int prev = kGround;
    for (int i = 0; i < k; ++i) {
      const int c = g.add_coin();
      g.add_string(prev, c);
      prev = c;
    }
    g.add_string(prev, kGround);
  }
  Nimstring nim(g);
  EXPECT_EQ(nim.value(g.all()).to_string(), "0");
  testing::BruteNimstring brute(g);
  EXPECT_EQ(brute.value(g.all()), 0);
}

TEST(Nimstring, EqualsPlainSearchOnRandomPositions) {
  search::Rng rng(77);
  int loony = 0, nonzero = 0, checked = 0;
  const int per_board = sanitized() ? 150 : 400;  // (10 s there)
  for (auto [r, c] : {std::pair{2, 2}, {2, 3}, {3, 3}, {1, 6}}) {
    const Board& b = Board::get(r, c);
    for (int i = 0; i < per_board; ++i) {
      // A random position with 6..14 undrawn lines.
      const int undrawn = 6 + static_cast<int>(rng.below(9));
      std::vector<int> lines(static_cast<std::size_t>(b.lines()));
      for (int l = 0; l < b.lines(); ++l) lines[l] = l;
      for (int k = b.lines() - 1; k > 0; --k)
        std::swap(lines[k], lines[rng.below(static_cast<std::uint32_t>(k + 1))]);
      lines.resize(static_cast<std::size_t>(std::max(0, b.lines() - undrawn)));
      const DotsState s = DotsState::after(b, lines);
      const Coins g = Coins::of(s);
      Nimstring nim(g);
      testing::BruteNimstring brute(g);
      const NimstringValue v = nim.value(g.all());
      const int want = brute.value(g.all(), 16);
      ASSERT_EQ(v.loony ? -1 : static_cast<int>(v.nimber), want)
          << b.size_name() << " after " << lines.size() << " lines";
      loony += v.loony;
      nonzero += !v.loony && v.nimber > 0;
      ++checked;
    }
  }
  EXPECT_GT(loony, per_board / 8);  // the cases of interest all occur
  EXPECT_GT(nonzero, per_board * 3 / 4);
  EXPECT_EQ(checked, 4 * per_board);
}

TEST(Nimstring, StopsWhenAskedInsteadOfSearchingOn) {
  // The empty 5x4 board has far more than a million component positions; with the stop flag set
  // the search gives up after at most 1,024 evaluations (a server's budget relies on this).
  const DotsState s = DotsState::after(Board::get(5, 4), std::vector<int>{});
  const Coins g = Coins::of(s);
  const std::atomic<bool> stop{true};
  Nimstring nim(g, std::size_t{1} << 30, &stop);
  EXPECT_THROW(nim.value(g.all()), LimitError);
  EXPECT_LE(nim.positions(), 1024u);
  // Without the flag, a small board is still evaluated in full.
  const DotsState small = DotsState::after(Board::get(1, 3), std::vector<int>{});
  const Coins h = Coins::of(small);
  const std::atomic<bool> go{false};
  Nimstring full(h, std::size_t{1} << 30, &go);
  EXPECT_FALSE(full.value(h.all()).loony);
}

TEST(SimpleEndgame, ValuesFromTheRecursion) {
  EXPECT_EQ(simple_endgame_value({}, {}), 0);
  EXPECT_EQ(simple_endgame_value({3}, {}), -3);     // open it, the opponent takes 3
  EXPECT_EQ(simple_endgame_value({3, 3}, {}), -2);  // 3+3: the controller gets 4 of 6
  // Chain of 4 and loop of 4: open the loop; taking it (4) means opening the chain (-4),
  // declining it hands 4 back (0 - 4 + 4): 0 either way. Opening the chain first loses 4.
  EXPECT_EQ(simple_endgame_value({4}, {4}), 0);
  EXPECT_EQ(simple_endgame_value({1, 1}, {}), 0);
  EXPECT_EQ(controlled_value({3, 3}, {}), 2);
}

}  // namespace
}  // namespace grundy::dots
