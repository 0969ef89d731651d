#include "grundy/search/transposition_table.h"

#include <cstdlib>
#include <fstream>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/search/random.h"

namespace grundy::search {
namespace {

TTEntry entry(int lower, int upper, std::uint16_t move, std::uint8_t depth) {
  TTEntry e;
  e.lower = static_cast<std::int16_t>(lower);
  e.upper = static_cast<std::int16_t>(upper);
  e.move = move;
  e.depth = depth;
  return e;
}

// Free 1 GiB pages in the machine's pool (0 without one).
long free_giant_pages() {
  std::ifstream f("/sys/kernel/mm/hugepages/hugepages-1048576kB/free_hugepages");
  long n = 0;
  return f >> n ? n : 0;
}

// A table of 1 GiB or more takes 1 GiB pages when the pool has them, and ordinary pages
// otherwise (CI has no pool: the fallback), or when GRUNDY_NO_GIANT_PAGES asks; it works the
// same either way, to its last bucket, and clear() empties it.
TEST(TranspositionTable, ABigTableTakesGiantPagesWhenThePoolHasThemAndWorksEitherWay) {
  const std::size_t gib = std::size_t{1} << 30;
  const long pool = free_giant_pages();
  for (const bool refuse : {false, true}) {
    if (refuse)
      ::setenv("GRUNDY_NO_GIANT_PAGES", "1", 1);
    else
      ::unsetenv("GRUNDY_NO_GIANT_PAGES");
    TranspositionTable tt(gib + (gib >> 1));  // 1.5 GiB: two giant pages when they are there
    EXPECT_EQ(tt.giant_pages(), !refuse && pool >= 2) << "free 1 GiB pages: " << pool;
    EXPECT_EQ(tt.bytes(), gib + (gib >> 1));
    // Keys spread over the whole table, the last bucket included.
    TTEntry e;
    std::size_t stored = 0;
    for (std::uint64_t k = 1; k < 4000; ++k) {
      tt.store(k * 0x9e3779b97f4a7c15ull, entry(static_cast<int>(k % 100), 100, 1, 3));
      ++stored;
    }
    std::size_t found = 0;
    for (std::uint64_t k = 1; k < 4000; ++k)
      if (tt.probe(k * 0x9e3779b97f4a7c15ull, e) && e.lower == static_cast<int>(k % 100)) ++found;
    EXPECT_EQ(found, stored);
    tt.clear();
    EXPECT_FALSE(tt.probe(0x9e3779b97f4a7c15ull, e));
  }
  ::unsetenv("GRUNDY_NO_GIANT_PAGES");
}

TEST(TranspositionTable, StoresAndFindsEveryFieldIncludingAnAllZeroEntry) {
  TranspositionTable tt(1 << 16);
  TTEntry e;
  EXPECT_FALSE(tt.probe(42, e));
  tt.store(42, entry(0, 0, 0, 0));  // packs to zero but for the valid bit
  ASSERT_TRUE(tt.probe(42, e));
  EXPECT_EQ(e.lower, 0);
  EXPECT_EQ(e.move, 0);
  tt.store(7, entry(-32000, 31999, 0xfffe, TranspositionTable::kExactDepth));
  ASSERT_TRUE(tt.probe(7, e));
  EXPECT_EQ(e.lower, -32000);
  EXPECT_EQ(e.upper, 31999);
  EXPECT_EQ(e.move, 0xfffe);
  EXPECT_EQ(e.depth, TranspositionTable::kExactDepth);
}

TEST(TranspositionTable, SameDepthIntersectsBoundsDeeperWins) {
  TranspositionTable tt(1 << 16);
  tt.store(5, entry(-3, 10, 1, 9));
  tt.store(5, entry(-10, 4, TranspositionTable::kNoMove, 9));  // same depth: [-3, 4], move kept
  TTEntry e;
  ASSERT_TRUE(tt.probe(5, e));
  EXPECT_EQ(e.lower, -3);
  EXPECT_EQ(e.upper, 4);
  EXPECT_EQ(e.move, 1);
  tt.store(5, entry(-100, 100, 2, 3));  // shallower: ignored
  ASSERT_TRUE(tt.probe(5, e));
  EXPECT_EQ(e.upper, 4);
  tt.store(5, entry(2, 2, 3, 12));  // deeper: replaces
  ASSERT_TRUE(tt.probe(5, e));
  EXPECT_EQ(e.lower, 2);
  EXPECT_EQ(e.depth, 12);
}

TEST(TranspositionTable, AFullTableKeepsTheDeepestAndNeverReturnsAWrongKey) {
  TranspositionTable tt(64 * 16);  // 16 buckets of 4
  Rng rng(3);
  for (std::uint64_t k = 1; k <= 5000; ++k)
    tt.store(k * 0x9e3779b97f4a7c15ull, entry(static_cast<int>(k % 100), static_cast<int>(k % 100),
                                              static_cast<std::uint16_t>(k), k % 7 == 0 ? 50 : 1));
  EXPECT_EQ(tt.permille_full(), 1000);
  int deep = 0, found = 0;
  for (std::uint64_t k = 1; k <= 5000; ++k) {
    TTEntry e;
    if (!tt.probe(k * 0x9e3779b97f4a7c15ull, e)) continue;
    ++found;
    EXPECT_EQ(e.move, static_cast<std::uint16_t>(k));
    EXPECT_EQ(e.lower, static_cast<int>(k % 100));
    deep += e.depth == 50;
  }
  EXPECT_EQ(found, 64);
  EXPECT_GT(deep, 48);  // deep entries are what replacement protects
  tt.clear();
  EXPECT_EQ(tt.permille_full(), 0);
}

// A compact table (eight 8-byte entries a bucket) is chosen when every key's high part fits.
TEST(TranspositionTable, ACompactTableIsChosenOnlyWhenTheKeysFit) {
  const std::size_t bytes = std::size_t{1} << 20;  // 2^14 buckets
  EXPECT_FALSE(TranspositionTable(bytes).compact());
  EXPECT_FALSE(TranspositionTable(bytes, 64).compact());
  EXPECT_TRUE(TranspositionTable(bytes, 46).compact());   // high part below 2^32
  EXPECT_FALSE(TranspositionTable(bytes, 47).compact());  // 2^33 - 1 after the split
  EXPECT_TRUE(TranspositionTable(64, 32).compact());      // one bucket: high = key
  EXPECT_FALSE(TranspositionTable(64, 33).compact());
  TranspositionTable tt(bytes, 40);
  EXPECT_EQ(tt.entry_count(), 2 * TranspositionTable(bytes).entry_count());
}

// What a compact entry holds: exact entries only; the unbounded sides, the move (or none),
// the weight; bounds outside [-126, 126] stored weaker, moves of 127 or more as none; keys
// at or above 2^key_bits neither stored nor found.
TEST(TranspositionTable, ACompactEntryKeepsWhatTheSearchNeedsAndWeakensTheRest) {
  TranspositionTable tt(std::size_t{1} << 16, 40);
  ASSERT_TRUE(tt.compact());
  const int inf = TranspositionTable::kUnbounded;
  const auto exact = TranspositionTable::kExactDepth;
  TTEntry e;
  auto stored = [&](std::uint64_t key, TTEntry in) {
    tt.store(key, in);
    return tt.probe(key, e);
  };
  TTEntry in = entry(-inf, 7, 12, exact);
  in.weight = 29;
  ASSERT_TRUE(stored(5, in));
  EXPECT_EQ(e.lower, -inf);
  EXPECT_EQ(e.upper, 7);
  EXPECT_EQ(e.move, 12);
  EXPECT_EQ(e.depth, exact);
  EXPECT_EQ(e.weight, 29);
  ASSERT_TRUE(stored(6, entry(-126, inf, TranspositionTable::kNoMove, exact)));
  EXPECT_EQ(e.lower, -126);
  EXPECT_EQ(e.upper, inf);
  EXPECT_EQ(e.move, TranspositionTable::kNoMove);
  ASSERT_TRUE(stored(7, entry(300, 400, 126, exact)));  // both weaker, still sound
  EXPECT_EQ(e.lower, 126);
  EXPECT_EQ(e.upper, inf);
  EXPECT_EQ(e.move, 126);
  ASSERT_TRUE(stored(8, entry(-400, -300, 127, exact)));
  EXPECT_EQ(e.lower, -inf);
  EXPECT_EQ(e.upper, -127);
  EXPECT_EQ(e.move, TranspositionTable::kNoMove);
  EXPECT_FALSE(stored(9, entry(1, 1, 0, 20)));  // limited depth: not kept
  EXPECT_FALSE(stored(std::uint64_t{1} << 40, entry(1, 1, 0, exact)));
  // The same key again: bounds intersected, the move kept when the new entry has none.
  ASSERT_TRUE(stored(5, entry(-3, 9, TranspositionTable::kNoMove, exact)));
  EXPECT_EQ(e.lower, -3);
  EXPECT_EQ(e.upper, 7);
  EXPECT_EQ(e.move, 12);
}

// A full compact table: a hit is always the key's own entry, for_each gives back the very keys
// stored (each key is rebuilt from its bucket and its high part), and clear() empties it.
TEST(TranspositionTable, AFullCompactTableNeverReturnsAWrongKeyAndListsItsKeys) {
  for (const std::size_t buckets : {std::size_t{1}, std::size_t{3}, std::size_t{37}}) {
    TranspositionTable tt(64 * buckets, 30);
    ASSERT_TRUE(tt.compact());
    Rng rng(4);
    std::vector<std::uint64_t> keys;
    for (int i = 0; i < 3000; ++i) keys.push_back(rng() & ((std::uint64_t{1} << 30) - 1));
    const auto value = [](std::uint64_t k) { return static_cast<int>(k % 201) - 100; };
    for (const auto k : keys) {
      TTEntry in = entry(value(k), value(k), static_cast<std::uint16_t>(k % 127),
                         TranspositionTable::kExactDepth);
      in.weight = static_cast<std::uint8_t>(k % 32);
      tt.store(k, in);
    }
    EXPECT_EQ(tt.permille_full(), 1000);
    std::size_t found = 0;
    for (const auto k : keys) {
      TTEntry e;
      if (!tt.probe(k, e)) continue;
      ++found;
      EXPECT_EQ(e.lower, value(k)) << k;
      EXPECT_EQ(e.move, k % 127) << k;
    }
    EXPECT_GE(found, 8 * buckets);
    std::size_t listed = 0;
    tt.for_each([&](std::uint64_t k, const TTEntry& e) {
      ++listed;
      EXPECT_LT(k, std::uint64_t{1} << 30);
      EXPECT_EQ(e.lower, value(k)) << k;
      EXPECT_EQ(e.move, k % 127) << k;
      TTEntry again;
      EXPECT_TRUE(tt.probe(k, again)) << k;
    });
    EXPECT_EQ(listed, 8 * buckets);
    tt.clear();
    EXPECT_EQ(tt.permille_full(), 0);
  }
}

}  // namespace
}  // namespace grundy::search
