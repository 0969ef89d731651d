#include "grundy/search/distributed/team.h"

#include <algorithm>
#include <climits>

namespace grundy::search::distributed {

// In the node's memory. The job's fields are written only while `sequence` is even (no job
// posted) and read by a helper between two loads of an odd `sequence` that agree (a sequence
// lock), so a helper never takes half of one job and half of the next.
struct Team::Board {
  std::atomic<std::uint32_t> bell;  // the helpers' futex word: rung at every change
  std::atomic<std::uint32_t> over;
  std::atomic<std::uint64_t> sequence;  // odd: a job is posted and the lead searches it
  std::atomic<std::uint64_t> helper_nodes;
  std::atomic<std::uint64_t> helped;  // jobs taken by helpers
  std::atomic<std::int32_t> t;
  std::atomic<std::uint32_t> length;
  std::atomic<std::uint16_t> path[kMaxPath];
  alignas(64) std::atomic<std::uint64_t> busy[kBusySlots];
};

std::size_t Team::bytes() {
  return sizeof(Board);
}

Team::Team(void* memory) : board_(static_cast<Board*>(memory)), bell_(&board_->bell) {
  static_assert(std::atomic<std::uint64_t>::is_always_lock_free);
  static_assert(std::atomic<std::uint16_t>::is_always_lock_free);
}

void Team::post(const Job& job) {
  if (job.path.size() > kMaxPath || job.kind != JobKind::solve) return;
  for (auto& b : board_->busy) b.store(0, std::memory_order_relaxed);
  board_->t.store(job.t, std::memory_order_relaxed);
  board_->length.store(static_cast<std::uint32_t>(job.path.size()), std::memory_order_relaxed);
  for (std::size_t i = 0; i < job.path.size(); ++i)
    board_->path[i].store(job.path[i], std::memory_order_relaxed);
  board_->sequence.fetch_add(1, std::memory_order_release);
  bell_.ring(INT_MAX);
}

void Team::withdraw() {
  if ((board_->sequence.load(std::memory_order_relaxed) & 1) == 0) return;  // nothing posted
  board_->sequence.fetch_add(1, std::memory_order_release);
  bell_.ring(INT_MAX);
}

std::uint64_t Team::take_nodes() {
  return board_->helper_nodes.exchange(0);
}

void Team::end() {
  board_->over.store(1, std::memory_order_release);
  bell_.ring(INT_MAX);
}

bool Team::next(Job& job) {
  while (true) {
    const std::uint32_t rung = bell_.seen();
    if (board_->over.load(std::memory_order_acquire)) return false;
    const std::uint64_t seq = board_->sequence.load(std::memory_order_acquire);
    if ((seq & 1) && seq != seen_) {
      job = Job{};
      job.kind = JobKind::solve;
      job.t = board_->t.load(std::memory_order_relaxed);
      const std::uint32_t length =
          std::min<std::uint32_t>(board_->length.load(std::memory_order_relaxed), kMaxPath);
      job.path.resize(length);
      for (std::uint32_t i = 0; i < length; ++i)
        job.path[i] = board_->path[i].load(std::memory_order_relaxed);
      std::atomic_thread_fence(std::memory_order_acquire);
      if (board_->sequence.load(std::memory_order_relaxed) == seq) {
        seen_ = seq;
        board_->helped.fetch_add(1, std::memory_order_relaxed);
        return true;
      }
      continue;  // the lead moved on while this was read
    }
    bell_.wait(rung, 1.0);
  }
}

bool Team::ended(double seconds) {
  const std::uint32_t rung = bell_.seen();
  const auto done = [&] {
    return board_->over.load(std::memory_order_acquire) ||
           board_->sequence.load(std::memory_order_acquire) != seen_;
  };
  if (done()) return true;
  bell_.wait(rung, seconds);
  return done();
}

void Team::add_nodes(std::uint64_t nodes) {
  board_->helper_nodes.fetch_add(nodes);
}

std::uint64_t Team::helped() const {
  return board_->helped.load(std::memory_order_relaxed);
}

std::atomic<std::uint64_t>* Team::busy_marks() {
  return board_->busy;
}

}  // namespace grundy::search::distributed
