#pragma once
// Solving Ultimate Tic-Tac-Toe positions over many processes (search/distributed/): the master
// keeps a job-level proof-number tree over the questions "can the mover win?" and then "can the
// mover avoid a loss?", as solve() asks them; the workers run df-pn (search/proof_number.h)
// with their own tables on the leaves. The proof is rebuilt at the end from the master's
// knowledge and the workers' fragments (the decided positions below their answers), so the
// exported proof file is checked by tools/uttt_proof_check like any other.
#include <cstdint>
#include <functional>

#include "grundy/games/uttt/solve.h"
#include "grundy/search/distributed/channel.h"
#include "grundy/search/distributed/figures.h"

namespace grundy::uttt {

struct DistributedOptions {
  std::uint64_t job_nodes = 0;  // nodes per job (0: kDefaultJobNodes)
  double stall_seconds = 60;
  std::function<void(const search::distributed::Progress&)> progress = nullptr;
  double progress_every = 10;
};

inline constexpr std::uint64_t kDefaultJobNodes = std::uint64_t{1} << 18;

// The weight from which df-pn workers share the questions they decide: three below Dots and
// Boxes' (search::distributed::share_weight_for; 2 up to 9 workers), since the work df-pn
// records for a question is that of its last search only (the earlier ones that built its
// proof are not counted). With 5, a resumed UTTT proof searched 12-16 of its 14 million nodes
// again; with 2, 6-11 million (docs/benchmarks.md, "What a distributed resume costs").
int share_weight_for(int workers);

// What each worker runs: df-pn on the positions after a job's moves from b, with a table of
// o.table_bytes, sharing the questions it decides below 2^(share_weight - 1) nodes or more (0:
// none; share_weight_for): the master keeps the heaviest for checkpoints. Every rank builds
// its own.
search::distributed::WorkerEngine distributed_runner(const Board& b, const SolveOptions& o,
                                                     int share_weight);

// Solves b through `channel` (the master's side), with the answers of solve(): result, a
// first move, proof size and proof file. A checkpoint file that exists is resumed (as solve()
// does): what the master knew, and the heaviest decided questions the workers shared, stored
// in every worker's table before its first job (at most an eighth of a worker's table entries).
// --opening is not supported. `stats` receives the master's figures.
SolveResult solve_distributed(const Board& b, const SolveOptions& o,
                              search::distributed::JobChannel& channel, const DistributedOptions& d,
                              search::distributed::MasterStats& stats,
                              search::distributed::Knowledge& knowledge);

}  // namespace grundy::uttt
