#pragma once
// The exact Dots and Boxes solver over many processes (search/distributed/): the master runs
// MTD(f) at the root, each null-window test decided by a job-level proof-number tree whose
// leaves are null-window tests run by the workers (alpha-beta over SolverState with their own
// tables); then every first line is tested against the value, all at once. The answer is the
// same SolveResult as solve() (value, bounds, every best line), so the same printers serve.
#include <cstdint>
#include <functional>
#include <string>

#include "grundy/games/dots/solver.h"
#include "grundy/search/distributed/channel.h"
#include "grundy/search/distributed/figures.h"
#include "grundy/search/distributed/relay.h"
#include "grundy/search/distributed/team.h"

namespace grundy::dots {

struct DistributedOptions {
  std::uint64_t job_nodes = 0;  // nodes per job (0: the default, kDefaultJobNodes)
  double stall_seconds = 60;
  std::uint32_t order_bias = 1000;   // MasterOptions: follow the move order as alpha-beta does
  std::uint32_t split_margin = 500;  // ... and split the running job rather than speculate
  std::function<void(const search::distributed::Progress&)> progress = nullptr;
  double progress_every = 1;
};

// 2^18: with 2 ranks on the 4x4 mid-game and the whole 3x4 board, 1.1-1.2x faster than 2^15,
// with one table for the node or one a rank (2026-11-30; docs/benchmarks.md, "One table for
// the ranks of a node"). It was 2^15 when larger jobs left a rank idle (2026-11-25).
inline constexpr std::uint64_t kDefaultJobNodes = std::uint64_t{1} << 18;

// What a distributed checkpoint of s names as its search (a resume must match it): the
// position, the symmetry option and the fingerprint of the solver's keys (solver_keys.h).
std::string distributed_tag(const DotsState& s, bool symmetry);

// The table of a node whose ranks share one: o.table_bytes for each of its `ranks`, in `memory`
// (Cluster::node_memory of node_table_bytes(o, ranks) bytes).
struct NodeTable {
  void* memory = nullptr;  // null: the rank keeps a table of its own
  int ranks = 1;
  // The node's ranks searching each job together (search/distributed/team.h; null: each takes
  // jobs of its own), and this rank's place in the team (0: the one that takes the jobs).
  search::distributed::Team* team = nullptr;
  int team_rank = 0;
};
std::size_t node_table_bytes(const SolveOptions& o, int ranks);

// What each worker runs: null-window tests of the positions after a job's lines from s, on
// o.threads threads, with a table of o.table_bytes (o.symmetry as in solve()) or the node's,
// sharing entries from `share_weight` (search::distributed::share_weight_for). Every rank
// builds its own.
search::distributed::WorkerEngine distributed_runner(const DotsState& s, const SolveOptions& o,
                                                     int share_weight, NodeTable table = {});

// Solves s through `channel` (the master's side). o's table_bytes, threads and progress are the
// workers' business (distributed_runner) or unused; seconds, stop, best_moves, checkpoint, resume
// and checkpoint_every apply as in solve(). `stats` receives the master's figures.
SolveResult solve_distributed(const DotsState& s, const SolveOptions& o,
                              search::distributed::JobChannel& channel, const DistributedOptions& d,
                              search::distributed::MasterStats& stats,
                              search::distributed::Knowledge& knowledge);

}  // namespace grundy::dots
