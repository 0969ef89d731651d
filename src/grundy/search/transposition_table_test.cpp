#include "grundy/search/transposition_table.h"

#include <cstdlib>
#include <fstream>

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

}  // namespace
}  // namespace grundy::search
