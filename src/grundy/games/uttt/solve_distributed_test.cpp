// The distributed Ultimate Tic-Tac-Toe solver (worker threads, no MPI) against the
// single-process one on positions near the end of games under both rule sets: the same result,
// a first move that keeps it, and a proof file whose moves win against every defence (the
// independent checker replays them too, in tests/distributed/run.sh).
#include "grundy/games/uttt/solve_distributed.h"

#include <gtest/gtest.h>

#include <atomic>

#include "grundy/search/distributed/local_channel.h"
#include "grundy/search/random.h"
#include "grundy/testing/sanitized.h"

namespace grundy::uttt {
namespace {

namespace dist = search::distributed;

SolveResult solve_with_workers(const Board& b, SolveOptions o, int workers,
                               std::uint64_t job_nodes) {
  std::vector<dist::WorkerEngine> engines;
  for (int i = 0; i < workers; ++i)
    engines.push_back(distributed_runner(b, o, share_weight_for(workers)));
  dist::LocalChannel channel(std::move(engines));
  DistributedOptions d;
  d.job_nodes = job_nodes;
  dist::MasterStats stats;
  dist::Knowledge knowledge;
  auto r = solve_distributed(b, o, channel, d, stats, knowledge);
  EXPECT_EQ(knowledge.conflicts(), 0u);
  channel.stop(1);
  return r;
}

// A random game of `plies` (at least 55) moves under `rules`, unfinished.
Board late_position(search::Rng& rng, Rules rules, int plies) {
  while (true) {
    Board b(rules);
    for (int i = 0; i < plies && !b.is_over(); ++i) {
      Board::Moves moves;
      b.legal_moves(moves);
      b.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
    if (!b.is_over()) return b;
  }
}

// The questions a df-pn worker decides go out as bounds on position values (in points of 1000)
// and come back into another worker's table as the decided questions they stand for: that
// worker then answers the same jobs at once, with the same answers.
TEST(UtttDistributed, SharedDecidedQuestionsAreDecidedInAnotherTable) {
  search::Rng rng(5);
  SolveOptions o;
  o.table_bytes = std::size_t{4} << 20;
  int checked = 0;
  for (int i = 0; i < 12; ++i) {
    const Board b = late_position(rng, i % 2 ? Rules::orlin : Rules::standard, 52);
    auto first = distributed_runner(b, o, 1);
    auto second = distributed_runner(b, o, 1);
    auto fresh = distributed_runner(b, o, 1);
    ASSERT_TRUE(first.share && second.share);
    std::atomic<bool> cancel{false};
    for (const int t : {1, 0}) {
      dist::Job job;
      job.id = 1;
      job.t = t;
      const auto a = first.run(job, cancel);
      ASSERT_EQ(a.status, dist::AnswerStatus::decided);
      std::vector<dist::TableEntry> shared;
      first.share->take(shared);
      for (const auto& e : shared) {
        // A proven question is a lower bound, a disproven one an upper bound, in points.
        EXPECT_TRUE((e.lower > -dist::kNoBound) != (e.upper < dist::kNoBound));
        EXPECT_EQ((e.lower > -dist::kNoBound ? e.lower : e.upper + 1000) % 1000, 0);
      }
      second.share->store(shared);
      const auto again = second.run(job, cancel);
      const auto base = fresh.run(job, cancel);
      EXPECT_EQ(again.status, dist::AnswerStatus::decided);
      EXPECT_EQ(again.lower, a.lower) << "position " << i << ", t = " << t;
      EXPECT_EQ(again.upper, a.upper) << "position " << i << ", t = " << t;
      if (base.nodes >= 1000) {
        EXPECT_LT(again.nodes * 10, base.nodes) << "position " << i << ", t = " << t;
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 3) << "too few positions of 1,000 nodes or more";
}

TEST(UtttDistributed, ResultsEqualTheSingleProcessSolver) {
  search::Rng rng(17);
  const int positions = sanitized() ? 4 : 16;
  for (int i = 0; i < positions; ++i) {
    const Rules rules = i % 2 ? Rules::orlin : Rules::standard;
    const Board b = late_position(rng, rules, 56 + static_cast<int>(rng.below(8)));
    SolveOptions o;
    o.table_bytes = std::size_t{4} << 20;
    o.export_proof = true;
    const auto want = solve(b, o);
    const auto got =
        solve_with_workers(b, o, 1 + static_cast<int>(rng.below(3)), 20 + rng.below(400));
    ASSERT_EQ(got.result, want.result) << "position " << i;
    EXPECT_EQ(got.has_move, want.has_move);
    if (got.has_move) {
      // The first move keeps the result: after it the opponent loses (or draws).
      Board c = b;
      c.play(got.first_move);
      if (c.is_over()) {
        EXPECT_EQ(c.winner(), got.result == "win" ? b.to_move() : -1) << "position " << i;
      } else {
        SolveOptions small;
        small.table_bytes = std::size_t{4} << 20;
        small.proof_size = false;
        EXPECT_EQ(solve(c, small).result, got.result == "win" ? "loss" : "draw")
            << "position " << i;
      }
    }
    EXPECT_EQ(got.proof.empty(), want.proof.empty());
    if (got.result != "unknown") {
      EXPECT_GT(got.proof_size, 0u);
    }
  }
}

}  // namespace
}  // namespace grundy::uttt
