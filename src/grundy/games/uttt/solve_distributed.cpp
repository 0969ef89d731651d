#include "grundy/games/uttt/solve_distributed.h"

#include <algorithm>
#include <memory>

#include "grundy/core/error.h"
#include "grundy/core/hex.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/proof_text.h"
#include "grundy/games/uttt/symmetric.h"
#include "grundy/search/distributed/checkpoint.h"
#include "grundy/search/distributed/master.h"
#include "grundy/search/distributed/proof_walk.h"
#include "grundy/search/distributed/relay.h"
#include "grundy/search/distributed/runners.h"

namespace grundy::uttt {
namespace {

namespace dist = search::distributed;
using Master = dist::Master<SymmetricBoard>;
using Walk = dist::ProofWalk<SymmetricBoard>;

using dist::fragment_id;

std::string tag_of(const Board& b) {
  return "uttt " + rules_name(b.rules()) + " position " + hex64(b.hash()) + " distributed" +
         checkpoint_keys_suffix(b);
}

// The proof of the root's questions, rebuilt at the master: its knowledge decides the top, the
// workers' fragments the rest; fragments are fetched where the walk finds a gap.
class ProofRebuild {
 public:
  ProofRebuild(Master& m, const SymmetricBoard& root) : m_(m), root_(root) {}

  const Walk::Oracle& oracle() const { return oracle_; }

  // Fetches fragments until the walk of (root, t) is complete. False when stopped.
  bool complete(int t, bool to_the_end) {
    for (int round = 0;; ++round) {
      Walk walk(
          oracle_, [](const SymmetricBoard&, int, bool, bool, Board::Move) {}, to_the_end);
      if (walk.run(root_, t)) {
        positions_ = walk.positions();
        return true;
      }
      std::vector<Master::Question> requests;
      for (const auto& miss : walk.missing()) requests.push_back({miss.path, miss.t});
      const auto answers = m_.run_jobs(requests, dist::JobKind::fragment);
      if (m_.stopped()) return false;
      std::size_t added = 0;
      for (const auto& a : answers) {
        if (a.status != dist::AnswerStatus::decided)
          throw LimitError("the proof could not be rebuilt: a worker could not prove its part");
        for (const auto& f : a.fragment)
          added += fragments_.emplace(fragment_id(f.hash, f.t), f).second;
      }
      if (added == 0 || round > 64)
        throw LimitError("the proof could not be rebuilt: its positions are not known");
    }
  }
  std::uint64_t positions() const { return positions_; }

 private:
  // Whether the child question (after move m from x) is decided against its mover (proven
  // for x's mover: `want` false) or for it.
  int child_answer(SymmetricBoard& x, Board::Move m, int me, int before, int t) {
    const auto u = x.play(m);
    const auto q = search::child_question(x, me, before, t);
    int said = -1;
    const auto f = fragments_.find(fragment_id(x.hash(), q.t));
    if (f != fragments_.end()) {
      said = f->second.proven ? 1 : 0;
    } else {
      const auto b = m_.bounds_of(x);
      if (b.decides(q.t)) said = b.answer(q.t) ? 1 : 0;
    }
    x.undo(m, u);
    if (said < 0) return -1;
    return q.flip ? 1 - said : said;  // what the child contributes to x's question
  }

  int answer(SymmetricBoard& x, int t, Board::Move& m) {
    const auto f = fragments_.find(fragment_id(x.hash(), t));
    if (f != fragments_.end()) {
      if (!f->second.proven) return 0;
      if (!f->second.has_move) return -1;
      m = static_cast<Board::Move>(f->second.move);
      return 1;
    }
    const auto b = m_.bounds_of(x);
    if (!b.decides(t)) return -1;
    Board::Moves legal;
    x.legal_moves(legal);
    const int me = x.to_move();
    const int before = search::margin(x, me);
    if (b.answer(t)) {
      for (const auto c : legal)
        if (child_answer(x, c, me, before, t) == 1) {
          m = c;
          return 1;
        }
      return -1;  // decided by a worker's job: its fragment has the move
    }
    for (const auto c : legal)
      if (child_answer(x, c, me, before, t) != 0) return -1;
    return 0;
  }

  Master& m_;
  SymmetricBoard root_;
  absl::flat_hash_map<std::uint64_t, dist::FragmentEntry> fragments_;
  std::uint64_t positions_ = 0;
  Walk::Oracle oracle_ = [this](SymmetricBoard& x, int t, Board::Move& m) {
    return answer(x, t, m);
  };
};

}  // namespace

int share_weight_for(int workers) {
  return std::max(1, search::distributed::share_weight_for(workers) - 3);
}

search::distributed::WorkerEngine distributed_runner(const Board& b, const SolveOptions& o,
                                                     int share_weight) {
  // Weak disproof numbers, as solve() runs df-pn.
  return dist::proof_number_runner(SymmetricBoard(b), o.table_bytes, true, share_weight);
}

SolveResult solve_distributed(const Board& b, const SolveOptions& o, dist::JobChannel& channel,
                              const DistributedOptions& d, dist::MasterStats& stats,
                              dist::Knowledge& knowledge) {
  if (b.is_over()) throw InputError("the game is over: there is nothing to solve");
  if (!o.opening.empty()) throw InputError("--opening is not supported with --distributed");
  SolveResult r;
  r.to_move = b.to_move();
  dist::MasterCheckpoint ck;
  ck.tag = tag_of(b);
  std::uint64_t nodes_before = 0;
  // The heaviest decided questions the workers share, for checkpoints: an eighth of a worker's
  // table entries (16 bytes each), as many as the Dots and Boxes default keeps.
  dist::EntryPool pool(o.checkpoint.empty() ? 0
                                            : std::min<std::uint64_t>(o.table_bytes / 16 / 8,
                                                                      std::uint64_t{1} << 25));
  channel.relay_entries(false);  // kept for checkpoints, not passed between workers
  if (dist::resume_checkpoint(o.checkpoint, ck, knowledge, &pool)) {
    r.resumed = true;
    nodes_before = ck.nodes;
    channel.seed(pool.entries());
  }
  const SymmetricBoard root(b);
  std::string question = "win";
  Master* master = nullptr;
  const auto save = [&] {
    ck.nodes = nodes_before + master->stats().nodes;
    ck.jobs = master->stats().jobs_sent;
    ck.seconds = master->elapsed();
    dist::save_checkpoint(o.checkpoint, ck, knowledge, &pool);
  };
  dist::MasterOptions mo;
  mo.budget = d.job_nodes ? d.job_nodes : kDefaultJobNodes;
  mo.stall_seconds = d.stall_seconds;
  mo.stop = o.stop;
  mo.seconds = o.seconds;
  mo.weak = true;
  mo.keep_lines = true;
  if (pool.capacity() > 0)
    mo.entries_seen = [&pool](const std::vector<dist::TableEntry>& e) { pool.add(e); };
  dist::Ticker ticker;
  if (!o.checkpoint.empty()) ticker.save = save;
  ticker.checkpoint_every = o.checkpoint_every;
  ticker.progress = d.progress;
  ticker.progress_every = d.progress_every;
  mo.tick = [&] { ticker.tick(*master, root, knowledge, question); };
  Master m(root, channel, knowledge, mo);
  master = &m;

  int proof_t = -1;  // the question whose proof gives the first move
  const int win = m.decide({{{}, 1}})[0];
  if (win == 1) {
    r.result = "win";
    proof_t = 1;
  } else if (win == 0) {
    question = "draw";
    const int safe = m.decide({{{}, 0}})[0];
    if (safe == 1) {
      r.result = "draw";
      proof_t = 0;
    } else if (safe == 0) {
      r.result = "loss";
    }
  }
  if (proof_t >= 0) {
    Board::Move first;
    if (m.proving_move({}, proof_t, first)) {
      r.has_move = true;
      r.first_move = first;
    }
  }
  if (r.result == "unknown") {
    if (!o.checkpoint.empty()) {
      save();
      r.checkpoint_saved = true;
    }
  } else if (o.proof_size || (r.result == "win" && o.export_proof)) {
    question = "proof";
    ProofRebuild proof(m, root);
    const auto size_of = [&](int t) -> std::uint64_t {
      if (!proof.complete(t, false)) return 0;
      return proof.positions();
    };
    if (o.proof_size) {
      if (r.result == "win") r.proof_size = size_of(1);
      if (r.result == "loss") r.proof_size = size_of(0);
      if (r.result == "draw") r.proof_size = size_of(0) + size_of(1);
    }
    if (r.result == "win" && o.export_proof && proof.complete(1, true))
      r.proof = proof_text(b, o.start_moves, proof.oracle(), r.proof_moves);
  }
  stats = m.stats();
  r.nodes = stats.nodes;
  r.seconds = m.elapsed();
  return r;
}

}  // namespace grundy::uttt
