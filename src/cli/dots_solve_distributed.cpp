// grundy dots solve ... --distributed: the solve over the cluster (dots_solve.cpp prints it).
#include <unistd.h>

#include "dots_cli.h"
#include "grundy/games/dots/solve_distributed.h"

namespace grundy::cli::dots_cli {

dots::NodeTable node_table(DistributedRun& run, const dots::SolveOptions& so) {
  dots::NodeTable t;  // every rank asks (collective), a node of one rank too
  t.memory = run.node_memory(dots::node_table_bytes(so, run.node_ranks()));
  if (t.memory) t.ranks = run.node_ranks();
  t.team = run.team();  // collective too
  t.team_rank = run.node_rank();
  return t;
}

dots::SolveResult solve_distributed(DistributedRun& run, const dots::DotsState& s,
                                    const dots::SolveOptions& so, const dots::NodeTable& table,
                                    bool progress, search::distributed::Figures& figures) {
  dots::DistributedOptions d;
  // A job of the default budget takes the same time on a rank of several threads.
  d.job_nodes = run.job_nodes() ? run.job_nodes()
                                : dots::kDefaultJobNodes * static_cast<std::uint64_t>(so.threads);
  d.stall_seconds = run.stall_seconds();
  const bool tty = ::isatty(STDERR_FILENO);
  if (progress || tty)
    d.progress = [tty](const search::distributed::Progress& p) {
      print_distributed_progress(p, tty);
    };
  const int share = search::distributed::share_weight_for(run.workers());
  auto& channel = run.channel([&] { return dots::distributed_runner(s, so, share, table); });
  auto r = dots::solve_distributed(s, so, channel, d, run.stats(), run.knowledge());
  if (d.progress && tty) fmt::print(stderr, "\n");
  figures = run.finish(d.job_nodes ? d.job_nodes : dots::kDefaultJobNodes);
  r.tt.probes = figures.table_probes;
  r.tt.hits = figures.table_hits;
  return r;
}

}  // namespace grundy::cli::dots_cli
