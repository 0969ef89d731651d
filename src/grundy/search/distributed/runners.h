#pragma once
// What a worker runs for each job, over any TwoPlayerState: the engines of search/ with the
// worker's own table, kept from job to job (so the next question on a position, or the next
// threshold, finds what the last one learnt).
//   alpha_beta_runner    one null-window test of alpha_beta.h within the job's node budget;
//                        when the budget ends, the exact bounds its table holds on each child
//   proof_number_runner  df-pn (proof_number.h) within the budget; when it ends, each child's
//                        proof and disproof numbers (decided children as bounds); and fragment
//                        jobs: the decided positions of the proof below a position, walked to
//                        the finished games with the table as the oracle
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "grundy/search/alpha_beta.h"
#include "grundy/search/distributed/channel.h"
#include "grundy/search/distributed/proof_walk.h"
#include "grundy/search/distributed/team.h"
#include "grundy/search/proof_number.h"

namespace grundy::search::distributed {

// The position after a job's moves from `root`; false when a move is not legal there (never
// from our master: a message from elsewhere).
template <TwoPlayerState S>
bool replay(S& s, const Job& job) {
  MovesOf<S> legal;
  for (const auto code : job.path) {
    s.legal_moves(legal);
    const auto m = move_from_code<S>(code);
    if (!legal.contains(m)) return false;
    s.play(m);
  }
  return true;
}

// The entries an engine's thread shares wait in an outbox for the message thread (take()).
class OutboxShare : public TableShare {
 public:
  void take(std::vector<TableEntry>& out) override {
    std::lock_guard<std::mutex> lock(mutex_);
    out.insert(out.end(), outbox_.begin(), outbox_.end());
    outbox_.clear();
  }

 protected:
  void push(const TableEntry& e) {
    std::lock_guard<std::mutex> lock(mutex_);
    outbox_.push_back(e);
  }
  std::mutex mutex_;

 private:
  std::vector<TableEntry> outbox_;
};

// The table of an alpha-beta worker, shared (channel.h): what the search stores for subtrees of
// at least 2^(weight - 1) nodes waits in an outbox for the message thread.
class AlphaBetaShare : public OutboxShare {
 public:
  explicit AlphaBetaShare(TranspositionTable& table) : table_(table) {}
  void add(std::uint64_t key, const TTEntry& e) { push({key, e.lower, e.upper, e.move, e.weight}); }
  // Each entry's bucket is a miss in a big table: the buckets of the entries kPrefetch ahead
  // are loaded while this one is stored.
  void store(const std::vector<TableEntry>& in) override {
    constexpr std::size_t kPrefetch = 8;
    for (std::size_t i = 0; i < std::min(kPrefetch, in.size()); ++i) table_.prefetch(in[i].key);
    for (std::size_t i = 0; i < in.size(); ++i) {
      if (i + kPrefetch < in.size()) table_.prefetch(in[i + kPrefetch].key);
      const TableEntry& x = in[i];
      TTEntry t;
      t.lower = x.lower;
      t.upper = x.upper;
      t.move = x.move;
      t.weight = x.weight;
      t.depth = TranspositionTable::kExactDepth;
      table_.store(x.key, t);
    }
  }

 private:
  TranspositionTable& table_;
};

// `share_weight` > 0: the table is shared (AlphaBetaShare) from that weight up. `key_bits` < 64:
// every key is below 2^key_bits, every value in [-max_value, max_value] and every search
// exact, so the table may be compact (transposition_table.h). `table_memory`: the table lies
// there, shared with the other ranks of the node (Cluster::node_memory, of
// TranspositionTable::shared_bytes(table_bytes) bytes). `threads` > 1: each job's test runs on
// that many threads over the rank's table (one rank a machine, its cores as threads). `team`
// (null: none): the rank is the `team_rank`th of a team over that shared table (team.h): the
// first posts each job's test for the others, which help with it (the engine's `help`) with
// `threads` helpers each.
template <TwoPlayerState S>
WorkerEngine alpha_beta_runner(const S& root, std::size_t table_bytes, int share_weight = 0,
                               int key_bits = 64, int max_value = 126, void* table_memory = nullptr,
                               int threads = 1, Team* team = nullptr, int team_rank = 0) {
  static_assert(AlphaBeta<S>::kBusySlots == Team::kBusySlots);
  struct Engine {
    Engine(const S& r, std::size_t bytes, int bits, int max, void* memory)
        : root(r), table(bytes, bits, max, memory), search(table) {}
    S root;
    TranspositionTable table;
    AlphaBeta<S> search;
  };
  auto e = std::make_shared<Engine>(root, table_bytes, key_bits, max_value, table_memory);
  if (team) e->search.share_busy_marks(team->busy_marks());
  std::shared_ptr<AlphaBetaShare> share;
  if (share_weight > 0) {
    share = std::make_shared<AlphaBetaShare>(e->table);
    e->search.export_entries(
        [s = share.get()](std::uint64_t key, const TTEntry& t) { s->add(key, t); }, share_weight);
  }
  constexpr int scale = point_scale<S>();
  auto run = [e, share, threads, team](const Job& job, const std::atomic<bool>& cancel) {
    Answer a;
    S s = e->root;
    if (job.kind != JobKind::solve || !replay(s, job)) {
      a.status = AnswerStatus::failed;  // alpha-beta exports no proofs
      return a;
    }
    SearchLimits limits;
    limits.max_nodes = job.budget;
    limits.stop = &cancel;
    limits.threads = threads;
    if (team) team->post(job);
    const auto r = e->search.test(s, job.t * scale, limits);
    if (team) team->withdraw();
    a.nodes = r.nodes + (team ? team->take_nodes() : 0);
    a.totals.table_probes = e->search.tt_stats().probes;
    a.totals.table_hits = e->search.tt_stats().hits;
    if (r.complete) {
      a.status = AnswerStatus::decided;
      if (r.value >= job.t * scale) {
        a.lower = floor_div(r.value, scale);
        a.has_move = r.has_move;
        a.move = move_code<S>(r.best);
      } else {
        a.upper = -floor_div(-r.value, scale);
      }
      return a;
    }
    a.status = AnswerStatus::unknown;
    MovesOf<S> moves;
    if constexpr (requires { s.search_moves(moves); })
      s.search_moves(moves);
    else
      s.legal_moves(moves);
    for (const auto m : moves) {
      const auto u = s.play(m);
      int lo, hi;
      if (e->search.stored_bounds(s, lo, hi) && (lo > -kInfinity || hi < kInfinity))
        a.bounds.push_back(
            {position_key(s),
             static_cast<std::int16_t>(lo <= -kInfinity ? -kNoBound : floor_div(lo, scale)),
             static_cast<std::int16_t>(hi >= kInfinity ? kNoBound : -floor_div(-hi, scale))});
      s.undo(m, u);
    }
    return a;
  };
  std::function<void()> help;
  if (team)
    help = [e, team, threads, first = 1 + team_rank * std::max(1, threads)] {
      Job job;
      while (team->next(job)) {
        S s = e->root;
        if (!replay(s, job)) continue;
        team->add_nodes(e->search.help(s, job.t * scale, threads, first,
                                       [team](double seconds) { return team->ended(seconds); }));
      }
    };
  return WorkerEngine{run, share, help};
}

// The id of (position, t) in proof fragments: the full hash (mirror images are separate).
inline std::uint64_t fragment_id(std::uint64_t hash, int t) {
  return hash ^ (static_cast<std::uint64_t>(t + 0x4000) * 0xd6e8feb86659fd93ull);
}

// A worker's part of a proof: every decided position of the proof of (s, t), walked to the
// finished games, its moves from the worker's table (proving again what the table has lost).
template <class Engine, class S>
Answer fragment(Engine& e, S& s, int t, const std::atomic<bool>& cancel) {
  Answer a;
  PnLimits limits;
  limits.stop = &cancel;
  const auto prove = [&](S& x, int q) { a.nodes += e.pns.prove(x, q, limits).nodes; };
  const typename ProofWalk<S>::Oracle oracle = [&](S& x, int q, typename S::Move& m) {
    std::uint32_t pn, dn;
    if (!e.table.probe(question_key(x, q), pn, dn) || (pn != 0 && dn != 0)) {
      prove(x, q);
      if (!e.table.probe(question_key(x, q), pn, dn)) return -1;
    }
    if (dn == 0) return 0;
    if (pn != 0) return -1;
    if (e.pns.proving_move(x, q, m)) return 1;
    prove(x, q);
    return e.pns.proving_move(x, q, m) ? 1 : -1;
  };
  const typename ProofWalk<S>::Visit visit = [&](const S& x, int q, bool proven, bool has_move,
                                                 typename S::Move m) {
    FragmentEntry f;
    f.hash = x.hash();
    f.t = q;
    f.proven = proven;
    f.has_move = has_move;
    f.move = move_code<S>(m);
    a.fragment.push_back(f);
  };
  ProofWalk<S> walk(oracle, visit, true);
  a.status = walk.run(s, t) && !cancel ? AnswerStatus::decided : AnswerStatus::failed;
  return a;
}

// The decided questions of a df-pn worker, shared (channel.h) as bounds on position values,
// in the game's scaled points as alpha-beta's entries are: a question (s, t) proven is the
// lower bound t, disproven the upper bound t - 1; weight = bit_width(the work below it).
// The proof table is not safe for a second thread, so the entries that come in wait in an inbox
// (at most as many as the table has slots) until the engine's thread stores them, as the
// decided questions they stand for, at the start of its next job (apply()).
template <TwoPlayerState S>
class ProofShare : public OutboxShare {
 public:
  explicit ProofShare(ProofTable& table) : table_(table), inbox_limit_(table.bucket_count() * 4) {}
  void add(const S& s, int t, bool proven, std::uint64_t work) {
    constexpr int scale = point_scale<S>();
    TableEntry e;
    e.key = position_key(s);
    e.lower = static_cast<std::int16_t>(proven ? t * scale : -kNoBound);
    e.upper = static_cast<std::int16_t>(proven ? kNoBound : (t - 1) * scale);
    e.weight = static_cast<std::uint8_t>(std::bit_width(work));
    push(e);
  }
  // From the message thread: kept for apply().
  void store(const std::vector<TableEntry>& in) override {
    std::lock_guard<std::mutex> lock(mutex_);
    const std::size_t room = inbox_limit_ > inbox_.size() ? inbox_limit_ - inbox_.size() : 0;
    inbox_.insert(inbox_.end(), in.begin(),
                  in.begin() + static_cast<std::ptrdiff_t>(std::min(room, in.size())));
  }
  // From the engine's thread, between searches.
  void apply() {
    std::vector<TableEntry> in;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      in.swap(inbox_);
    }
    constexpr int scale = point_scale<S>();
    for (const auto& x : in) {
      const std::uint64_t work = std::uint64_t{1} << std::min(x.weight > 0 ? x.weight - 1 : 0, 62);
      if (x.lower > -kNoBound)
        table_.store(question_key_of(x.key, floor_div(x.lower, scale)), 0, kPnInfinity, work);
      if (x.upper < kNoBound)
        table_.store(question_key_of(x.key, floor_div(x.upper, scale) + 1), kPnInfinity, 0, work);
    }
  }

 private:
  ProofTable& table_;
  std::size_t inbox_limit_;
  std::vector<TableEntry> inbox_;  // under mutex_
};

// `share_weight` > 0: the questions decided below 2^(share_weight - 1) nodes or more are
// shared (ProofShare).
template <TwoPlayerState S>
WorkerEngine proof_number_runner(const S& root, std::size_t table_bytes, bool weak,
                                 int share_weight = 0) {
  struct Engine {
    Engine(const S& r, std::size_t bytes) : root(r), table(bytes), pns(table) {}
    S root;
    ProofTable table;
    ProofNumberSearch<S> pns;
  };
  auto e = std::make_shared<Engine>(root, table_bytes);
  e->pns.set_weak(weak);
  std::shared_ptr<ProofShare<S>> share;
  if (share_weight > 0) {
    share = std::make_shared<ProofShare<S>>(e->table);
    e->pns.export_solved([s = share.get()](const S& x, int t, bool proven,
                                           std::uint64_t work) { s->add(x, t, proven, work); },
                         std::uint64_t{1} << (share_weight - 1));
  }
  auto run = [e, share](const Job& job, const std::atomic<bool>& cancel) {
    Answer a;
    if (share) share->apply();
    S s = e->root;
    if (!replay(s, job)) {
      a.status = AnswerStatus::failed;
      return a;
    }
    if (job.kind == JobKind::fragment) return fragment(*e, s, job.t, cancel);
    PnLimits limits;
    limits.max_nodes = job.budget;
    limits.stop = &cancel;
    const auto r = e->pns.prove(s, job.t, limits);
    a.nodes = r.nodes;
    if (r.status == PnStatus::proven) {
      a.status = AnswerStatus::decided;
      a.lower = job.t;
      a.has_move = r.has_move;
      a.move = move_code<S>(r.move);
      return a;
    }
    if (r.status == PnStatus::disproven) {
      a.status = AnswerStatus::decided;
      a.upper = job.t - 1;
      return a;
    }
    // What the table holds on each child's question: decided ones become bounds, open ones the
    // first numbers of the master's new leaves.
    a.status = AnswerStatus::unknown;
    MovesOf<S> legal;
    s.legal_moves(legal);
    const int me = s.to_move();
    const int before = margin(s, me);
    for (const auto m : legal) {
      const auto u = s.play(m);
      const auto q = child_question(s, me, before, job.t);
      std::uint32_t pn, dn;
      if (exact_answer(s, q.t) < 0 && e->table.probe(question_key(s, q.t), pn, dn)) {
        if (pn == 0)
          a.bounds.push_back({position_key(s), static_cast<std::int16_t>(q.t),
                              static_cast<std::int16_t>(kNoBound)});
        else if (dn == 0)
          a.bounds.push_back({position_key(s), static_cast<std::int16_t>(-kNoBound),
                              static_cast<std::int16_t>(q.t - 1)});
        else
          a.numbers.push_back({question_key(s, q.t), pn, dn});
      }
      s.undo(m, u);
    }
    return a;
  };
  return WorkerEngine{run, share, nullptr};
}

}  // namespace grundy::search::distributed
