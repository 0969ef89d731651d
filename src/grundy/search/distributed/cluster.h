#pragma once
// Starting a distributed search. Under mpirun (or srun) every rank runs the same command line:
// rank 0 becomes the master (with one engine thread of its own, so N ranks are N workers) and
// the other ranks serve jobs until the master tells them to stop. Started without an MPI
// launcher, or by a grundy built without MPI, the search runs in this one process (the master
// and one worker thread); a grundy without MPI that mpirun started refuses, since its ranks
// could not talk to each other.
//
// MPI is initialised only here, only when a launcher started the process (MPI_THREAD_FUNNELED:
// only the main thread of a rank calls MPI; the engine threads never do).
#include <memory>
#include <string>

#include "grundy/search/distributed/channel.h"
#include "grundy/search/distributed/team.h"

namespace grundy::search::distributed {

class Cluster {
 public:
  // InputError when this build has no MPI but an MPI launcher started the process.
  static std::unique_ptr<Cluster> start();
  virtual ~Cluster() = default;

  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual int workers() const = 0;  // engines in all (the master's rank runs one too)
  bool is_master() const { return rank() == 0; }
  // "3 MPI ranks", "4 MPI ranks on 2 nodes, 512 MiB shared by the ranks of each node", "one
  // process (not started by mpirun)", ...
  virtual std::string description() const = 0;

  // The master's channel: worker 0 is a thread of this process running `local`, worker r > 0
  // the rank r. One process runs GRUNDY_LOCAL_WORKERS worker threads (default 1; for tests
  // and measurements of search overhead), each made by `make`.
  virtual std::unique_ptr<JobChannel> channel(std::function<WorkerEngine()> make) = 0;
  // The ranks on this rank's node, and the nodes the run spans.
  virtual int node_ranks() const = 0;
  virtual int nodes() const = 0;
  // The cores this rank may use: the cores its machine's ranks may run on (the union of their
  // CPU masks) shared evenly among them — one for ranks bound to a core each, all of them for a
  // rank alone and unbound, the cores of its container when ranks share one unbound.
  virtual int core_share() const = 0;
  // `bytes` bytes of memory that every rank on this rank's node maps (MPI-3 shared memory:
  // MPI_Win_allocate_shared over the node's ranks), zero, kept until the cluster ends: one
  // transposition table per node instead of one per rank. Collective: every rank of the run
  // calls it once, at the same point, before channel() or serve() (the master's channel then
  // relays shared entries to one rank of each other node that shares a table). Null for one
  // process, a node with one rank, when its tmpfs (below) has no room for it, or when
  // GRUNDY_NO_NODE_MEMORY is set (in the environment of the node's first rank): each rank then
  // keeps a table of its own.
  virtual void* node_memory(std::size_t bytes) = 0;
  // The share (0 to 1) of node_memory() that lies in huge pages, the least over the nodes that
  // share a table, as their first ranks see it once the memory is zeroed (huge_pages.h); the
  // same on every rank; negative when no node shares one. Open MPI keeps it in a tmpfs (/dev/shm,
  // or its MCA parameter osc_sm_backing_directory), which gives huge pages only when mounted with
  // huge=advise.
  virtual double node_memory_huge_share() const { return -1; }
  // The node's ranks as one team (team.h): its first rank takes jobs as a worker, the others
  // help with each one. Collective (every rank of the run calls it once, after node_memory(),
  // before channel() or serve()); the same team on every rank of a node, the rank's place in it
  // node_rank(). Null where the node has one rank, no shared table, or where GRUNDY_NO_TEAMS is
  // set (in the environment of the node's first rank): each rank then takes jobs of its own.
  // workers() counts the teams' first ranks only from then on.
  virtual Team* team() = 0;
  virtual int node_rank() const = 0;
  // Other ranks: run jobs with `worker` until the master says stop; in a team, ranks other than
  // the first run worker.help until the run ends.
  virtual void serve(WorkerEngine worker) = 0;
  // The master, at the end: workers that never answered the stop (stalled) would hang a clean
  // shutdown, so the run is ended at once (MPI_Abort with status 0) after the output is out.
  virtual void abandon() = 0;
};

// The cores this process may run on (its CPU mask; the online cores when it cannot be read).
int cores_of_this_process();

// Whether an MPI launcher (mpirun, mpiexec, srun) started this process.
bool started_by_mpi_launcher();

// Open MPI's default point-to-point layer (UCX) probes the network devices when MPI starts: 0.2 s
// of MPI_Init on this project's 2-core machine, against 0.02 s for ob1 over shared memory
// (docs/benchmarks.md). When every rank runs on this node (Open MPI's launcher says so in the
// environment) and the user chose no layer (OMPI_MCA_pml, `--mca pml`), this asks for ob1:
// shared memory is the transport either way. Every rank sees the same variables, so all choose
// alike. Called before MPI_Init; true when it set OMPI_MCA_pml.
bool prefer_shared_memory_on_one_node();

// The cluster of one process (used by Cluster::start when no launcher started it).
std::unique_ptr<Cluster> single_process_cluster(std::string why);

}  // namespace grundy::search::distributed
