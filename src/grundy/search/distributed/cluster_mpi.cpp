// Cluster::start with MPI (CMake compiles this file when it finds MPI, else cluster_nompi.cpp).
//
// Messages are byte strings (message.h) on one tag, and only between the master (rank 0) and
// each worker: the master relays shared table entries, so every worker hears only from the
// master, in order, and nothing can reach it after the final stop. The one exception is a
// resume's seed, which goes down a tree of workers (MpiChannel::seed); a worker takes all its
// pieces before it stops. Sends never block (a rank
// that waited in MPI_Send for another rank waiting in its own would deadlock): each goes out
// with MPI_Isend from a buffer kept until it completes; receives never block either (Inbox). Every
// rank polls and sleeps rather than blocking in MPI_Recv, whose busy wait would take a core from
// the engines; the sleeps are as long as the latency allows (kMasterPoll and the worker's two
// intervals), and on the master's node the workers ring the master's doorbell (doorbell.h) when
// they answer, so that it sleeps longer (kBellWait) and still hears at once.
//
// The C interface only: Open MPI's deprecated C++ bindings are left out.
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <sched.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <list>
#include <string>
#include <thread>

#include "grundy/core/error.h"
#include "grundy/core/huge_pages.h"
#include "grundy/search/distributed/cluster.h"
#include "grundy/search/distributed/doorbell.h"
#include "grundy/search/distributed/engine_thread.h"
#include "grundy/search/distributed/relay.h"

namespace grundy::search::distributed {
namespace {

constexpr int kTag = 7;
constexpr int kMaster = 0;
// How often a rank passes on the table entries its engine shares.
constexpr auto kShareEvery = std::chrono::milliseconds(10);
// Shared entries are dropped for a rank with this many sends still in flight (it is slow or
// stalled; sharing is a help, not a duty).
constexpr std::size_t kMaxInFlight = 64;
// A resumed run's checkpointed table entries go to each worker in messages of this many.
constexpr std::size_t kSeedBatch = std::size_t{1} << 16;
constexpr double kSeedWait = 60;  // seconds, per piece (a stalled rank must not hold up the run)
using Clock = std::chrono::steady_clock;
// How long a rank's message thread sleeps between two looks for MPI messages (seconds). Each
// wake-up costs the engine on the same core: at every 200 microseconds, 25% of a 1-rank run's
// time on a virtual machine (docs/distributed.md). An answer of the rank's own engine wakes the
// thread at once whatever the interval; a remote worker's answer waits up to kMasterPoll, which
// on 2 ranks, of 0.5, 1 and 2 ms, gave the shortest Dots and Boxes solves.
constexpr double kMasterPoll = 0.001;
// With a doorbell (every worker on the master's node rings it when it answers), the master
// wakes for answers at once and otherwise every kBellWait. Some answers are still not there
// when the master looks after the ring (not understood yet: docs/benchmarks.md), so the wait
// stays short: on 2 ranks, 2 ms left the workers idle 0.08-0.13 s of a 3.4 s solve, 10 ms
// 0.33-0.55 s; either way the master wakes half as often as it polled before (1 ms), and one
// rank's engine, with the master thread on the other core, ran 4-6% faster.
constexpr double kBellWait = 0.002;
constexpr double kBusyWorkerPoll = 0.002;
constexpr double kIdleWorkerPoll = 0.0001;

// Sends in flight: each buffer stays (a list: it never moves) until MPI_Test says it is done.
class Outbox {
 public:
  // `bell`: rung once the send has completed (the message has left this rank), for a
  // receiver that sleeps on it.
  void send(std::string bytes, int rank, Doorbell* bell = nullptr) {
    pending_.push_back({MPI_REQUEST_NULL, rank, bell, std::move(bytes)});
    auto& p = pending_.back();
    MPI_Isend(p.bytes.data(), static_cast<int>(p.bytes.size()), MPI_BYTE, rank, kTag,
              MPI_COMM_WORLD, &p.request);
    progress();
  }
  void progress() {
    for (auto it = pending_.begin(); it != pending_.end();) {
      int done = 0;
      MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
      if (done && it->bell) it->bell->ring();
      it = done ? pending_.erase(it) : std::next(it);
    }
  }
  std::size_t in_flight(int rank) const {
    std::size_t n = 0;
    for (const auto& p : pending_) n += p.rank == rank;
    return n;
  }
  // Waits at most `seconds` for every send to complete.
  bool flush(double seconds) {
    const auto until = Clock::now() + std::chrono::duration<double>(seconds);
    while (true) {
      progress();
      if (pending_.empty()) return true;
      if (Clock::now() >= until) return false;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }

 private:
  struct Pending {
    MPI_Request request;
    int rank;
    Doorbell* bell;
    std::string bytes;
  };
  std::list<Pending> pending_;
};

// Messages in, without ever blocking. A probed message is matched (MPI_Improbe) and received
// with MPI_Imrecv: a large one comes in fragments that its sender must push, so a blocking
// MPI_Recv of a message whose sender stops half way (SIGSTOP, a hung node) hung the master until
// the sender came back, and no stall could be noticed meanwhile. Messages are handed out in the
// order they were matched, per sender (MPI's order), each once it has arrived whole.
class Inbox {
 public:
  // A whole message from `source` (MPI_ANY_SOURCE: anyone); false when none has arrived.
  bool poll(int source, std::string& out, int& from) {
    match(source);
    for (auto it = pending_.begin(); it != pending_.end(); ++it) {
      if (!it->done) MPI_Test(&it->request, &it->done, MPI_STATUS_IGNORE);
      const bool earlier_from_sender = std::any_of(
          pending_.begin(), it, [&](const Pending& p) { return p.source == it->source; });
      if (!it->done || earlier_from_sender) continue;
      out = std::move(it->bytes);
      from = it->source;
      pending_.erase(it);
      return true;
    }
    return false;
  }

 private:
  struct Pending {
    MPI_Request request;
    int source;
    int done;
    std::string bytes;
  };
  // Matches every message waiting from `source` (a list: buffers never move while received).
  // A probe that finds nothing is made twice: Open MPI's MPI_Improbe looks among the messages
  // already taken in and only then moves the runtime on, so a message that had just arrived (a
  // doorbell rang for it) is often seen by the second probe rather than at the next wake-up
  // (with one probe the workers idled 0.8-1.4 s of a 4 s solve, with two 0.4-0.5 s; more
  // probes did not lower it further).
  void match(int source) {
    for (int misses = 0; misses < 2;) {
      int flag = 0;
      MPI_Message message;
      MPI_Status st;
      MPI_Improbe(source, kTag, MPI_COMM_WORLD, &flag, &message, &st);
      if (!flag) {
        ++misses;
        continue;
      }
      int count = 0;
      MPI_Get_count(&st, MPI_BYTE, &count);
      pending_.push_back(
          {MPI_REQUEST_NULL, st.MPI_SOURCE, 0, std::string(static_cast<std::size_t>(count), '\0')});
      auto& p = pending_.back();
      MPI_Imrecv(p.bytes.data(), count, MPI_BYTE, &message, &p.request);
    }
  }
  std::list<Pending> pending_;
};

// A worker's part in a resume's seed (MpiChannel::seed): its plan (how many pieces come, whom
// it passes them on to), the pieces taken, and the jobs it holds until they are in. A piece
// from its parent can overtake the master's plan (MPI orders messages per sender only): it is
// stored at once and passed on when the plan comes. The worker waits at most kSeedWait from one
// piece to the next: a stalled parent delays the jobs, never stops them.
struct SeedIntake {
  bool planned = false;
  SeedPlan plan;
  std::uint32_t got = 0;
  std::vector<std::string> early;  // pieces taken before the plan came, to pass on
  Clock::time_point heard;
  std::vector<std::string> held;
  std::uint64_t forwarded = 0;  // bytes passed on
  bool waiting() const {
    return planned && got < plan.pieces &&
           Clock::now() - heard < std::chrono::duration<double>(kSeedWait);
  }
};

class MpiChannel : public JobChannel {
 public:
  // `ranks`: each worker's rank (worker 0 is this rank's engine). `bell`: the master's doorbell
  // (null: none), rung by its engine and by the workers of its node; when every worker is on
  // that node, every answer rings it and the master sleeps longer. `team`: the team of the
  // master's node (null: none), ended with the run.
  MpiChannel(std::vector<int> ranks, WorkerEngine local, NodeMap nodes, Doorbell* bell, Team* team)
      : size_(static_cast<int>(ranks.size())),
        ranks_(std::move(ranks)),
        nodes_(std::move(nodes)),
        bell_(bell),
        wait_(bell && std::all_of(nodes_.node.begin(), nodes_.node.end(),
                                  [](int n) { return n == 0; })
                  ? kBellWait
                  : kMasterPoll),
        team_(team),
        local_(std::make_unique<EngineThread>(0, std::move(local), answers_)) {
    answers_.ring_on_push(bell_);
  }

  int workers() const override { return size_; }
  int rank_of(int worker) const override { return ranks_[static_cast<std::size_t>(worker)]; }

  void send(int worker, const Job& job) override {
    if (worker == kMaster)
      local_->submit(job);
    else
      post(encode_job(job), rank_of(worker));
  }
  void cancel(int worker, std::uint64_t job) override {
    if (worker == kMaster)
      local_->cancel(job);
    else
      post(encode_cancel(job), rank_of(worker));
  }
  bool receive(Answer& out, double seconds) override {
    const auto until = Clock::now() + std::chrono::duration<double>(seconds);
    std::string bytes;
    int from = 0;
    while (true) {
      const std::uint32_t seen = bell_ ? bell_->seen() : 0;
      outbox_.progress();
      share_local();
      if (answers_.pop(out, 0)) return true;
      if (inbox_.poll(MPI_ANY_SOURCE, bytes, from)) {
        ++traffic_.messages_received;
        traffic_.bytes_received += bytes.size();
        const MessageType type = message_type(bytes);
        if (type == MessageType::answer) {
          out = decode_answer(bytes);
          return true;
        }
        if (type == MessageType::entries) relay(worker_of(from), bytes);
        continue;  // else a late bye: nothing to do
      }
      const auto now = Clock::now();
      if (now >= until) return false;
      if (bell_)
        bell_->wait(seen, std::min(wait_, std::chrono::duration<double>(until - now).count()));
      else if (answers_.pop(out, kMasterPoll))  // wakes at once for the local engine
        return true;
    }
  }
  std::vector<WorkerReport> stop(double grace) override {
    std::vector<WorkerReport> out(static_cast<std::size_t>(size_));
    for (int w = 0; w < size_; ++w) out[w].rank = rank_of(w);
    out[0].answered_stop = true;
    out[0].totals = local_->totals();
    local_.reset();
    if (team_) team_->end();
    stopping_ = true;
    for (int w = 1; w < size_; ++w) post(encode_stop(), rank_of(w));
    int left = size_ - 1;
    auto deadline = Clock::now() + std::chrono::duration<double>(grace);
    std::string bytes;
    int from = 0;
    while (left > 0 && Clock::now() < deadline) {
      outbox_.progress();
      if (!inbox_.poll(MPI_ANY_SOURCE, bytes, from)) {
        std::this_thread::sleep_for(std::chrono::microseconds(500));
        continue;
      }
      if (message_type(bytes) != MessageType::bye) continue;  // answers and entries: too late
      std::int32_t worker = 0;
      WorkerTotals t;
      decode_bye(bytes, worker, t);
      if (worker < 1 || worker >= size_ || out[worker].answered_stop) continue;
      out[worker].answered_stop = true;
      out[worker].totals = t;
      --left;
      deadline = Clock::now() + std::chrono::duration<double>(grace);
    }
    if (left == 0) outbox_.flush(grace);
    return out;
  }
  ChannelTraffic traffic() const override { return traffic_; }
  void on_entries(std::function<void(const std::vector<TableEntry>&)> listener) override {
    listener_ = std::move(listener);
  }
  void relay_entries(bool on) override { relay_ = on; }
  // Over MPI in pieces of kSeedBatch entries, through a tree of the workers that store them
  // (seed_children): each is first told how many pieces will come and whom it passes them on to
  // (a SeedPlan, before any job), then the master sends each piece to its own children (waiting
  // at most kSeedWait for it to go out, so that its buffers in flight stay one piece a child) and
  // each worker passes on what it receives. A worker holds its jobs until its pieces are in
  // (at most kSeedWait from one to the next). A node's one table needs them once: the master's
  // own store covers its node, one rank each other node (NodeMap).
  void seed(const std::vector<TableEntry>& entries) override {
    const bool stored = local_ && local_->share();
    if (stored) local_->share()->store(entries);
    std::vector<int> to;
    nodes_.targets(
        stored ? kMaster : -1, size_, [](int w) { return w != kMaster; },
        [&](int w) { to.push_back(w); });
    const auto pieces = (entries.size() + kSeedBatch - 1) / kSeedBatch;
    if (to.empty() || pieces == 0) return;
    const int count = static_cast<int>(to.size());
    const auto ranks_of = [&](const std::vector<int>& targets) {
      std::vector<std::int32_t> out;
      for (const int t : targets) out.push_back(rank_of(to[static_cast<std::size_t>(t)]));
      return out;
    };
    for (int t = 0; t < count; ++t)
      post(
          encode_seed_plan({static_cast<std::uint32_t>(pieces), ranks_of(seed_children(t, count))}),
          rank_of(to[static_cast<std::size_t>(t)]));
    const auto mine = ranks_of(seed_children(-1, count));
    for (std::size_t at = 0; at < entries.size(); at += kSeedBatch) {
      const std::vector<TableEntry> piece(
          entries.begin() + static_cast<std::ptrdiff_t>(at),
          entries.begin() + static_cast<std::ptrdiff_t>(std::min(entries.size(), at + kSeedBatch)));
      const std::string bytes = encode_seed(piece);
      for (const int rank : mine) {
        traffic_.seed_bytes += bytes.size();
        post(bytes, rank);
      }
      outbox_.flush(kSeedWait);
    }
  }

 private:
  void post(std::string bytes, int rank) {
    ++traffic_.messages_sent;
    traffic_.bytes_sent += bytes.size();
    outbox_.send(std::move(bytes), rank);
  }
  // The worker whose rank is `rank` (-1: none, a rank of a team that does not take jobs).
  int worker_of(int rank) const {
    const auto at = std::find(ranks_.begin(), ranks_.end(), rank);
    return at == ranks_.end() ? -1 : static_cast<int>(at - ranks_.begin());
  }
  // Entries from worker `origin` (encoded; worker 0 is this rank's engine): to the master's
  // listener, then to this rank's engine and the other worker ranks that keep up; of the ranks
  // that share a node's table, to one (none on the origin's node).
  void relay(int origin, const std::string& bytes) {
    if (stopping_) return;
    std::int32_t sender = 0;
    const auto entries = decode_entries(bytes, sender);
    if (listener_) listener_(entries);
    if (!relay_) return;
    nodes_.targets(
        origin, size_,
        [&](int w) { return w == kMaster || outbox_.in_flight(rank_of(w)) < kMaxInFlight; },
        [&](int w) {
          if (w != kMaster)
            post(bytes, rank_of(w));
          else if (local_ && local_->share())
            local_->share()->store(entries);
        });
  }
  // What this rank's own engine shared since the last time, every kShareEvery.
  void share_local() {
    if (!local_ || !local_->share() || Clock::now() - last_share_ < kShareEvery) return;
    last_share_ = Clock::now();
    batch_.clear();
    local_->share()->take(batch_);
    if (!batch_.empty()) relay(kMaster, encode_entries(kMaster, batch_));
  }

  int size_;
  std::vector<int> ranks_;
  NodeMap nodes_;
  Doorbell* bell_;
  double wait_;
  Team* team_;
  AnswerQueue answers_;
  std::unique_ptr<EngineThread> local_;
  Outbox outbox_;
  Inbox inbox_;
  ChannelTraffic traffic_;
  std::function<void(const std::vector<TableEntry>&)> listener_;
  Clock::time_point last_share_ = Clock::now();
  std::vector<TableEntry> batch_;
  bool stopping_ = false;
  bool relay_ = true;
};

class MpiCluster : public Cluster {
 public:
  MpiCluster() : ranks_per_node_(ranks_per_node_for_tests()) {
    check_backing_directory();
    prefer_shared_memory_on_one_node();
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node_);
    core_share_ = machine_core_share(node_);  // the machine's, before any split for tests
    split_node_for_tests();
    // A failed shared allocation returns (node_memory then falls back to a table a rank)
    // instead of ending the job.
    MPI_Comm_set_errhandler(node_, MPI_ERRORS_RETURN);
    MPI_Comm_rank(node_, &node_rank_);
    MPI_Comm_size(node_, &node_ranks_);
    int leader = node_rank_ == 0;
    MPI_Allreduce(&leader, &nodes_, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    // Each rank's node, named by the world rank of its first rank.
    int first = rank_;
    MPI_Bcast(&first, 1, MPI_INT, 0, node_);
    map_.node.resize(static_cast<std::size_t>(size_));
    MPI_Allgather(&first, 1, MPI_INT, map_.node.data(), 1, MPI_INT, MPI_COMM_WORLD);
    map_.shared.assign(static_cast<std::size_t>(size_), 0);
    for (int r = 0; r < size_; ++r) worker_ranks_.push_back(r);
    // The master's doorbell, in 64 bytes of its node's memory: the ranks of its node ring it.
    void* bell = nullptr;
    if (shared_on_node(64, bell_window_, bell) && map_.node[static_cast<std::size_t>(rank_)] == 0)
      bell_ = std::make_unique<Doorbell>(bell);
  }
  ~MpiCluster() override {
    if (abandoned_) return;
    bell_.reset();
    team_.reset();
    if (team_window_ != MPI_WIN_NULL) MPI_Win_free(&team_window_);
    if (bell_window_ != MPI_WIN_NULL) MPI_Win_free(&bell_window_);
    if (window_ != MPI_WIN_NULL) MPI_Win_free(&window_);
    if (node_ != MPI_COMM_NULL) MPI_Comm_free(&node_);
    MPI_Finalize();
  }

  double node_memory_huge_share() const override { return huge_share_; }
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  int workers() const override { return static_cast<int>(worker_ranks_.size()); }
  std::string description() const override {
    std::string d = std::to_string(size_) + " MPI ranks";
    if (nodes_ > 1) d += " on " + std::to_string(nodes_) + " nodes";
    if (shared_bytes_ > 0)
      d += ", " + std::to_string((shared_bytes_ + (1 << 19)) >> 20) +
           " MiB shared by the ranks of each node";
    if (teams_ > 0)
      d += teams_ == nodes_ ? ", each node's ranks searching its jobs together"
                            : ", the ranks of " + std::to_string(teams_) + " of its " +
                                  std::to_string(nodes_) + " nodes searching their jobs together";
    return d;
  }

  std::unique_ptr<JobChannel> channel(std::function<WorkerEngine()> make) override {
    NodeMap map;  // of the workers
    for (const int r : worker_ranks_) {
      map.node.push_back(map_.node[static_cast<std::size_t>(r)]);
      map.shared.push_back(map_.shared[static_cast<std::size_t>(r)]);
    }
    return std::make_unique<MpiChannel>(worker_ranks_, make(), std::move(map), bell_.get(),
                                        team_.get());
  }

  int node_ranks() const override { return node_ranks_; }
  int nodes() const override { return nodes_; }
  int core_share() const override { return core_share_; }
  // Every rank learns which ranks share their node's table (the master relays entries to one
  // of them).
  void* node_memory(std::size_t bytes) override {
    void* base = allocate_node_memory(bytes);
    const char mine = base != nullptr;
    MPI_Allgather(&mine, 1, MPI_CHAR, map_.shared.data(), 1, MPI_CHAR, MPI_COMM_WORLD);
    // The least share in huge pages over the nodes that share a table (a node whose tmpfs
    // gives none slows every job it runs), known to every rank.
    double share = huge_share_ >= 0 ? huge_share_ : 2.0, least = 2.0;
    MPI_Allreduce(&share, &least, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    huge_share_ = least <= 1.0 ? least : -1.0;
    return base;
  }

  Team* team() override {
    int want = node_rank_ == 0 && node_ranks_ > 1 && window_ != MPI_WIN_NULL &&
               !std::getenv("GRUNDY_NO_TEAMS");
    MPI_Bcast(&want, 1, MPI_INT, 0, node_);
    void* memory = nullptr;
    if (want && aligned_on_node(Team::bytes(), 64, team_window_, memory)) {
      if (node_rank_ == 0) std::memset(memory, 0, Team::bytes());
      MPI_Barrier(node_);
      team_ = std::make_unique<Team>(memory);
    }
    // Every rank takes jobs but a team's helpers.
    const char takes = !team_ || node_rank_ == 0;
    std::vector<char> all(static_cast<std::size_t>(size_));
    MPI_Allgather(&takes, 1, MPI_CHAR, all.data(), 1, MPI_CHAR, MPI_COMM_WORLD);
    worker_ranks_.clear();
    for (int r = 0; r < size_; ++r)
      if (all[static_cast<std::size_t>(r)]) worker_ranks_.push_back(r);
    int lead = team_ && node_rank_ == 0;
    MPI_Allreduce(&lead, &teams_, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    return team_.get();
  }
  int node_rank() const override { return node_rank_; }

  // A worker rank: jobs, withdrawals and shared entries come from the master only (in order);
  // answers and this engine's entries go to it. Only a resume's seed pieces may come from
  // another worker (its parent in the seed tree, MpiChannel::seed). A team's helper helps until
  // the run ends.
  void serve(WorkerEngine worker) override {
    if (team_ && node_rank_ != 0) {
      if (worker.help) worker.help();
      return;
    }
    const auto at = std::find(worker_ranks_.begin(), worker_ranks_.end(), rank_);
    const int me = static_cast<int>(at - worker_ranks_.begin());
    AnswerQueue answers;
    EngineThread engine(me, std::move(worker), answers);
    Outbox outbox;
    Inbox inbox;
    SeedIntake seed;
    std::string bytes;
    int from = 0;
    auto last_share = Clock::now();
    std::vector<TableEntry> batch;
    // A seed piece: into the table, and on to this worker's children in the tree.
    const auto pass_on = [&](const std::string& piece) {
      for (const int child : seed.plan.children) {
        seed.forwarded += piece.size();
        outbox.send(piece, child);
      }
    };
    const auto take_piece = [&](std::string piece) {
      if (engine.share()) engine.share()->store(decode_seed(piece));
      if (seed.planned)
        pass_on(piece);
      else
        seed.early.push_back(std::move(piece));
      ++seed.got;
      seed.heard = Clock::now();
    };
    // Every message but a seed's; false once told to stop.
    const auto handle = [&](const std::string& message) {
      switch (message_type(message)) {
        case MessageType::job:
          engine.submit(decode_job(message));
          break;
        case MessageType::cancel:
          engine.cancel(decode_cancel(message));
          break;
        case MessageType::entries:
          if (engine.share()) {
            std::int32_t origin = 0;
            engine.share()->store(decode_entries(message, origin));
          }
          break;
        case MessageType::seed_plan:
          seed.plan = decode_seed_plan(message);
          seed.planned = true;
          seed.heard = Clock::now();
          for (const auto& piece : seed.early) pass_on(piece);
          seed.early.clear();
          break;
        case MessageType::stop: {
          // The pieces still on their way: their sender waits for them to be taken.
          while (seed.waiting()) {
            outbox.progress();
            if (inbox.poll(MPI_ANY_SOURCE, bytes, from) && message_type(bytes) == MessageType::seed)
              take_piece(bytes);
            else
              std::this_thread::sleep_for(std::chrono::microseconds(200));
          }
          if (team_) team_->end();
          WorkerTotals totals = engine.totals();
          totals.seed_bytes_forwarded = seed.forwarded;
          outbox.send(encode_bye(me, totals), kMaster);
          outbox.flush(60);
          return false;
        }
        default:
          break;
      }
      return true;
    };
    while (true) {
      outbox.progress();
      Answer a;
      while (answers.pop(a, 0)) answer(outbox, a);
      if (engine.share() && Clock::now() - last_share >= kShareEvery) {
        last_share = Clock::now();
        batch.clear();
        engine.share()->take(batch);
        if (!batch.empty()) outbox.send(encode_entries(rank_, batch), kMaster);
      }
      if (!seed.held.empty() && !seed.waiting()) {
        std::vector<std::string> held;
        held.swap(seed.held);
        for (const auto& message : held) handle(message);  // jobs and withdrawals only
      }
      if (!inbox.poll(MPI_ANY_SOURCE, bytes, from)) {
        // Busy: only withdrawals and shared entries can come, and the engine's answer wakes
        // this thread at once; idle: a job is what it waits for.
        if (answers.pop(a, engine.busy() ? kBusyWorkerPoll : kIdleWorkerPoll)) answer(outbox, a);
        continue;
      }
      const MessageType type = message_type(bytes);
      if (type == MessageType::seed) {
        take_piece(std::move(bytes));
      } else if (from != kMaster) {
        continue;  // nothing else comes from another worker
      } else if ((type == MessageType::job || type == MessageType::cancel) &&
                 (seed.waiting() || !seed.held.empty())) {
        seed.held.push_back(std::move(bytes));  // after the seed, in their order
      } else if (!handle(bytes)) {
        return;
      }
    }
  }

  void abandon() override {
    abandoned_ = true;
    MPI_Abort(MPI_COMM_WORLD, 0);
  }

 private:
  // node_memory(), collective over the node. Rank 0 of the node allocates it all (one segment,
  // in /dev/shm or backing_directory() with Open MPI); the ranks populate a slice each. Room is
  // checked first: a tmpfs that runs out while a page is first touched kills the process with
  // SIGBUS. The segment starts with MPI's own header, so the memory handed out begins where rank 0
  // sees a 2 MiB boundary (the same offset in the segment on every rank: each maps it at its own
  // address, at the same offset within a page, so each sees its table's buckets on whole cache
  // lines).
  void* allocate_node_memory(std::size_t bytes) {
    constexpr std::size_t kAlign = std::size_t{2} << 20;
    int room = 0;
    if (node_rank_ == 0 && node_ranks_ > 1 && !std::getenv("GRUNDY_NO_NODE_MEMORY")) {
      struct statvfs fs {};
      room = ::statvfs(backing_directory(), &fs) == 0 &&
             static_cast<double>(fs.f_bavail) * static_cast<double>(fs.f_frsize) >=
                 static_cast<double>(bytes + kAlign) * 1.05;
    }
    MPI_Bcast(&room, 1, MPI_INT, 0, node_);
    if (!room || window_ != MPI_WIN_NULL) return nullptr;
    void* start = nullptr;
    if (!aligned_on_node(bytes, kAlign, window_, start)) return nullptr;
    char* base = static_cast<char*>(start);
#ifdef MADV_HUGEPAGE
    // 2 MiB pages where the tmpfs allows them (mounted with huge=advise): with 4 KiB pages
    // nearly every probe of a big table also misses the TLB (docs/distributed.md).
    const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    char* from_page = base - reinterpret_cast<std::uintptr_t>(base) % page;
    ::madvise(from_page, bytes + static_cast<std::size_t>(base - from_page), MADV_HUGEPAGE);
#endif
    // Each rank allocates the pages of a slice now, so that a tmpfs short of room shows here
    // rather than as SIGBUS half way through a run (the room checked above may be taken since).
    const auto ranks = static_cast<std::size_t>(node_ranks_);
    const std::size_t slice = (bytes + ranks * kAlign - 1) / (ranks * kAlign) * kAlign;
    const std::size_t from = std::min(bytes, slice * static_cast<std::size_t>(node_rank_));
    int ready = fill_slice(base + from, std::min(slice, bytes - from));
    int everywhere = 0;
    MPI_Allreduce(&ready, &everywhere, 1, MPI_INT, MPI_MIN, node_);
    if (!everywhere) {  // one table a rank, then
      MPI_Win_free(&window_);
      return nullptr;
    }
    shared_bytes_ = bytes;
    if (node_rank_ == 0) {
      // The other ranks filled their slices in their own page tables: map every 2 MiB here too
      // (one read each; a huge page maps whole), then count what smaps shows in huge pages.
      for (std::size_t at = 0; at < bytes; at += kAlign)
        static_cast<void>(*static_cast<volatile char*>(base + at));
      huge_share_ = static_cast<double>(huge_page_bytes(base, bytes)) / static_cast<double>(bytes);
    }
    return base;
  }
  // Allocates the pages of [at, at + n) (`at` on a 2 MiB boundary) and makes them zero; false
  // when the tmpfs has no room for them. MADV_POPULATE_WRITE maps them in one call, without the
  // page fault each that a first write costs (dear on a virtual machine: zeroing 256 MiB in
  // 4 KiB pages that way took 0.5 s of a two-rank run on this project's machine). A fresh
  // segment reads as zero, as a new tmpfs file does; anything else is zeroed.
  static bool fill_slice(char* at, std::size_t n) {
    if (n == 0) return true;
#ifdef MADV_POPULATE_WRITE
    if (::madvise(at, n, MADV_POPULATE_WRITE) != 0) {
      if (errno != EINVAL) return false;  // no room (ENOMEM), or SIGBUS on touching (EFAULT)
      std::memset(at, 0, n);              // a kernel older than 5.14
      return true;
    }
    const auto* words = reinterpret_cast<const std::uint64_t*>(at);
    std::uint64_t any = 0;
    for (std::size_t i = 0; i < n / 8; ++i) any |= words[i];
    for (std::size_t i = n / 8 * 8; i < n; ++i) any |= static_cast<unsigned char>(at[i]);
    if (any != 0) std::memset(at, 0, n);
#else
    std::memset(at, 0, n);
#endif
    return true;
  }
  // Where Open MPI keeps the node's shared memory: its MCA parameter osc_sm_backing_directory
  // (mpirun passes `--mca osc_sm_backing_directory D` to the ranks in this variable), else
  // /dev/shm.
  static const char* backing_directory() {
    const char* d = std::getenv("OMPI_MCA_osc_sm_backing_directory");
    return d && *d ? d : "/dev/shm";
  }
  // A backing directory named but unusable (empty, missing, not writable) makes Open MPI's
  // shared allocation fail on the node's first rank only, and its other ranks then wait inside
  // MPI_Win_allocate_shared for ever (Open MPI 4.1: seen as a two-rank run spinning for 10
  // minutes). Checked before MPI starts, so that every rank ends alike (exit status 2).
  static void check_backing_directory() {
    const char* d = std::getenv("OMPI_MCA_osc_sm_backing_directory");
    if (!d) return;
    const std::string dir = d;
    if (dir.empty())
      throw InputError(
          "OMPI_MCA_osc_sm_backing_directory (--mca osc_sm_backing_directory) is empty: name a "
          "directory for the ranks' shared memory, such as a tmpfs, or leave it unset for "
          "/dev/shm");
    struct stat st {};
    if (::stat(d, &st) != 0 || !S_ISDIR(st.st_mode) || ::access(d, W_OK | X_OK) != 0)
      throw InputError("OMPI_MCA_osc_sm_backing_directory (--mca osc_sm_backing_directory): '" +
                       dir + "' is not a directory this rank can write to");
  }

  // `bytes` of memory that the node's ranks share, all allocated by its first rank (MPI-3),
  // at `start` in each; `window` keeps it. Collective over the node; false on every rank when
  // it failed on one (a window made on some ranks only is left alone: freeing it is collective
  // over ranks that do not have it).
  //
  // Open MPI 4.1 lets the allocation fail on the node's first rank alone (its mmap refused:
  // ENOMEM, `ulimit -v`) while the others wait inside it for the segment for ever. So a rank
  // that failed waits a bounded time for the others to agree; when they do not come, it says
  // why and ends the whole run (MPI_Abort, exit status 2) rather than leave it hanging.
  bool shared_on_node(std::size_t bytes, MPI_Win& window, void*& start) {
    void* mine = nullptr;
    const auto size = static_cast<MPI_Aint>(node_rank_ == 0 ? bytes : 0);
    const int status = MPI_Win_allocate_shared(size, 1, MPI_INFO_NULL, node_, &mine, &window);
    int made = status == MPI_SUCCESS;
    int everywhere = 0;
    MPI_Request agreed = MPI_REQUEST_NULL;
    MPI_Iallreduce(&made, &everywhere, 1, MPI_INT, MPI_MIN, node_, &agreed);
    const auto deadline = Clock::now() + std::chrono::seconds(kAgreeSeconds);
    for (int done = 0;;) {
      MPI_Test(&agreed, &done, MPI_STATUS_IGNORE);
      if (done) break;
      if (!made && Clock::now() >= deadline) abort_stuck_node(bytes, status);
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    if (!everywhere) {
      window = MPI_WIN_NULL;
      return false;
    }
    MPI_Aint got = 0;
    int unit = 0;
    MPI_Win_shared_query(window, 0, &got, &unit, &start);
    return true;
  }
  // How long a rank whose shared allocation failed waits for the node's other ranks.
  static constexpr int kAgreeSeconds = 10;
  [[noreturn]] void abort_stuck_node(std::size_t bytes, int status) const {
    char what[MPI_MAX_ERROR_STRING] = "";
    int n = 0;
    MPI_Error_string(status, what, &n);
    const std::string message =
        "grundy: --distributed: rank " + std::to_string(rank_) + " could not allocate the " +
        (bytes >= (std::size_t{1} << 20) ? std::to_string(bytes >> 20) + " MiB"
                                         : std::to_string(bytes) + " bytes") +
        " that its node's ranks share (MPI_Win_allocate_shared: " +
        std::string(what, static_cast<std::size_t>(std::max(0, n))) +
        ") and the node's other ranks are still waiting for it inside MPI, so the run ends: give "
        "each node's ranks less memory (--table-mb), allow the ranks more (ulimit -v, the batch "
        "system's memory limit), or keep a table a rank (GRUNDY_NO_NODE_MEMORY=1)\n";
    [[maybe_unused]] const auto w = ::write(STDERR_FILENO, message.data(), message.size());
    MPI_Abort(MPI_COMM_WORLD, 2);
    std::_Exit(2);  // MPI_Abort does not return
  }
  // shared_on_node() of `bytes` that begin where rank 0 of the node sees an `align` boundary.
  // The segment starts with MPI's own header; each rank maps it at its own address but at the
  // same offset within a page, so for `align` up to a page every rank sees the boundary too.
  bool aligned_on_node(std::size_t bytes, std::size_t align, MPI_Win& window, void*& start) {
    void* segment = nullptr;
    if (!shared_on_node(bytes + align, window, segment)) return false;
    unsigned long long shift = (align - reinterpret_cast<std::uintptr_t>(segment) % align) % align;
    MPI_Bcast(&shift, 1, MPI_UNSIGNED_LONG_LONG, 0, node_);
    start = static_cast<char*>(segment) + shift;
    return true;
  }
  // A worker's answer to the master, ringing its doorbell when they share a node.
  void answer(Outbox& outbox, const Answer& a) {
    outbox.send(encode_answer(a), kMaster, bell_.get());
  }

  // GRUNDY_RANKS_PER_NODE=k (tests, measurements): the ranks of one machine taken as nodes
  // of k ranks each, so that what differs between nodes runs on one machine. Every rank must
  // see the same value (mpirun -x).
  // Read before MPI starts, so that a bad value ends every rank alike (exit status 2).
  static int ranks_per_node_for_tests() {
    const char* k = std::getenv("GRUNDY_RANKS_PER_NODE");
    if (!k) return 0;
    const std::string text = k;
    const bool digits =
        !text.empty() && text.size() <= 6 &&
        std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    const int per = digits ? std::stoi(text) : 0;
    if (per < 1)
      throw InputError("GRUNDY_RANKS_PER_NODE: '" + text +
                       "' is not a whole number of ranks from 1 to 999999");
    return per;
  }
  void split_node_for_tests() {
    if (ranks_per_node_ == 0) return;
    int at = 0;
    MPI_Comm_rank(node_, &at);
    MPI_Comm part = MPI_COMM_NULL;
    MPI_Comm_split(node_, at / ranks_per_node_, at, &part);
    MPI_Comm_free(&node_);
    node_ = part;
  }

  // Collective over `machine` (its ranks): the union of their CPU masks, shared among them.
  static int machine_core_share(MPI_Comm machine) {
    cpu_set_t mask;
    CPU_ZERO(&mask);
    if (::sched_getaffinity(0, sizeof mask, &mask) != 0)
      for (int c = 0; c < cores_of_this_process() && c < CPU_SETSIZE; ++c) CPU_SET(c, &mask);
    constexpr int kWords = sizeof(cpu_set_t) / sizeof(unsigned long);
    unsigned long mine[kWords], all[kWords];
    std::memcpy(mine, &mask, sizeof mask);
    MPI_Allreduce(mine, all, kWords, MPI_UNSIGNED_LONG, MPI_BOR, machine);
    std::memcpy(&mask, all, sizeof mask);
    int ranks = 1;
    MPI_Comm_size(machine, &ranks);
    return std::max(1, CPU_COUNT(&mask) / std::max(1, ranks));
  }

  int ranks_per_node_ = 0;  // GRUNDY_RANKS_PER_NODE (0: the machines' own nodes)
  int core_share_ = 1;
  int rank_ = 0, size_ = 1;
  bool abandoned_ = false;
  MPI_Comm node_ = MPI_COMM_NULL;  // the ranks of this node
  int node_rank_ = 0, node_ranks_ = 1, nodes_ = 1;
  MPI_Win window_ = MPI_WIN_NULL;  // node_memory()
  MPI_Win bell_window_ = MPI_WIN_NULL;
  MPI_Win team_window_ = MPI_WIN_NULL;  // team()
  std::unique_ptr<Team> team_;
  int teams_ = 0;                   // in the whole run
  std::vector<int> worker_ranks_;   // the ranks that take jobs, by worker
  std::unique_ptr<Doorbell> bell_;  // the master's, on its node's ranks
  std::size_t shared_bytes_ = 0;
  double huge_share_ = -1;
  NodeMap map_;  // each rank's node, and whether it shares its node's table
};

}  // namespace

std::unique_ptr<Cluster> Cluster::start() {
  if (!started_by_mpi_launcher()) return single_process_cluster("not started by mpirun");
  return std::make_unique<MpiCluster>();
}

}  // namespace grundy::search::distributed
