#pragma once
// The ranks of one node searching each job together (a team): the node's first rank takes the
// jobs, as a worker of the channel, and the others help with each one as the threads of one
// process help each other (alpha_beta.h: the same test over the same table, the moves being
// searched marked so that the others put them off), over the node's shared table. Ranks taking
// jobs of their own (one worker a rank) searched 1.2-3x the nodes of one process on the same
// cores, each job starting afresh from its position; threads of one process 1.1-1.3x
// (docs/distributed.md, "Teams").
//
// What they share lies in the node's memory (Cluster::team, MPI-3 shared memory): the job under
// way (its moves from the root and its question), the marks of the moves being searched, the
// nodes the helpers searched, and a futex word on which the helpers sleep between jobs.
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "grundy/search/distributed/doorbell.h"
#include "grundy/search/distributed/message.h"

namespace grundy::search::distributed {

class Team {
 public:
  static constexpr std::size_t kMaxPath = 128;  // longer jobs are searched by the lead alone
  static constexpr std::size_t kBusySlots = 4096;
  // The bytes of node memory a team needs (zeroed before any rank uses it).
  static std::size_t bytes();

  // `memory`: bytes() of memory that every rank of the team maps, zero at first.
  explicit Team(void* memory);

  // --- The lead (the rank that takes the jobs) ---
  // Posts `job` for the helpers (and clears the marks its last search left); withdraw() when
  // the lead's own search of it has ended, whatever its outcome.
  void post(const Job& job);
  void withdraw();
  // The nodes the helpers searched since the last call.
  std::uint64_t take_nodes();
  // The run is over: every helper returns from next().
  void end();

  // --- A helper ---
  // Waits for a job it has not seen yet; false once the run is over.
  bool next(Job& job);
  // Whether the job next() gave has ended (withdrawn, another posted, or the run over), waiting
  // at most `seconds` for it.
  bool ended(double seconds);
  void add_nodes(std::uint64_t nodes);
  // The jobs the team's helpers have taken so far (each helper's count).
  std::uint64_t helped() const;

  // The marks of the moves the team is searching (AlphaBeta::share_busy_marks).
  std::atomic<std::uint64_t>* busy_marks();

 private:
  struct Board;
  Board* board_;
  Doorbell bell_;
  std::uint64_t seen_ = 0;  // a helper: the sequence number of the last job it took
};

}  // namespace grundy::search::distributed
