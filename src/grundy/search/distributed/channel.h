#pragma once
// How the master of a distributed search reaches its workers: send a job, withdraw it, wait for
// answers, and stop them all at the end. Two implementations: local_channel.h (worker threads
// in this process: tests, and --distributed outside mpirun) and cluster_mpi.cpp (one worker per
// MPI rank, plus one thread of the master's own rank).
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "grundy/search/distributed/message.h"

namespace grundy::search::distributed {

// What a worker process runs for each job: the game's engine with its own table. `cancel` is
// set when the master withdraws the job (the runner then stops soon). The runner fills the
// answer's status, bounds, hints and nodes, and in `totals` only this job's table probes and
// hits; the engine thread fills in the rest.
using JobRunner = std::function<Answer(const Job&, const std::atomic<bool>& cancel)>;

// A worker's table, shared with the others while its engine runs: the entries that stand for
// big subtrees go out as they are stored, and the others' come in, without waiting for the end
// of a job. Both calls come from the worker's message thread, never the engine's; the table
// takes concurrent stores (its lockless entries). Sharing replaces, for the expensive part of
// the tables, the one table that the threads of one process share.
class TableShare {
 public:
  virtual ~TableShare() = default;
  // Appends to `out` the entries stored since the last call.
  virtual void take(std::vector<TableEntry>& out) = 0;
  // Stores entries from other workers.
  virtual void store(const std::vector<TableEntry>& in) = 0;
};

// What a worker runs: the jobs, and the table it shares (null: none). `help` (null: the engine
// cannot help): what a rank of a team other than its first runs instead of serving jobs
// (team.h), until the run ends.
struct WorkerEngine {
  JobRunner run;
  std::shared_ptr<TableShare> share;
  std::function<void()> help;
};

struct ChannelTraffic {
  std::uint64_t messages_sent = 0, bytes_sent = 0;
  std::uint64_t messages_received = 0, bytes_received = 0;
  std::uint64_t seed_bytes = 0;  // of bytes_sent: a resume's table entries (JobChannel::seed)
  // that the master sent (over MPI to the first workers of the seed tree, who pass them on)
};

// Final figures of one worker, gathered when the channel stops.
struct WorkerReport {
  int rank = 0;
  bool answered_stop = false;  // false: it did not answer the stop in time (stalled or lost)
  WorkerTotals totals;
};

class JobChannel {
 public:
  virtual ~JobChannel() = default;
  virtual int workers() const = 0;
  // The MPI rank (or thread number) of worker w, for reports.
  virtual int rank_of(int worker) const = 0;
  virtual void send(int worker, const Job& job) = 0;
  virtual void cancel(int worker, std::uint64_t job) = 0;
  // Waits at most `seconds` for an answer from any worker.
  virtual bool receive(Answer& out, double seconds) = 0;
  // Tells every worker to stop and gathers their final figures, waiting at most `grace`
  // seconds for each worker that does not answer. Called once, at the end.
  virtual std::vector<WorkerReport> stop(double grace) = 0;
  virtual ChannelTraffic traffic() const = 0;
  // Called with every batch of shared table entries (the master keeps the heavy ones). The
  // channel relays them to the other workers itself.
  virtual void on_entries(std::function<void(const std::vector<TableEntry>&)> listener) = 0;
  // Stores `entries` in every worker's table before any job sent after this call (a resumed
  // run's checkpointed entries, entry_pool.h); workers that share no table ignore them.
  virtual void seed(const std::vector<TableEntry>& entries) = 0;
  // Whether shared entries go on to the other workers (default) or only to the listener (df-pn
  // workers: the decided questions are kept for checkpoints, but relaying them between workers
  // cost time and gained none, docs/benchmarks.md).
  virtual void relay_entries(bool on) = 0;
};

}  // namespace grundy::search::distributed
