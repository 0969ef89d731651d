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

namespace grundy::dots {

struct DistributedOptions {
  std::uint64_t job_nodes = 0;  // nodes per job (0: the default, kDefaultJobNodes)
  double stall_seconds = 60;
  std::uint32_t order_bias = 1000;   // MasterOptions: follow the move order as alpha-beta does
  std::uint32_t split_margin = 500;  // ... and split the running job rather than speculate
  std::function<void(const search::distributed::Progress&)> progress = nullptr;
  double progress_every = 1;
};

// 2^15: on a 4x4 mid-game with 2 ranks, 2^20 left a rank idle half the time and 2^17 a third
// (docs/benchmarks.md, "Distributed solving"); raise it for many ranks (docs/distributed.md).
inline constexpr std::uint64_t kDefaultJobNodes = std::uint64_t{1} << 15;

// What a distributed checkpoint of s names as its search (a resume must match it): the
// position, the symmetry option and the fingerprint of the solver's keys (solver_keys.h).
std::string distributed_tag(const DotsState& s, bool symmetry);

// What each worker runs: null-window tests of the positions after a job's lines from s, with
// a table of o.table_bytes (o.symmetry as in solve()), sharing entries from `share_weight`
// (search::distributed::share_weight_for). Every rank builds its own.
search::distributed::WorkerEngine distributed_runner(const DotsState& s, const SolveOptions& o,
                                                     int share_weight);

// Solves s through `channel` (the master's side). o's table_bytes, threads and progress are the
// workers' business or unused; seconds, stop, best_moves, checkpoint, resume and
// checkpoint_every apply as in solve(). `stats` receives the master's figures.
SolveResult solve_distributed(const DotsState& s, const SolveOptions& o,
                              search::distributed::JobChannel& channel, const DistributedOptions& d,
                              search::distributed::MasterStats& stats,
                              search::distributed::Knowledge& knowledge);

}  // namespace grundy::dots
