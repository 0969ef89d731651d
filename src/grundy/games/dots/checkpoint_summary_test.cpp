#include "grundy/games/dots/checkpoint_summary.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/dots/solver.h"

namespace grundy::dots::summary_test {
namespace {

std::string temp_path(const char* name) {
  return ::testing::TempDir() + name + "." + std::to_string(::getpid());
}

std::uint64_t key_of(int i) {
  return static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ull;
}

SolveCheckpoint header_3x3() {
  const DotsState s(Board::get(3, 3));
  return {3, 3, s.drawn_lines(), s.to_move(), -2, 7, 4242, 12.5, 0};
}

// 2^(8 - w) entries of weight w for w = 1..8 (255 in all), entry i of weight w with fields
// derived from i, written as a solve would write them.
void write_weighted(const std::string& path) {
  CheckpointWriter out(path, header_3x3());
  int i = 0;
  for (int w = 1; w <= 8; ++w)
    for (int j = 0; j < (1 << (8 - w)); ++j, ++i) {
      search::TTEntry e;
      e.depth = search::TranspositionTable::kExactDepth;
      e.weight = static_cast<std::uint8_t>(w);
      e.lower = static_cast<std::int16_t>(-(i % 5));
      e.upper = static_cast<std::int16_t>(i % 7);
      e.move = static_cast<std::uint16_t>(i % 24);
      out.add(key_of(i), e);
    }
  ASSERT_EQ(out.commit(), 255u);
}

TEST(DotsCheckpointSummary, CountsEveryEntryByWeight) {
  const std::string path = temp_path("summary.ckpt");
  write_weighted(path);
  const auto s = summarize_checkpoint(path);
  EXPECT_EQ(s.header.rows, 3);
  EXPECT_EQ(s.header.lower, -2);
  EXPECT_EQ(s.header.upper, 7);
  EXPECT_EQ(s.header.nodes, 4242u);
  EXPECT_EQ(s.header.entries, 255u);
  EXPECT_EQ(s.by_weight[0], 0u);
  for (int w = 1; w <= 8; ++w) EXPECT_EQ(s.by_weight[w], 1u << (8 - w)) << w;
  EXPECT_EQ(s.by_weight[9], 0u);
  std::remove(path.c_str());
}

// A copy keeps exactly the entries of the least weight that fits, every field as it was, and
// the header; the copy may replace its source.
TEST(DotsCheckpointSummary, AShrunkCopyKeepsTheHeaviestEntriesAsTheyWere) {
  const std::string path = temp_path("shrink_in.ckpt");
  const std::string small = temp_path("shrink_out.ckpt");
  write_weighted(path);
  for (const auto& [budget, weight, kept] :
       {std::tuple{255u, 1, 255u}, {254u, 2, 127u}, {127u, 2, 127u}, {126u, 3, 63u}, {1u, 8, 1u}}) {
    SCOPED_TRACE(budget);
    const auto r = shrink_checkpoint(path, small, budget);
    EXPECT_EQ(r.weight, weight);
    EXPECT_EQ(r.kept, kept);
    EXPECT_EQ(r.before.header.entries, 255u);
    const auto s = summarize_checkpoint(small);
    EXPECT_EQ(s.header.entries, kept);
    for (int w = 1; w <= 8; ++w) EXPECT_EQ(s.by_weight[w], w < weight ? 0u : 1u << (8 - w));
    // Every entry comes back from a resume's reader, fields unchanged.
    search::TranspositionTable tt(std::size_t{1} << 20);
    SolveCheckpoint back;
    load_checkpoint(small, header_3x3(), back, tt);
    EXPECT_EQ(back.nodes, 4242u);
    EXPECT_EQ(back.seconds, 12.5);
    int i = 0;
    for (int w = 1; w <= 8; ++w)
      for (int j = 0; j < (1 << (8 - w)); ++j, ++i) {
        search::TTEntry e;
        ASSERT_EQ(tt.probe(key_of(i), e), w >= weight) << i;
        if (w < weight) continue;
        EXPECT_EQ(e.weight, w);
        EXPECT_EQ(e.lower, -(i % 5));
        EXPECT_EQ(e.upper, i % 7);
        EXPECT_EQ(e.move, i % 24);
      }
  }
  const auto r = shrink_checkpoint(path, path, 10);  // in place
  EXPECT_EQ(r.kept, 7u);
  EXPECT_EQ(summarize_checkpoint(path).header.entries, 7u);
  std::remove(path.c_str());
  std::remove(small.c_str());
}

// A damaged source is refused and nothing is written; headers that describe no board are
// refused by name.
TEST(DotsCheckpointSummary, DamageAndImpossibleHeadersAreRefused) {
  const std::string path = temp_path("bad.ckpt");
  const std::string out = temp_path("bad_out.ckpt");
  write_weighted(path);
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(200);
    f.put('\x55');
  }
  std::remove(out.c_str());
  EXPECT_THROW(shrink_checkpoint(path, out, 10), InputError);
  EXPECT_NE(::access(out.c_str(), F_OK), 0);
  EXPECT_THROW(summarize_checkpoint(temp_path("missing.ckpt")), InputError);
  const auto refused = [&](SolveCheckpoint c, const char* message) {
    { CheckpointWriter(path, c).commit(); }
    try {
      summarize_checkpoint(path);
      ADD_FAILURE() << "accepted: " << message;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  };
  SolveCheckpoint c = header_3x3();
  c.rows = 0;
  refused(c, "does not describe a board");
  c = header_3x3();
  c.cols = 65;
  refused(c, "does not describe a board");
  c = header_3x3();
  c.rows = 9;  // 9x9 = 81 boxes
  c.cols = 9;
  refused(c, "does not describe a board");
  c = header_3x3();
  c.to_move = 2;
  refused(c, "does not describe a board");
  c = header_3x3();
  c.drawn.set(24);  // 3x3 has lines 0..23
  refused(c, "names lines its board does not have");
  std::remove(path.c_str());
}

// A solve stopped half-way, its checkpoint shrunk to a few dozen entries, resumes to the fresh
// solve's answer.
TEST(DotsCheckpointSummary, AShrunkCheckpointResumesToTheSameAnswer) {
  const Board& b = Board::get(3, 3);
  const DotsState s = DotsState::after(b, b.parse_lines("b2b3"));
  SolveOptions o;
  o.table_bytes = std::size_t{4} << 20;
  o.threads = 1;
  const SolveResult fresh = solve(s, o);
  ASSERT_TRUE(fresh.complete);
  const std::string path = temp_path("shrunk_resume.ckpt");
  std::remove(path.c_str());
  o.checkpoint = path;
  o.max_nodes = fresh.nodes / 2;
  ASSERT_TRUE(solve(s, o).checkpoint_saved);
  const auto r = shrink_checkpoint(path, path, 40);
  ASSERT_GT(r.before.header.entries, 40u);
  ASSERT_LE(r.kept, 40u);
  o.max_nodes = 0;
  o.resume = true;
  const SolveResult second = solve(s, o);
  ASSERT_TRUE(second.complete);
  EXPECT_TRUE(second.resumed);
  EXPECT_EQ(second.value, fresh.value);
  EXPECT_EQ(second.best, fresh.best);
}

}  // namespace
}  // namespace grundy::dots::summary_test
