// The distributed Dots and Boxes solver (worker threads, no MPI) against the single-process
// solver: the same value and the same best lines on whole small boards and random positions,
// with budgets small enough that the master's tree does most of the work.
#include "grundy/games/dots/solve_distributed.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <thread>

#include "grundy/games/dots/board.h"
#include "grundy/search/distributed/checkpoint.h"
#include "grundy/search/distributed/local_channel.h"
#include "grundy/search/random.h"
#include "grundy/testing/sanitized.h"

namespace grundy::dots {
namespace {

namespace dist = search::distributed;

SolveResult solve_with_workers(const DotsState& s, int workers, std::uint64_t job_nodes,
                               const std::string& resume_from = {}, int threads = 1) {
  SolveOptions o;
  o.table_bytes = std::size_t{8} << 20;
  o.threads = threads;
  o.checkpoint = resume_from;
  o.resume = !resume_from.empty();
  std::vector<dist::WorkerEngine> engines;
  for (int i = 0; i < workers; ++i)
    engines.push_back(distributed_runner(s, o, dist::share_weight_for(workers)));
  dist::LocalChannel channel(std::move(engines));
  DistributedOptions d;
  d.job_nodes = job_nodes;
  dist::MasterStats stats;
  dist::Knowledge knowledge;
  auto r = solve_distributed(s, o, channel, d, stats, knowledge);
  EXPECT_EQ(knowledge.conflicts(), 0u);
  channel.stop(1);
  return r;
}

void expect_same(const DotsState& s, int workers, std::uint64_t job_nodes, int threads = 1) {
  SolveOptions o;
  o.table_bytes = std::size_t{8} << 20;
  o.threads = 1;
  auto want = solve(s, o);
  auto got = solve_with_workers(s, workers, job_nodes, {}, threads);
  ASSERT_TRUE(got.complete);
  EXPECT_EQ(got.value, want.value) << s.board().rows() << "x" << s.board().cols();
  std::sort(want.best.begin(), want.best.end());
  std::sort(got.best.begin(), got.best.end());
  EXPECT_EQ(got.best, want.best);
  EXPECT_TRUE(got.best_complete);
}

// A position of `size` after `fewest` to `fewest` + 7 random lines (or the end of the game).
DotsState random_position(search::Rng& rng, const char* size, int fewest) {
  DotsState s(Board::parse(size));
  const int drawn = fewest + static_cast<int>(rng.below(8));
  for (int k = 0; k < drawn && !s.is_over(); ++k) {
    search::MoveList<DotsState::Move, DotsState::kMaxMoves> moves;
    s.legal_moves(moves);
    s.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
  }
  return s;
}

TEST(DotsDistributed, WholeSmallBoardsEqualTheSolver) {
  for (const char* size : {"1x1", "1x3", "2x2", "2x3"}) {
    const auto& board = Board::parse(size);
    expect_same(DotsState(board), 2, 64);
    expect_same(DotsState(board), 3, 500);
  }
  if (!sanitized()) expect_same(DotsState(Board::parse("3x3")), 3, 2000);
}

// Workers of two threads each (a rank a machine, --threads 2): every job's test runs on both,
// over one table, and its budget ends while both are searching.
TEST(DotsDistributed, WorkersOfTwoThreadsEqualTheSolver) {
  search::Rng rng(47);
  const int positions = sanitized() ? 4 : 16;
  for (int i = 0; i < positions; ++i) {
    const DotsState s = random_position(rng, i % 2 ? "3x3" : "2x4", 4);
    if (s.is_over()) continue;
    expect_same(s, 1 + static_cast<int>(rng.below(2)), 200 + rng.below(2000), 2);
  }
  expect_same(DotsState(Board::parse("2x3")), 2, 300, 2);
}

// A team (search/distributed/team.h): one worker takes the jobs, another engine over the same
// table helps with each (a rank of the same node, here a thread), with budgets that end while
// both search. The helper must have taken jobs, and the answers stay the solver's.
TEST(DotsDistributed, ATeamOverOneTableEqualsTheSolver) {
  search::Rng rng(53);
  const int positions = sanitized() ? 4 : 12;
  std::uint64_t helped = 0;
  for (int i = 0; i <= positions; ++i) {
    const DotsState s = i == positions ? DotsState(Board::parse("3x3"))
                                       : random_position(rng, i % 2 ? "3x3" : "2x4", 4);
    if (s.is_over()) continue;
    SolveOptions o;
    o.table_bytes = std::size_t{4} << 20;
    o.threads = 1;
    auto want = solve(s, o);

    std::vector<std::uint64_t> board((dist::Team::bytes() + 7) / 8, 0);
    dist::Team team(board.data());
    const std::size_t bytes = node_table_bytes(o, 2);
    std::unique_ptr<std::uint64_t[]> table(new std::uint64_t[bytes / 8 + 1]());
    std::vector<dist::WorkerEngine> lead;
    lead.push_back(
        distributed_runner(s, o, dist::share_weight_for(1), NodeTable{table.get(), 2, &team, 0}));
    dist::WorkerEngine helper =
        distributed_runner(s, o, dist::share_weight_for(1), NodeTable{table.get(), 2, &team, 1});
    ASSERT_TRUE(helper.help);
    std::thread helping([&] { helper.help(); });
    dist::LocalChannel channel(std::move(lead));
    DistributedOptions d;
    d.job_nodes = 100 + rng.below(1000);
    dist::MasterStats stats;
    dist::Knowledge knowledge;
    auto got = solve_distributed(s, o, channel, d, stats, knowledge);
    channel.stop(1);
    team.end();
    helping.join();
    helped += team.helped();
    ASSERT_TRUE(got.complete);
    EXPECT_EQ(got.value, want.value);
    std::sort(want.best.begin(), want.best.end());
    std::sort(got.best.begin(), got.best.end());
    EXPECT_EQ(got.best, want.best);
  }
  EXPECT_GT(helped, 0u);
}

TEST(DotsDistributed, RandomPositionsEqualTheSolver) {
  search::Rng rng(31);
  const int positions = sanitized() ? 6 : 24;
  for (int i = 0; i < positions; ++i) {
    const DotsState s = random_position(rng, i % 2 ? "3x3" : "2x4", 6);
    if (s.is_over()) continue;
    expect_same(s, 1 + static_cast<int>(rng.below(3)), 50 + rng.below(500));
  }
}

// A resumed run stores the table entries its checkpoint kept in every worker's table before
// its first job: here every solved entry of a finished single-process solve, so the resumed run
// finds nearly everything in its tables (and still gives the same answer).
TEST(DotsDistributed, AResumedRunStartsFromItsCheckpointedTableEntries) {
  const DotsState s(Board::parse(sanitized() ? "2x4" : "3x3"));
  SolveOptions o;
  search::TranspositionTable tt(std::size_t{8} << 20);
  o.table = &tt;
  const auto want = solve(s, o);
  dist::EntryPool pool(std::uint64_t{1} << 20);
  tt.for_each([&](std::uint64_t key, const search::TTEntry& e) {
    if (e.depth == search::TranspositionTable::kExactDepth)
      pool.add({key, e.lower, e.upper, e.move, e.weight});
  });
  ASSERT_GT(pool.size(), 100u);
  const auto fresh = solve_with_workers(s, 2, 500);

  const auto path = (std::filesystem::temp_directory_path() /
                     ("grundy-dots-dist-" + std::to_string(::getpid()) + ".ckpt"))
                        .string();
  dist::MasterCheckpoint c;
  c.tag = distributed_tag(s, true);
  dist::Knowledge none;
  dist::save_checkpoint(path, c, none, &pool);
  const auto resumed = solve_with_workers(s, 2, 500, path);
  EXPECT_TRUE(resumed.resumed);
  ASSERT_TRUE(resumed.complete);
  EXPECT_EQ(resumed.value, want.value);
  EXPECT_EQ(fresh.value, want.value);
  EXPECT_LT(resumed.nodes * 5, fresh.nodes)
      << "resumed " << resumed.nodes << " nodes, fresh " << fresh.nodes;
  EXPECT_FALSE(std::filesystem::exists(path));  // a finished solve deletes its checkpoint
}

}  // namespace
}  // namespace grundy::dots
