#include "grundy/games/dots/checkpoint.h"

#include <unistd.h>

#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "grundy/games/dots/solver.h"

namespace grundy::dots {
namespace {

std::string temp_path(const char* name) {
  return ::testing::TempDir() + name + "." + std::to_string(::getpid());
}

search::TTEntry solved(int weight) {
  search::TTEntry e;
  e.depth = search::TranspositionTable::kExactDepth;
  e.weight = static_cast<std::uint8_t>(weight);
  return e;
}

// Entries of weight w: 2^(8 - w) of them for w = 1..8, so that the weights from w up hold
// 2^(9 - w) - 1. The least weight under a budget keeps as many as fit; entries searched to a
// depth (not solved) never count.
TEST(DotsCheckpoint, TheWeightKeptIsTheLeastThatFitsTheBudget) {
  search::TranspositionTable tt(std::size_t{1} << 20);
  std::uint64_t key = 1;
  for (int w = 1; w <= 8; ++w)
    for (int i = 0; i < (1 << (8 - w)); ++i) tt.store(key++ * 0x9e3779b97f4a7c15ull, solved(w));
  search::TTEntry shallow = solved(8);
  shallow.depth = 3;
  for (int i = 0; i < 1000; ++i) tt.store(key++ * 0x9e3779b97f4a7c15ull, shallow);
  EXPECT_EQ(checkpoint_weight(tt, 255), 1);  // all 255 fit
  EXPECT_EQ(checkpoint_weight(tt, 254), 2);  // 127 from weight 2 up
  EXPECT_EQ(checkpoint_weight(tt, 127), 2);
  EXPECT_EQ(checkpoint_weight(tt, 126), 3);
  EXPECT_EQ(checkpoint_weight(tt, 1), 8);
  EXPECT_EQ(checkpoint_weight(tt, 0), 9);  // nothing fits: keep nothing
  EXPECT_EQ(default_checkpoint_entries(tt), (tt.bucket_count() * 4) / 8);
}

// A solve stopped half-way and resumed from its checkpoint ends with the fresh solve's answer,
// and (with the default choice of entries) searches about the nodes the fresh solve had left:
// what the file drops is searched again. Keeping only the heaviest entries, as before, cost a
// resume 1.5-2.6x the nodes left on 4x5 mid-games (docs/benchmarks.md).
TEST(DotsCheckpoint, AResumeEndsWithTheSameAnswerForLittleMoreThanTheNodesLeft) {
  for (const char* moves : {"", "b2b3 c2c3"}) {
    SCOPED_TRACE(std::string("3x3 after '") + moves + "'");
    const Board& b = Board::get(3, 3);
    const DotsState s = DotsState::after(b, b.parse_lines(moves));
    SolveOptions o;
    o.table_bytes = std::size_t{4} << 20;
    o.threads = 1;
    o.best_moves = false;
    const SolveResult fresh = solve(s, o);
    ASSERT_TRUE(fresh.complete);
    ASSERT_FALSE(fresh.best.empty());

    const std::string path = temp_path("dots_resume.ckpt");
    std::remove(path.c_str());
    o.checkpoint = path;
    o.max_nodes = fresh.nodes / 2;
    const SolveResult first = solve(s, o);
    ASSERT_FALSE(first.complete);
    ASSERT_TRUE(first.checkpoint_saved);
    o.max_nodes = 0;
    o.resume = true;
    const SolveResult second = solve(s, o);
    ASSERT_TRUE(second.complete);
    EXPECT_TRUE(second.resumed);
    EXPECT_EQ(second.value, fresh.value);
    EXPECT_EQ(second.best, fresh.best);
    EXPECT_LE(first.nodes + second.nodes, fresh.nodes + fresh.nodes / 10)
        << "fresh " << fresh.nodes << ", stopped after " << first.nodes << ", resumed "
        << second.nodes;
    EXPECT_NE(::access(path.c_str(), F_OK), 0);  // a finished solve deletes its checkpoint
  }
}

}  // namespace
}  // namespace grundy::dots
