// Cluster::start in a build without MPI (CMake compiles this file or cluster_mpi.cpp).
#include "grundy/core/error.h"
#include "grundy/search/distributed/cluster.h"

namespace grundy::search::distributed {

std::unique_ptr<Cluster> Cluster::start() {
  if (started_by_mpi_launcher())
    throw InputError(
        "--distributed: this grundy was built without MPI, so the processes mpirun started "
        "cannot work together (install libopenmpi-dev, rebuild, and run again)");
  return single_process_cluster("this grundy was built without MPI");
}

}  // namespace grundy::search::distributed
