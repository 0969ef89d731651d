#pragma once
// The figures of a distributed solve (`grundy dots|uttt solve --distributed --json`): the key
// "distributed" of their JSON answers.
#include <nlohmann/json.hpp>

#include "grundy/search/distributed/figures.h"

namespace grundy::report {

// cluster, job_nodes, jobs {sent, decided, expanded, withdrawn, resent}, stalls, positions_known,
// bytes_sent, bytes_received, seed_bytes_sent (of bytes_sent: a resume's table entries the
// master sent to the first ranks of the seed tree), and workers: [{rank, nodes, jobs,
// busy_seconds, idle_seconds, stalls, seed_bytes_forwarded (a resume's entries it passed on to
// other ranks), lost}].
nlohmann::json distributed_json(const search::distributed::Figures& f);

}  // namespace grundy::report
