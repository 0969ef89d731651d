#pragma once
// The figures of a distributed search that both games report: progress lines while it runs,
// and at the end the master's counts and each worker's nodes, jobs and idle time.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "grundy/search/distributed/channel.h"
#include "grundy/search/distributed/master.h"

namespace grundy::search::distributed {

struct Progress {
  std::uint64_t nodes = 0;  // in this run (a resumed run starts at 0)
  double seconds = 0;
  std::string question;  // what the master is deciding now ("value >= 2", "win", ...)
  int lower = -kNoBound, upper = kNoBound;  // proven about the root so far
  std::uint64_t jobs = 0, running = 0, tree_nodes = 0, known = 0, stalls = 0;
  bool checkpoint_saved = false;  // a checkpoint was written just now
};

// The master's periodic duties in both games (called from MasterOptions::tick): a checkpoint
// every `checkpoint_every` seconds when `save` is set, and a progress report every
// `progress_every` seconds and after each checkpoint when `progress` is set.
struct Ticker {
  std::function<void()> save = nullptr;
  double checkpoint_every = 300;
  std::function<void(const Progress&)> progress = nullptr;
  double progress_every = 1;

  // `lower`/`upper`: what the driver has proven about the root beyond the master's knowledge.
  template <class S>
  void tick(const Master<S>& m, const S& root, const Knowledge& k, const std::string& question,
            int lower = -kNoBound, int upper = kNoBound) {
    const double t = m.elapsed();
    bool saved = false;
    if (save && t - last_save_ >= checkpoint_every) {
      last_save_ = t;
      save();
      saved = true;
    }
    if (!progress || (!saved && t - last_progress_ < progress_every)) return;
    last_progress_ = t;
    const auto& st = m.stats();
    Progress p;
    p.nodes = st.nodes;
    p.seconds = t;
    p.question = question;
    const auto b = m.bounds_of(root);
    p.lower = std::max(lower, b.lower);
    p.upper = std::min(upper, b.upper);
    p.jobs = st.jobs_sent;
    p.running = m.running();
    p.tree_nodes = st.tree_nodes;
    p.known = k.size();
    p.stalls = st.stalls;
    p.checkpoint_saved = saved;
    progress(p);
  }

 private:
  double last_save_ = 0, last_progress_ = 0;
};

struct WorkerFigures {
  int rank = 0;
  std::uint64_t nodes = 0, jobs = 0;
  double busy_seconds = 0, idle_seconds = 0;
  std::uint64_t stalls = 0;                // times its job was given to another worker
  std::uint64_t seed_bytes_forwarded = 0;  // a resume's entries it passed on (seed tree)
  bool lost = false;                       // it never answered the final stop
};

struct Figures {
  std::string cluster;  // "3 MPI ranks", "one process (...)"
  std::uint64_t job_nodes = 0;
  std::uint64_t jobs = 0, decided = 0, unknown = 0, cancelled = 0;
  std::uint64_t expansions = 0, home_jobs = 0, joined = 0, stalls = 0, resent = 0;
  std::uint64_t nodes_unknown = 0, nodes_withdrawn = 0;  // in jobs that ended undecided
  std::uint64_t known = 0, conflicts = 0;
  std::uint64_t table_probes = 0, table_hits = 0;  // the workers' tables (alpha-beta only)
  // Cluster::node_memory_huge_share(): the least over the nodes; negative without node memory.
  double node_memory_huge_share = -1;
  ChannelTraffic traffic;
  std::vector<WorkerFigures> workers;
};

// From the master's counts, the workers' final reports (channel stop) and the traffic.
inline Figures figures_of(const MasterStats& m, const Knowledge& k,
                          const std::vector<WorkerReport>& reports, const JobChannel& channel,
                          std::string cluster, std::uint64_t job_nodes) {
  Figures f;
  f.cluster = std::move(cluster);
  f.job_nodes = job_nodes;
  f.jobs = m.jobs_sent;
  f.decided = m.decided;
  f.unknown = m.unknown;
  f.cancelled = m.cancelled;
  f.expansions = m.expansions;
  f.home_jobs = m.home_jobs;
  f.joined = m.joined;
  f.stalls = m.stalls;
  f.resent = m.resent;
  f.nodes_unknown = m.nodes_unknown;
  f.nodes_withdrawn = m.nodes_cancelled;
  f.known = k.size();
  f.conflicts = k.conflicts();
  f.traffic = channel.traffic();
  std::uint64_t probes = 0, hits = 0;
  for (std::size_t w = 0; w < reports.size(); ++w) {
    WorkerTotals t = reports[w].totals;
    if (!reports[w].answered_stop && w < m.totals_of.size()) t = m.totals_of[w];
    WorkerFigures wf;
    wf.rank = reports[w].rank;
    wf.nodes = t.nodes;
    wf.jobs = t.jobs;
    wf.busy_seconds = t.busy_seconds;
    wf.idle_seconds = t.idle_seconds;
    wf.seed_bytes_forwarded = t.seed_bytes_forwarded;
    wf.stalls = w < m.stalls_of.size() ? m.stalls_of[w] : 0;
    wf.lost = !reports[w].answered_stop;
    probes += t.table_probes;
    hits += t.table_hits;
    f.workers.push_back(wf);
  }
  f.table_probes = probes;
  f.table_hits = hits;
  return f;
}

}  // namespace grundy::search::distributed
