#include "grundy/games/dots/checkpoint.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "grundy/core/bytes.h"
#include "grundy/core/error.h"
#include "grundy/games/dots/solver.h"
#include "grundy/games/dots/solver_keys.h"

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
  const search::TranspositionTable compact(tt.bytes(), 40);  // eight entries a bucket
  ASSERT_TRUE(compact.compact());
  EXPECT_EQ(default_checkpoint_entries(compact), (tt.bucket_count() * 8) / 8);
}

// The header a solve of s writes (with the solver's key fingerprint).
SolveCheckpoint position_of(const DotsState& s) {
  SolveCheckpoint c{
      s.board().rows(), s.board().cols(), s.drawn_lines(), s.to_move(), 0, 0, 0, 0, 0};
  c.keys = solver_keys(s.board(), s.drawn_lines(), s.to_move(), true);
  return c;
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// More entries than the stream's chunk of 1 MiB (about 70,000): every one comes back, in a
// file of version 3; a byte changed anywhere, the file cut or appended to is refused and the
// table left empty; another position is refused before any entry is stored.
TEST(DotsCheckpoint, EntriesRoundTripAndEveryDamageIsRefused) {
  const DotsState s(Board::get(3, 3));
  SolveCheckpoint c = position_of(s);
  c.lower = -3;
  c.upper = 9;
  c.nodes = 12345;
  c.seconds = 6.5;
  search::TranspositionTable tt(std::size_t{16} << 20);
  const int count = 100000;
  for (int i = 1; i <= count; ++i) {
    search::TTEntry e = solved(1 + i % 20);
    e.lower = static_cast<std::int16_t>(-(i % 9));
    e.upper = static_cast<std::int16_t>(i % 9);
    e.move = static_cast<std::uint16_t>(i % 24);
    tt.store(static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ull, e);
  }
  std::uint64_t held = 0;  // a few collide in full buckets and replace each other
  tt.for_each([&](std::uint64_t, const search::TTEntry&) { ++held; });
  ASSERT_GT(held, count * 99u / 100);
  const std::string path = temp_path("dots_round_trip.ckpt");
  ASSERT_EQ(save_checkpoint(path, c, tt, 1), held);
  const std::string bytes = file_bytes(path);
  ASSERT_EQ(bytes.rfind("grundy-dots-checkpoint 3\n", 0), 0u);
  ASSERT_EQ(bytes.size(), 25 + 52 + 8 + 15 * held + 16);

  search::TranspositionTable back(std::size_t{16} << 20);
  SolveCheckpoint d;
  load_checkpoint(path, position_of(s), d, back);
  EXPECT_EQ(d.entries, held);
  EXPECT_EQ(d.lower, -3);
  EXPECT_EQ(d.upper, 9);
  EXPECT_EQ(d.nodes, 12345u);
  EXPECT_EQ(d.seconds, 6.5);
  EXPECT_EQ(d.keys, c.keys);
  EXPECT_EQ(d.version, 3);
  for (int i = 1; i <= count; i += 997) {
    search::TTEntry e;
    if (!tt.probe(static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ull, e)) continue;
    ASSERT_TRUE(back.probe(static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ull, e)) << i;
    EXPECT_EQ(e.lower, -(i % 9));
    EXPECT_EQ(e.upper, i % 9);
    EXPECT_EQ(e.move, i % 24);
    EXPECT_EQ(e.weight, 1 + i % 20);
  }

  const auto refused = [&](const std::string& damaged, const char* message) {
    search::TranspositionTable t(std::size_t{16} << 20);
    std::istringstream in(damaged);
    SolveCheckpoint e;
    try {
      read_checkpoint(in, "x.ckpt", position_of(s), e, t);
      ADD_FAILURE() << "accepted: " << message;
    } catch (const InputError& error) {
      EXPECT_NE(std::string(error.what()).find(message), std::string::npos) << error.what();
    }
    int left = 0;
    t.for_each([&](std::uint64_t, const search::TTEntry&) { ++left; });
    EXPECT_EQ(left, 0) << message;
  };
  for (const std::size_t at : {std::size_t{30}, bytes.size() / 2, bytes.size() - 12}) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x20);
    refused(damaged, at == 30 ? "another position" : "damaged");
  }
  refused(bytes.substr(0, bytes.size() - 1), "wrong length");
  refused(bytes.substr(0, bytes.size() - 15), "damaged");
  refused(bytes + "x", "wrong length");
  refused(bytes.substr(0, 60), "cut short");
  std::string other_keys = bytes;
  other_keys[25 + 52] = static_cast<char>(other_keys[25 + 52] ^ 1);
  refused(other_keys, "keys positions differently");
  refused(bytes.substr(0, 25 + 52) + std::string(8, '\0') + bytes.substr(25 + 52 + 8),
          "key fingerprint is 0");
  refused("grundy-dots-checkpoint 7\n" + bytes.substr(25), "a version this grundy cannot read");
  refused("not a checkpoint at all, but long enough", "is not a grundy dots checkpoint");
  const DotsState other(Board::get(3, 4));
  search::TranspositionTable t(std::size_t{16} << 20);
  SolveCheckpoint e;
  EXPECT_THROW(load_checkpoint(path, position_of(other), e, t), InputError);
  std::remove(path.c_str());
}

// Files of version 2 (no key fingerprint), as the solver wrote them before version 3, still
// resume while the keys are those of the solver that wrote them; a copy of one stays version 2.
TEST(DotsCheckpoint, VersionTwoIsStillReadWhileTheKeysHold) {
  ASSERT_TRUE(legacy_keys_hold());
  const DotsState s(Board::get(3, 3));
  SolveCheckpoint c = position_of(s);
  c.keys = 0;
  const std::string path = temp_path("dots_version_2.ckpt");
  {
    CheckpointWriter out(path, c);
    search::TTEntry e = solved(5);
    e.move = 7;
    out.add(0x1234, e);
    ASSERT_EQ(out.commit(), 1u);
  }
  const std::string bytes = file_bytes(path);
  ASSERT_EQ(bytes.rfind("grundy-dots-checkpoint 2\n", 0), 0u);
  ASSERT_EQ(bytes.size(), 25 + 52 + 15 + 16);
  search::TranspositionTable tt(std::size_t{1} << 20);
  SolveCheckpoint d;
  load_checkpoint(path, position_of(s), d, tt);
  EXPECT_EQ(d.version, 2);
  EXPECT_EQ(d.keys, 0u);
  EXPECT_TRUE(keys_match(d));
  search::TTEntry e;
  ASSERT_TRUE(tt.probe(0x1234, e));
  EXPECT_EQ(e.move, 7);
  std::remove(path.c_str());
}

// Files of version 1 (the entry count before the entries), as the solver wrote them before the
// streamed version 2, still resume.
TEST(DotsCheckpoint, VersionOneIsStillRead) {
  const DotsState s(Board::get(3, 3));
  const SolveCheckpoint c = position_of(s);
  ByteWriter w;
  w.bytes() = "grundy-dots-checkpoint 1\n";
  w.put<std::int32_t>(c.rows);
  w.put<std::int32_t>(c.cols);
  w.put<std::uint64_t>(c.drawn.lo);
  w.put<std::uint64_t>(c.drawn.hi);
  w.put<std::int32_t>(c.to_move);
  w.put<std::int32_t>(-1);
  w.put<std::int32_t>(5);
  w.put<std::uint64_t>(77);
  w.put<double>(1.5);
  w.put<std::uint64_t>(2);
  for (const std::uint64_t key : {11ull, 22ull}) {
    w.put<std::uint64_t>(key);
    w.put<std::int16_t>(-1);
    w.put<std::int16_t>(1);
    w.put<std::uint16_t>(3);
    w.put<std::uint8_t>(12);
  }
  w.seal();
  search::TranspositionTable tt(std::size_t{1} << 20);
  std::istringstream in(w.bytes());
  SolveCheckpoint d;
  read_checkpoint(in, "old.ckpt", c, d, tt);
  EXPECT_EQ(d.entries, 2u);
  EXPECT_EQ(d.lower, -1);
  EXPECT_EQ(d.upper, 5);
  EXPECT_EQ(d.nodes, 77u);
  search::TTEntry e;
  ASSERT_TRUE(tt.probe(22, e));
  EXPECT_EQ(e.weight, 12);
  EXPECT_EQ(e.move, 3);
  std::string cut = w.bytes();
  cut.pop_back();
  std::istringstream in2(cut);
  EXPECT_THROW(read_checkpoint(in2, "old.ckpt", c, d, tt), InputError);
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

// A solve resumed with other keys (here: without the symmetries the checkpoint's solve used) is
// refused before it searches, and the checkpoint is kept; with the same keys it resumes.
TEST(DotsCheckpoint, AResumeWithOtherKeysIsRefused) {
  const Board& b = Board::get(3, 3);
  const DotsState s(b);
  SolveOptions o;
  o.table_bytes = std::size_t{4} << 20;
  o.threads = 1;
  o.best_moves = false;
  const std::string path = temp_path("dots_other_keys.ckpt");
  std::remove(path.c_str());
  o.checkpoint = path;
  o.max_nodes = 2000;
  ASSERT_TRUE(solve(s, o).checkpoint_saved);
  o.resume = true;
  o.max_nodes = 0;
  o.symmetry = false;
  try {
    solve(s, o);
    ADD_FAILURE() << "resumed with other keys";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("keys positions differently"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(::access(path.c_str(), F_OK), 0);
  o.symmetry = true;
  const SolveResult r = solve(s, o);
  EXPECT_TRUE(r.complete && r.resumed);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace grundy::dots
