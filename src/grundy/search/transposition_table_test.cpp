#include "grundy/search/transposition_table.h"

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
