#include "grundy/search/distributed/cluster.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "grundy/core/error.h"
#include "grundy/search/distributed/local_channel.h"

namespace grundy::search::distributed {
namespace {

class SingleProcess : public Cluster {
 public:
  explicit SingleProcess(std::string why) : why_(std::move(why)) {}
  int rank() const override { return 0; }
  int size() const override { return 1; }
  int workers() const override {
    const char* v = std::getenv("GRUNDY_LOCAL_WORKERS");
    return v ? std::max(1, std::min(64, std::atoi(v))) : 1;
  }
  std::string description() const override { return "one process (" + why_ + ")"; }
  std::unique_ptr<JobChannel> channel(std::function<WorkerEngine()> make) override {
    const int n = workers();
    std::vector<WorkerEngine> engines;
    for (int i = 0; i < n; ++i) engines.push_back(make());
    return std::make_unique<LocalChannel>(std::move(engines));
  }
  int node_ranks() const override { return 1; }
  int nodes() const override { return 1; }
  int core_share() const override { return cores_of_this_process(); }
  void* node_memory(std::size_t) override { return nullptr; }
  Team* team() override { return nullptr; }
  int node_rank() const override { return 0; }
  void serve(WorkerEngine) override {}
  void abandon() override {}

 private:
  std::string why_;
};

}  // namespace

int cores_of_this_process() {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (::sched_getaffinity(0, sizeof mask, &mask) == 0) return std::max(1, CPU_COUNT(&mask));
  return static_cast<int>(std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN)));
}

bool started_by_mpi_launcher() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

bool prefer_shared_memory_on_one_node() {
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  if (!size || !local || std::string_view(size) != local || std::getenv("OMPI_MCA_pml"))
    return false;
  return ::setenv("OMPI_MCA_pml", "ob1", 0) == 0;
}

std::unique_ptr<Cluster> single_process_cluster(std::string why) {
  return std::make_unique<SingleProcess>(std::move(why));
}

}  // namespace grundy::search::distributed
