#include "distributed.h"

#include <algorithm>
#include <cstdio>

#include <fmt/core.h>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "io.h"

namespace grundy::cli {

namespace {

std::string amount(double x) {
  if (x >= 1e6) return fmt::format("{:.3g}", x);
  return fmt::format("{:.0f}", x);
}

std::string bytes_text(std::uint64_t b) {
  if (b >= (10u << 20)) return fmt::format("{:.1f} MiB", static_cast<double>(b) / (1 << 20));
  if (b >= (10u << 10)) return fmt::format("{:.1f} KiB", static_cast<double>(b) / (1 << 10));
  return fmt::format("{} bytes", b);
}

std::string bound_text(int v) {
  return v <= -search::distributed::kNoBound  ? std::string("-inf")
         : v >= search::distributed::kNoBound ? std::string("+inf")
                                              : std::to_string(v);
}

}  // namespace

void add_distributed_options(Command cmd, DistributedCliOptions& o) {
  cmd.add_flag("--distributed", o.on,
               "solve over the processes mpirun (or srun) started, rank 0 printing the answer "
               "(docs/distributed.md); outside mpirun, in this one process");
  cmd.add_option("--job-nodes", o.job_nodes,
                 "with --distributed: the node budget of one job (default 262144)");
  cmd.add_option("--stall-seconds", o.stall_seconds,
                 "with --distributed: a job running longer than this (and 10 times the longest "
                 "job answered) is given to another worker (default 60)");
}

DistributedRun::DistributedRun(const DistributedCliOptions& o) {
  if (!o.job_nodes.empty()) {
    job_nodes_ = parse_uint(o.job_nodes, "--job-nodes", std::uint64_t{1} << 50, "2^50");
    if (job_nodes_ < 1) throw InputError("--job-nodes must be at least 1");
  }
  if (!o.stall_seconds.empty()) {
    stall_seconds_ =
        static_cast<double>(parse_uint(o.stall_seconds, "--stall-seconds", 10'000'000));
    if (stall_seconds_ < 1) throw InputError("--stall-seconds must be at least 1");
  }
  cluster_ = search::distributed::Cluster::start();
  if (cluster_->size() == 1 && !search::distributed::started_by_mpi_launcher())
    fmt::print(stderr,
               "grundy: --distributed outside mpirun: running as one process (start it with "
               "'mpirun -np N grundy ...' to use N processes)\n");
}

void DistributedRun::check_threads(int threads) const {
  const int cores = search::distributed::cores_of_this_process();
  if (cores >= threads) return;
  fmt::print(stderr,
             "grundy: rank {} may run on {} core{} only (mpirun binds each rank to a core): its "
             "{} threads share {}; start it with 'mpirun --bind-to none' or '--map-by "
             "ppr:1:node:PE={}'\n",
             cluster_->rank(), cores, cores == 1 ? "" : "s", threads, cores == 1 ? "it" : "them",
             threads);
}

int DistributedRun::cores_per_rank(int cap) const {
  return std::clamp(cluster_->core_share(), 1, std::max(1, cap));
}

DistributedRun::~DistributedRun() {
  if (!lost_) return;
  std::fflush(stdout);
  std::fflush(stderr);
  cluster_->abandon();
}

search::distributed::JobChannel& DistributedRun::channel(
    std::function<search::distributed::WorkerEngine()> make) {
  channel_ = cluster_->channel(std::move(make));
  return *channel_;
}

search::distributed::Figures DistributedRun::finish(std::uint64_t job_nodes_used) {
  const auto reports = channel_->stop(10);
  for (const auto& r : reports) lost_ = lost_ || !r.answered_stop;
  auto f = search::distributed::figures_of(stats_, knowledge_, reports, *channel_,
                                           cluster_->description(), job_nodes_used);
  f.node_memory_huge_share = cluster_->node_memory_huge_share();
  return f;
}

void print_distributed_figures(const search::distributed::Figures& f) {
  std::uint64_t nodes = 0;
  for (const auto& w : f.workers) nodes += w.nodes;
  const std::uint64_t bytes = f.traffic.bytes_sent + f.traffic.bytes_received;
  write_stdout(fmt::format(
      "Distributed over {}: {} jobs of at most {} nodes ({} answered, {} expanded at the "
      "master after {} nodes, {} withdrawn after {} nodes{}), {} positions known; {} sent, {} "
      "received ({:.3g} bytes a node).\n",
      f.cluster, f.jobs, f.job_nodes, f.decided, f.unknown, amount(double(f.nodes_unknown)),
      f.cancelled, amount(double(f.nodes_withdrawn)),
      f.stalls ? fmt::format(", {} stalled and sent again", f.stalls) : std::string(), f.known,
      bytes_text(f.traffic.bytes_sent), bytes_text(f.traffic.bytes_received),
      nodes ? static_cast<double>(bytes) / static_cast<double>(nodes) : 0.0));
  if (f.node_memory_huge_share >= 0)
    write_stdout(fmt::format(
        "  shared table: {:.0f}% in huge pages{}\n", 100 * f.node_memory_huge_share,
        f.node_memory_huge_share < 0.5
            ? " (its probes miss the TLB in 4 KiB pages: mount a tmpfs with huge=advise and give "
              "it to Open MPI as osc_sm_backing_directory; docs/distributed.md, \"Huge pages\")"
            : ""));
  for (const auto& w : f.workers)
    write_stdout(fmt::format("  rank {}: {} nodes, {} jobs, busy {:.2f} s, idle {:.2f} s{}{}\n",
                             w.rank, amount(static_cast<double>(w.nodes)), w.jobs, w.busy_seconds,
                             w.idle_seconds,
                             w.stalls ? fmt::format(", stalled {} times", w.stalls) : "",
                             w.lost ? " (lost: it did not answer the end)" : ""));
}

void print_distributed_progress(const search::distributed::Progress& p, bool tty) {
  fmt::print(stderr,
             "{}distributed: {:.0f} s, {} nodes ({:.3g}/s), {} '{}', value in [{}, {}], {} "
             "jobs ({} running), tree {}, {} positions known{}{}",
             tty ? "\r" : "", p.seconds, amount(static_cast<double>(p.nodes)),
             p.seconds > 0 ? static_cast<double>(p.nodes) / p.seconds : 0.0, "question", p.question,
             bound_text(p.lower), bound_text(p.upper), p.jobs, p.running, p.tree_nodes, p.known,
             p.stalls ? fmt::format(", {} stalls", p.stalls) : "",
             p.checkpoint_saved ? ", checkpoint saved" : "");
  fmt::print(stderr, "{}", tty ? "   " : "\n");
  std::fflush(stderr);
}

}  // namespace grundy::cli
