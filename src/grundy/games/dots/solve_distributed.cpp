#include "grundy/games/dots/solve_distributed.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "grundy/core/error.h"
#include "grundy/core/hex.h"
#include "grundy/games/dots/checkpoint.h"
#include "grundy/games/dots/solver_graph.h"
#include "grundy/games/dots/solver_keys.h"
#include "grundy/games/dots/solver_state.h"
#include "grundy/search/distributed/checkpoint.h"
#include "grundy/search/distributed/master.h"
#include "grundy/search/distributed/runners.h"

namespace grundy::dots {
namespace {

namespace dist = search::distributed;
using Master = dist::Master<SolverState>;

// A bound on a value of known parity, tightened to it (as alpha_beta.h does at the root).
int round_to_parity(int v, int parity, bool upper) {
  if (((v - parity) & 1) == 0) return v;
  return upper ? v - 1 : v + 1;
}

}  // namespace

std::string distributed_tag(const DotsState& s, bool symmetry) {
  const std::string drawn = hex64(s.drawn_lines().hi) + hex64(s.drawn_lines().lo);
  return "dots " + std::to_string(s.board().rows()) + "x" + std::to_string(s.board().cols()) +
         " drawn " + drawn + " to_move " + std::to_string(s.to_move()) + " symmetry " +
         (symmetry ? "1" : "0") + " keys " +
         hex64(solver_keys(s.board(), s.drawn_lines(), s.to_move(), symmetry));
}

std::size_t node_table_bytes(const SolveOptions& o, int ranks) {
  return search::TranspositionTable::shared_bytes(o.table_bytes * static_cast<std::size_t>(ranks));
}

search::distributed::WorkerEngine distributed_runner(const DotsState& s, const SolveOptions& o,
                                                     int share_weight, NodeTable table) {
  auto graph = std::make_shared<const SolverGraph>(SolverGraph::of(s, o.symmetry));
  SolverState root(*graph, graph->present_of(s), s.to_move());
  root.set_symmetry(o.symmetry);
  const std::size_t bytes =
      table.memory ? o.table_bytes * static_cast<std::size_t>(table.ranks) : o.table_bytes;
  auto engine =
      dist::alpha_beta_runner(root, bytes, share_weight, graph->strings, graph->coins, table.memory,
                              std::max(1, o.threads), table.team, table.team_rank);
  engine.run = [graph, run = std::move(engine.run)](const dist::Job& job,
                                                    const std::atomic<bool>& cancel) {
    return run(job, cancel);  // `graph` lives as long as the runner
  };
  return engine;
}

SolveResult solve_distributed(const DotsState& s, const SolveOptions& o, dist::JobChannel& channel,
                              const DistributedOptions& d, dist::MasterStats& stats,
                              dist::Knowledge& knowledge) {
  SolveResult r;
  if (s.is_over()) {
    r.complete = true;
    return r;
  }
  const SolverGraph g = SolverGraph::of(s, o.symmetry);
  SolverState root(g, g.present_of(s), s.to_move());
  root.set_symmetry(o.symmetry);

  dist::MasterCheckpoint ck;
  ck.tag = distributed_tag(s, o.symmetry);
  std::error_code missing_ok;
  if (!o.checkpoint.empty() && !o.resume && std::filesystem::exists(o.checkpoint, missing_ok))
    throw InputError("a checkpoint '" + o.checkpoint +
                     "' exists; add --resume to continue it, or delete it");
  // The heaviest table entries the workers share, for checkpoints (entry_pool.h).
  dist::EntryPool pool(o.checkpoint.empty()       ? 0
                       : o.checkpoint_entries > 0 ? o.checkpoint_entries
                                                  : default_checkpoint_entries(o.table_bytes));
  if (dist::resume_checkpoint(o.checkpoint, ck, knowledge, &pool)) {
    r.resumed = true;
    r.nodes_before = ck.nodes;
    channel.seed(pool.entries());  // what the workers had proved: into every table at once
  }

  const int open = root.max_remaining();
  const int parity = root.value_parity();
  int lower = -open, upper = open;
  std::string question;

  dist::MasterOptions mo;
  mo.budget = d.job_nodes ? d.job_nodes : kDefaultJobNodes;
  mo.stall_seconds = d.stall_seconds;
  mo.stop = o.stop;
  mo.seconds = o.seconds;
  mo.order_bias = d.order_bias;
  mo.split_margin = d.split_margin;
  mo.divide_root = true;
  if (pool.capacity() > 0)
    mo.entries_seen = [&pool](const std::vector<dist::TableEntry>& e) { pool.add(e); };
  Master* master = nullptr;
  const auto save = [&] {
    ck.nodes = r.nodes_before + master->stats().nodes;
    ck.jobs = master->stats().jobs_sent;
    ck.seconds = master->elapsed();
    dist::save_checkpoint(o.checkpoint, ck, knowledge, &pool);
    r.checkpoint_entries = pool.size();
  };
  dist::Ticker ticker;
  if (!o.checkpoint.empty()) ticker.save = save;
  ticker.checkpoint_every = o.checkpoint_every;
  ticker.progress = d.progress;
  ticker.progress_every = d.progress_every;
  mo.tick = [&] { ticker.tick(*master, root, knowledge, question, lower, upper); };
  Master m(root, channel, knowledge, mo);
  master = &m;

  // MTD(f) from a first guess of 0, in steps of the value's parity (as AlphaBeta::solve).
  const auto known = [&] {
    const auto b = m.bounds_of(root);
    lower = std::max(lower, round_to_parity(std::max(b.lower, -open), parity, false));
    upper = std::min(upper, round_to_parity(std::min(b.upper, open), parity, true));
  };
  known();
  int guess = std::clamp(round_to_parity(0, parity, true), lower, upper);
  bool stopped = false;
  while (lower < upper) {
    const int t = std::clamp(guess == lower ? lower + 2 : guess, lower + 1, upper);
    question = "value >= " + std::to_string(t);
    const int yes = m.decide({{{}, t}})[0];
    if (yes < 0) {
      stopped = true;
      break;
    }
    known();
    if (yes == 1) {
      lower = std::max(lower, t);
      guess = lower;
    } else {
      upper = std::min(upper, t - 1);
      guess = upper;
    }
  }
  r.lower = lower;
  r.upper = upper;
  r.complete = !stopped && lower == upper;
  r.value = r.complete ? lower : std::clamp(0, lower, upper);

  if (r.complete) {
    // Each first line reaches the value or not: all questions at once (one with --one-best).
    SolverState::Moves moves;
    root.legal_moves(moves);
    const int me = root.to_move();
    const int before = search::margin(root, me);
    std::vector<Master::Question> qs;
    std::vector<bool> flips;
    for (const auto mv : moves) {
      SolverState child = root;
      child.play(mv);
      const auto q = search::child_question(child, me, before, r.value);
      qs.push_back({{mv}, q.t});
      flips.push_back(q.flip);
    }
    question = "best lines";
    bool all = true;
    if (o.best_moves) {
      const auto answers = m.decide(qs);
      for (std::size_t k = 0; k < answers.size(); ++k) {
        if (answers[k] < 0) all = false;
        if (answers[k] >= 0 && (answers[k] == 1) != flips[k]) r.best.push_back(g.line[moves[k]]);
      }
    } else {
      SolverState::Move best;
      if (m.proving_move({}, r.value, best)) r.best.push_back(g.line[best]);
      all = !m.stopped();
    }
    r.best_complete = o.best_moves && all;
    if (!all) stopped = true;
  }

  stats = m.stats();
  r.nodes = stats.nodes;
  r.seconds = m.elapsed();
  if (!o.checkpoint.empty()) {
    if (stopped || !r.complete) {
      save();
      r.checkpoint_saved = true;
    } else {
      ::unlink(o.checkpoint.c_str());
    }
  }
  return r;
}

}  // namespace grundy::dots
