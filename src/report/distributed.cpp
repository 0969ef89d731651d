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
                       {"seed_bytes_forwarded", w.seed_bytes_forwarded},
                       {"lost", w.lost}});
  nlohmann::json j = {{"cluster", f.cluster},
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
                      {"seed_bytes_sent", f.traffic.seed_bytes},
                      {"workers", workers}};
  // The least share of a node's shared table in huge pages over the nodes (none: no key).
  if (f.node_memory_huge_share >= 0) j["shared_table_huge_pages"] = f.node_memory_huge_share;
  return j;
}

}  // namespace grundy::report
