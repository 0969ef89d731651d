// grundy uttt solve ... --distributed: the solve over the cluster (uttt_solve.cpp prints it).
#include "grundy/games/uttt/solve_distributed.h"
#include "uttt_cli.h"

namespace grundy::cli::uttt_cli {

uttt::SolveResult solve_distributed(DistributedRun& run, const uttt::Board& b,
                                    const uttt::SolveOptions& s, bool progress,
                                    search::distributed::Figures& figures) {
  uttt::DistributedOptions d;
  d.job_nodes = run.job_nodes();
  d.stall_seconds = run.stall_seconds();
  if (progress)
    d.progress = [](const search::distributed::Progress& p) {
      print_distributed_progress(p, false);
    };
  const int share = uttt::share_weight_for(run.workers());
  auto& channel = run.channel([&] { return uttt::distributed_runner(b, s, share); });
  auto r = uttt::solve_distributed(b, s, channel, d, run.stats(), run.knowledge());
  figures = run.finish(d.job_nodes ? d.job_nodes : uttt::kDefaultJobNodes);
  return r;
}

}  // namespace grundy::cli::uttt_cli
