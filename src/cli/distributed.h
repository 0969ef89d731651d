#pragma once
// `--distributed` for the exact solvers (`grundy dots solve`, `grundy uttt solve`): the options,
// the start of the cluster (search/distributed/cluster.h), and the per-worker figures printed
// after the usual answer. Under mpirun every rank runs the same command: the workers serve
// jobs and print nothing, rank 0 prints what the command prints without --distributed.
#include <cstdint>
#include <memory>
#include <string>

#include "command.h"
#include "grundy/search/distributed/cluster.h"
#include "grundy/search/distributed/figures.h"

namespace grundy::cli {

struct DistributedCliOptions {
  bool on = false;
  std::string job_nodes;
  std::string stall_seconds;
};

// --distributed, --job-nodes N, --stall-seconds S.
void add_distributed_options(Command cmd, DistributedCliOptions& o);

class DistributedRun {
 public:
  // Checks the numbers and starts the cluster (MPI when a launcher started the process). Says
  // on stderr when it runs as one process.
  explicit DistributedRun(const DistributedCliOptions& o);
  // Workers lost at the end: the output is flushed and the run ended at once (cluster.h).
  ~DistributedRun();

  bool worker() const { return !cluster_->is_master(); }
  // Says on stderr when this rank may run on fewer cores than its `threads` (mpirun binds each
  // rank to one core unless told otherwise).
  void check_threads(int threads) const;
  // The cores this rank may use, at most `cap` (Cluster::core_share: the cores its machine's
  // ranks may run on, shared among them).
  int cores_per_rank(int cap) const;
  int workers() const { return cluster_->workers(); }
  // The ranks on this node and memory they share (cluster.h; every rank calls node_memory
  // once, before serve() or channel()).
  int node_ranks() const { return cluster_->node_ranks(); }
  void* node_memory(std::size_t bytes) { return cluster_->node_memory(bytes); }
  // The node's ranks as a team over its memory (cluster.h; every rank calls it once, after
  // node_memory(), before serve() or channel()), and this rank's place in it.
  search::distributed::Team* team() { return cluster_->team(); }
  int node_rank() const { return cluster_->node_rank(); }
  // Worker ranks: serve jobs until the master says stop.
  void serve(search::distributed::WorkerEngine worker) { cluster_->serve(std::move(worker)); }

  // The master: its channel (with `local` as its own worker) and what it gathers.
  search::distributed::JobChannel& channel(std::function<search::distributed::WorkerEngine()> make);
  search::distributed::Knowledge& knowledge() { return knowledge_; }
  search::distributed::MasterStats& stats() { return stats_; }
  std::uint64_t job_nodes() const { return job_nodes_; }  // 0: the game's default
  double stall_seconds() const { return stall_seconds_; }

  // Stops the workers and gathers the figures (call once, before printing the answer).
  search::distributed::Figures finish(std::uint64_t job_nodes_used);

 private:
  std::unique_ptr<search::distributed::Cluster> cluster_;
  std::unique_ptr<search::distributed::JobChannel> channel_;
  search::distributed::Knowledge knowledge_;
  search::distributed::MasterStats stats_;
  std::uint64_t job_nodes_ = 0;
  double stall_seconds_ = 60;
  bool lost_ = false;
};

// The figures, as text lines after the answer.
void print_distributed_figures(const search::distributed::Figures& f);
// A progress line on stderr ("\r"-rewritten on a terminal).
void print_distributed_progress(const search::distributed::Progress& p, bool tty);

}  // namespace grundy::cli
