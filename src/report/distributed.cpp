#include "report/distributed.h"

namespace grundy::report {

nlohmann::json distributed_json(const search::distributed::Figures& f) {
  nlohmann::json workers = nlohmann::json::array();
  for (const auto& w : f.workers)
    workers.push_back({{"rank", w.rank},
                       {"nodes", w.nodes},
                       {"jobs", w.jobs},
                       {"busy_seconds", w.busy_seconds},
                       {"idle_seconds", w.idle_seconds},
                       {"stalls", w.stalls},
                       {"lost", w.lost}});
  return {{"cluster", f.cluster},
          {"job_nodes", f.job_nodes},
          {"jobs",
           {{"sent", f.jobs},
            {"decided", f.decided},
            {"expanded", f.unknown},
            {"withdrawn", f.cancelled},
            {"resent", f.resent}}},
          {"stalls", f.stalls},
          {"positions_known", f.known},
          {"bytes_sent", f.traffic.bytes_sent},
          {"bytes_received", f.traffic.bytes_received},
          {"workers", workers}};
}

}  // namespace grundy::report
