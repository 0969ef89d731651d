#pragma once
// The master of a distributed (job-level) search over any TwoPlayerState: it keeps the top of
// the tree and hands the positions at its frontier, each with a question and a node budget, to
// workers that run the game's own engine (alpha-beta null-window tests for Dots and Boxes,
// df-pn for Ultimate Tic-Tac-Toe) with their own tables, and folds their answers back.
//
// The tree is a proof-number tree over questions "can the player to move make at least t?"
// (question.h), as in job-level proof-number search (Wu et al., IEEE TCIAIG 2013):
//   - the most-proving leaf is sent as a job; a leaf whose job is running is *flagged* and
//     skipped by the selection (its numbers stay as they were: "virtual equivalence"), so the
//     next idle worker gets the next most-proving leaf;
//   - a decided answer settles the leaf; an answer "budget ended" makes the master expand the
//     leaf (its children become leaves), first setting what the worker learnt about each child:
//     exact bounds from its table, and proof numbers;
//   - answers are bounds on position values, kept in a Knowledge table by position key, so
//     they serve every question and every threshold (the successive null-window tests of
//     MTD(f) reuse them), and are what a checkpoint keeps.
// From transposition-driven scheduling (Romein et al., 1999) it takes the *home* of a
// position: a job goes to the worker that its position's key names when that worker is idle,
// so repeated questions on one position (the next MTD(f) threshold, a transposition reached
// by another path) meet the table that already holds its subtree; and one running job per
// question: a second leaf with the same question waits for the first job's answer.
//
// A job that runs longer than the stall limit (on the master's clock, which leaves out a stop
// of the master: a batch system that suspends the whole job and resumes it finds no stall)
// marks its worker as stalled (it gets no more
// jobs until it answers) and is sent again to another worker; the first answer wins.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "grundy/core/run_clock.h"
#include "grundy/search/alpha_beta.h"
#include "grundy/search/distributed/channel.h"
#include "grundy/search/distributed/knowledge.h"
#include "grundy/search/proof_table.h"
#include "grundy/search/question.h"

namespace grundy::search::distributed {

struct MasterOptions {
  std::uint64_t budget = std::uint64_t{1} << 20;  // nodes per job
  // A job that runs out of budget is sent again with twice the budget (to the same worker,
  // whose table holds its work) while no other worker waits for work, up to this many times
  // the budget; then (or when workers wait) its position is expanded at the master.
  std::uint64_t max_budget_factor = 64;
  // A job is given to another worker after max(stall_seconds, 10 x the longest answered job).
  double stall_seconds = 60;
  const std::atomic<bool>* stop = nullptr;
  double seconds = 0;  // 0: no limit (counted from the master's creation)
  bool weak = false;   // weak disproof numbers (Ueda et al.), as the game's df-pn uses
  // The i-th child in the game's move order starts with 1 + i * order_bias as the number that
  // proves its parent through it: the tree follows the move order first, as alpha-beta does.
  std::uint32_t order_bias = 0;
  // Rather than start a sibling costing this much more (in proof numbers) than a running one,
  // split the running job (0: never split; flagging alone, as job-level PNS does).
  std::uint32_t split_margin = 0;
  // One open question and several workers: expand it at once rather than send it as one job
  // that keeps every other worker waiting until it runs out of budget (at the start of a Dots
  // and Boxes run on two ranks, a quarter of a second: docs/benchmarks.md). Off for df-pn,
  // whose first job builds the tree that finds the one line a proof follows.
  bool divide_root = false;
  // Lines stay with the worker whose table holds their work: a leaf that ran out of budget is
  // sent again to that worker with twice the budget (up to max_budget_factor) even when other
  // workers wait, as long as they find other leaves; and a leaf whose work is in a busy
  // worker's table is not given to another. df-pn keeps its tree only in its worker's table:
  // a proof's main line moved to the other rank, or expanded over both, was searched again
  // from nothing, and the UTTT proof on two ranks took twice one process's time in 6 runs of 8
  // (docs/benchmarks.md).
  bool keep_lines = false;
  // Table entries the workers share (channel.h, TableShare) at least this heavy become bounds
  // in the knowledge (and so in checkpoints).
  int knowledge_weight = 14;
  // Called with every batch of shared table entries (a checkpoint keeps the heaviest:
  // entry_pool.h).
  std::function<void(const std::vector<TableEntry>&)> entries_seen = nullptr;
  // Called about every 50 ms from the master's loop (progress, checkpoints).
  std::function<void()> tick = nullptr;
};

struct MasterStats {
  std::uint64_t jobs_sent = 0;
  std::uint64_t answers = 0;  // decided + unknown + cancelled + failed
  std::uint64_t decided = 0, unknown = 0, cancelled = 0;
  std::uint64_t nodes = 0;  // searched by the workers, as their answers report
  std::uint64_t nodes_unknown = 0, nodes_cancelled = 0;  // ... in jobs that ended undecided
  std::uint64_t expansions = 0;
  std::uint64_t tree_nodes = 0;  // alive now
  std::uint64_t home_jobs = 0;   // jobs run by their position's home worker
  std::uint64_t joined = 0;      // leaves that waited for a running job on the same question
  std::uint64_t stalls = 0, resent = 0, splits = 0;
  std::uint64_t entries_known = 0;  // shared table entries kept as bounds
  double longest_job = 0;
  std::vector<std::uint64_t> jobs_of;    // per worker
  std::vector<std::uint64_t> stalls_of;  // per worker
  std::vector<WorkerTotals> totals_of;   // per worker, from its latest answer
};

template <TwoPlayerState S>
class Master {
 public:
  using Move = typename S::Move;
  struct Question {
    std::vector<Move> path;  // from the root
    int t = 0;
  };

  Master(const S& root, JobChannel& channel, Knowledge& knowledge, MasterOptions options)
      : root_(root), channel_(channel), knowledge_(knowledge), options_(std::move(options)) {
    const auto w = static_cast<std::size_t>(channel.workers());
    busy_.assign(w, 0);
    stalled_.assign(w, false);
    stats_.jobs_of.assign(w, 0);
    stats_.stalls_of.assign(w, 0);
    stats_.totals_of.assign(w, WorkerTotals{});
    channel_.on_entries([this](const std::vector<TableEntry>& entries) { learn(entries); });
    clock_.restart();
  }

  // Decides the questions together (their trees share the workers); 1 yes, 0 no, and -1 for
  // those left open when the stop flag or the time limit ended the search.
  std::vector<int> decide(const std::vector<Question>& questions) {
    std::vector<std::unique_ptr<Node>> roots;
    for (const auto& q : questions) {
      auto n = std::make_unique<Node>(position(q.path));
      n->path = q.path;
      n->t = q.t;
      init_node(*n);
      roots.push_back(std::move(n));
    }
    roots_ = &roots;
    if (options_.divide_root && roots.size() == 1 && channel_.workers() > 1 &&
        roots[0]->status == Status::open)
      expand_owned(*roots[0]);
    const auto open = [&] {
      for (const auto& r : roots)
        if (r->status != Status::decided) return true;
      return false;
    };
    loop(open, [&](std::size_t idle) { return next_tree_job(idle); });
    std::vector<int> out;
    for (auto& r : roots) {
      out.push_back(r->status == Status::decided ? (r->answer ? 1 : 0) : -1);
      release(*r);
    }
    roots_ = nullptr;
    return out;
  }

  // Runs one job of `kind` for each (path, t) request, without a node budget, all at once
  // over the workers: a solve job's answer carries a proving move, a fragment job's answer the
  // decided positions of the proof below it. Answers in order (status failed when a worker
  // could not rebuild a proof; cancelled for those left when stopped).
  std::vector<Answer> run_jobs(const std::vector<Question>& requests, JobKind kind) {
    std::vector<Answer> out(requests.size());
    std::vector<int> state(requests.size(), 0);  // 0 to send, 1 sent, 2 answered
    std::size_t left = requests.size();
    ++generation_;
    requests_ = &requests;
    request_state_ = &state;
    request_out_ = &out;
    requests_left_ = &left;
    for (auto& a : out) a.status = AnswerStatus::cancelled;
    loop([&] { return left > 0; },
         [&](std::size_t) -> std::optional<Pending> {
           for (std::size_t i = 0; i < requests.size(); ++i)
             if (state[i] == 0) {
               state[i] = 1;
               Pending p;
               p.kind = kind;
               p.request = i;
               p.direct = true;
               p.generation = generation_;
               p.t = requests[i].t;
               p.path = codes(requests[i].path);
               p.key = position_key(position(requests[i].path));
               return p;
             }
           return std::nullopt;
         });
    requests_ = nullptr;
    return out;
  }

  // A move that proves question (path, t), known to be true: from the knowledge of the
  // children, from a worker's answer, or from a job that asks for one (without a budget).
  bool proving_move(const std::vector<Move>& path, int t, Move& out) {
    S s = position(path);
    MovesOf<S> legal;
    s.legal_moves(legal);
    const int me = s.to_move();
    const int before = margin(s, me);
    for (const Move c : legal) {
      const auto u = s.play(c);
      const ChildQuestion q = child_question(s, me, before, t);
      const Bounds b = bounds_of(s);
      s.undo(c, u);
      if (b.decides(q.t) && b.answer(q.t) != q.flip) {
        out = c;
        return true;
      }
    }
    std::uint16_t code;
    if (knowledge_.move(position_key(s), t, code)) {
      out = move_from_code<S>(code);
      return true;
    }
    const auto answers = run_jobs({{path, t}}, JobKind::solve);
    if (answers[0].status != AnswerStatus::decided || !answers[0].has_move || answers[0].lower < t)
      return false;
    out = move_from_code<S>(answers[0].move);
    return true;
  }

  // The position after `path` from the root.
  S position(const std::vector<Move>& path) const {
    S s = root_;
    for (const Move m : path) s.play(m);
    return s;
  }
  // What is known about the value of s: exact, or the knowledge table's bounds.
  Bounds bounds_of(const S& s) const {
    int v;
    if (exact_value(s, v)) return {v, v};
    return knowledge_.bounds(position_key(s));
  }

  const MasterStats& stats() const { return stats_; }
  bool stopped() const { return stopped_; }
  double elapsed() const { return clock_.seconds(); }  // not counting a stopped master's pause
  // Outstanding jobs (withdrawn jobs are counted until their worker answers).
  std::size_t running() const { return jobs_.size(); }
  const Knowledge& knowledge() const { return knowledge_; }

 private:
  using Clock = std::chrono::steady_clock;
  enum class Status : std::uint8_t { open, running, expanded, decided };

  struct Node {
    explicit Node(const S& s) : state(s) {}
    S state;
    std::vector<Move> path;  // roots only: from the root of the game
    Node* parent = nullptr;
    Move move{};  // from the parent
    bool flip = false;
    int delta = 0;
    int t = 0;
    std::uint64_t key = 0, question = 0;
    std::uint32_t pn = 1, dn = 1;
    Status status = Status::open;
    bool flagged = false;
    bool answer = false;
    std::vector<std::unique_ptr<Node>> kids;
  };

  // A job to send: a tree leaf's question or a fragment request.
  struct Pending {
    JobKind kind = JobKind::solve;
    bool direct = false;  // a request of run_jobs (else a leaf of the trees)
    std::uint64_t generation = 0;
    std::uint64_t question = 0;  // leaves
    std::size_t request = 0;     // requests
    int t = 0;
    std::uint64_t key = 0;
    std::uint64_t budget = 0;  // 0: none
    std::vector<std::uint16_t> path;
  };
  // A job sent: what was to send, and where and when it went.
  struct Running : Pending {
    int worker = 0;
    double start = 0;  // on the master's clock_ (a stop of the whole job is not a stall)
    bool resent = false;
    bool split = false;  // withdrawn so that its position is expanded
  };

  static Pending pending_of(const Running& r) { return static_cast<const Pending&>(r); }

  static std::vector<std::uint16_t> codes(const std::vector<Move>& path) {
    std::vector<std::uint16_t> out;
    out.reserve(path.size());
    for (const Move m : path) out.push_back(move_code<S>(m));
    return out;
  }

  std::vector<Move> path_of(const Node& n) const {
    std::vector<Move> tail;
    const Node* x = &n;
    for (; x->parent; x = x->parent) tail.push_back(x->move);
    std::vector<Move> out = x->path;
    out.insert(out.end(), tail.rbegin(), tail.rend());
    return out;
  }

  void init_node(Node& n) {
    n.key = position_key(n.state);
    n.question = question_key(n.state, n.t);
    ++stats_.tree_nodes;
    const Bounds b = bounds_of(n.state);
    if (b.decides(n.t)) {
      settle(n, b.answer(n.t));
      return;
    }
    std::uint32_t pn, dn;
    if (knowledge_.numbers(n.question, pn, dn) && pn != 0 && dn != 0) {
      n.pn = pn;
      n.dn = dn;
    } else if constexpr (requires { n.state.move_count(); }) {
      n.dn = static_cast<std::uint32_t>(std::max(1, n.state.move_count()));
    }
  }

  void settle(Node& n, bool yes) {
    n.status = Status::decided;
    n.answer = yes;
    n.pn = yes ? 0 : kPnInfinity;
    n.dn = yes ? kPnInfinity : 0;
    n.flagged = false;
    if (yes)
      knowledge_.narrow(n.key, n.t, Knowledge::kNone);
    else
      knowledge_.narrow(n.key, -Knowledge::kNone, n.t - 1);
    release_kids(n);
  }

  // Frees a subtree, withdrawing the jobs that no other leaf waits for.
  void release_kids(Node& n) {
    for (auto& k : n.kids) release(*k);
    n.kids.clear();
  }
  void release(Node& n) {
    --stats_.tree_nodes;
    if (n.status == Status::running) {
      auto it = waiting_.find(n.question);
      if (it != waiting_.end()) {
        auto& v = it->second;
        v.erase(std::remove(v.begin(), v.end(), &n), v.end());
        if (v.empty()) {
          waiting_.erase(it);
          withdraw(n.question);
        }
      }
    }
    for (auto& k : n.kids) release(*k);
    n.kids.clear();
  }

  void withdraw(std::uint64_t question) {
    for (auto& [id, r] : jobs_)
      if (!r.direct && r.question == question) channel_.cancel(r.worker, id);
  }

  // The children of a leaf whose job ran out of budget (or that is known to be hard).
  void expand(Node& n) {
    ++stats_.expansions;
    n.status = Status::expanded;
    MovesOf<S> moves;
    if constexpr (requires { n.state.search_moves(moves); })
      n.state.search_moves(moves);
    else
      n.state.legal_moves(moves);
    if constexpr (requires { n.state.order_moves(moves); }) n.state.order_moves(moves);
    const int me = n.state.to_move();
    const int before = margin(n.state, me);
    std::uint32_t index = 0;
    for (const Move m : moves) {
      auto k = std::make_unique<Node>(n.state);
      k->state.play(m);
      k->parent = &n;
      k->move = m;
      const ChildQuestion q = child_question(k->state, me, before, n.t);
      k->flip = q.flip;
      k->delta = q.delta;
      k->t = q.t;
      init_node(*k);
      if (k->status != Status::decided && options_.order_bias > 0) {
        std::uint32_t& p = k->flip ? k->dn : k->pn;
        p = std::min(kPnInfinity - 1, p + index * options_.order_bias);
      }
      ++index;
      n.kids.push_back(std::move(k));
    }
    recompute(n);
  }

  // expand(), the children going first to the worker that last searched the node (its table
  // holds their work).
  void expand_owned(Node& n) {
    const auto owner = owner_.find(n.key);
    const int worker = owner == owner_.end() ? -1 : owner->second;
    expand(n);
    if (worker >= 0)
      for (const auto& k : n.kids) owner_.try_emplace(k->key, worker);
  }

  // What child k contributes to its parent: p proves the parent through k, d disproves it.
  static void contribution(const Node& k, std::uint32_t& p, std::uint32_t& d) {
    p = k.flip ? k.dn : k.pn;
    d = k.flip ? k.pn : k.dn;
  }

  // Numbers, bounds, flag and answer of an expanded node from its children.
  void recompute(Node& n) {
    if (n.status != Status::expanded) {
      n.flagged = n.status == Status::running;
      return;
    }
    std::uint32_t best_p = kPnInfinity, max_d = 0;
    std::uint64_t sum_d = 0, open = 0;
    bool all_flagged = true;
    int lower = -Knowledge::kNone, upper = -Knowledge::kNone;
    for (const auto& k : n.kids) {
      std::uint32_t p, d;
      contribution(*k, p, d);
      best_p = std::min(best_p, p);
      sum_d += d;
      max_d = std::max(max_d, d);
      open += d > 0;
      if (k->status != Status::decided && !k->flagged) all_flagged = false;
      const Bounds b = bounds_of(k->state);
      const int lo = k->flip
                         ? (b.upper >= Knowledge::kNone ? -Knowledge::kNone : k->delta - b.upper)
                         : (b.lower <= -Knowledge::kNone ? -Knowledge::kNone : k->delta + b.lower);
      const int hi = k->flip
                         ? (b.lower <= -Knowledge::kNone ? Knowledge::kNone : k->delta - b.lower)
                         : (b.upper >= Knowledge::kNone ? Knowledge::kNone : k->delta + b.upper);
      lower = std::max(lower, lo);
      upper = std::max(upper, hi);
    }
    if (!n.kids.empty()) knowledge_.narrow(n.key, lower, upper);
    if (options_.weak && open > 0 && max_d < kPnInfinity) sum_d = max_d + open - 1;
    if (best_p == 0) {
      settle(n, true);
      return;
    }
    if (sum_d == 0) {
      settle(n, false);
      return;
    }
    n.pn = best_p;
    n.dn = static_cast<std::uint32_t>(
        std::min<std::uint64_t>(sum_d, max_d >= kPnInfinity ? kPnInfinity : kPnInfinity - 1));
    n.flagged = all_flagged;
  }

  void update_up(Node* n) {
    for (; n; n = n->parent) recompute(*n);
  }

  // The leaf to work on next: the most-proving open leaf, flagged subtrees skipped (the job-level
  // "flagging" policy), unless that means speculating: when the best unflagged child costs more
  // than the best flagged one by split_margin, the way goes into the flagged child, to the
  // running leaf whose job is then split (`split` set). Null when there is nothing to do.
  Node* select(bool& split, bool may_split) {
    split = false;
    const std::uint32_t split_at = may_split ? options_.split_margin : 0;
    Node* n = nullptr;
    for (int pass = 0; pass < 2 && !n; ++pass)  // unflagged roots first, then flagged ones
      for (auto& r : *roots_) {
        if (r->status == Status::decided || (r->flagged && pass == 0)) continue;
        if (pass == 1 && split_at == 0) continue;
        if (!n || std::min(r->pn, r->dn) < std::min(n->pn, n->dn)) n = r.get();
      }
    while (n) {
      if (n->status == Status::running) {
        split = true;
        return n;
      }
      if (n->status != Status::expanded) return n;
      Node *open = nullptr, *busy = nullptr;
      std::uint32_t open_p = kPnInfinity, busy_p = kPnInfinity;
      for (auto& k : n->kids) {
        if (k->status == Status::decided) continue;
        std::uint32_t p, d;
        contribution(*k, p, d);
        Node*& best = k->flagged ? busy : open;
        std::uint32_t& best_p = k->flagged ? busy_p : open_p;
        if (!best || p < best_p) {
          best = k.get();
          best_p = p;
        }
      }
      const bool speculative = busy && split_at > 0 &&
                               (!open || std::uint64_t{open_p} > std::uint64_t{busy_p} + split_at);
      n = speculative ? busy : open;
    }
    return nullptr;
  }

  // Withdraws the job of a running leaf so that its position is expanded at the master (its
  // children then go to several workers, the one that ran it first). False when the job is
  // too young or already being split.
  bool split(Node& leaf) {
    const double now = clock_.seconds();
    for (auto& [id, r] : jobs_) {
      if (r.direct || r.question != leaf.question) continue;
      if (r.split || r.resent || now - r.start < 0.02) return false;
      r.split = true;
      ++stats_.splits;
      channel_.cancel(r.worker, id);
      return true;
    }
    return false;
  }

  // The next job of the trees for an idle worker, `idle` workers (this one included) waiting
  // for one. A leaf whose job ran out of budget is sent again with twice the budget when this
  // worker is the only one waiting, else expanded (its children are work for the others).
  std::optional<Pending> next_tree_job(std::size_t idle) {
    // keep_lines: leaves whose work is in a busy worker's table are set aside (marked running)
    // for this call. They are put back before any expansion, which may settle and free a
    // subtree holding them, and on every return.
    std::vector<Node*> aside;
    const auto put_back = [&] {
      for (Node* n : aside) {
        n->status = Status::open;
        update_up(n);
      }
      aside.clear();
    };
    struct PutBack {
      const decltype(put_back)& f;
      ~PutBack() { f(); }
    } put_back_on_return{put_back};
    while (true) {
      bool splitting = false;
      Node* leaf = select(splitting, true);
      if (leaf && splitting) {
        if (split(*leaf)) return std::nullopt;  // the children come with the job's answer
        leaf = select(splitting, false);        // too young to split: a sibling, then
      }
      if (!leaf) return std::nullopt;
      const std::uint64_t spent = knowledge_.spent(leaf->key);
      const std::uint64_t cap = options_.budget * options_.max_budget_factor;
      if (options_.keep_lines && spent > 0) {
        const auto owner = owner_.find(leaf->key);
        if (owner != owner_.end() && busy_[owner->second] && !stalled_[owner->second]) {
          leaf->status = Status::running;
          update_up(leaf);
          aside.push_back(leaf);
          continue;
        }
      }
      const bool keep = options_.keep_lines && spent > 0 && 2 * spent <= cap && idle > 1 &&
                        other_leaf_than(*leaf);
      if (spent > 0 && ((idle > 1 && !keep) || 2 * spent > cap)) {
        put_back();
        expand_owned(*leaf);
        update_up(leaf->parent);
        continue;
      }
      leaf->status = Status::running;
      auto& w = waiting_[leaf->question];
      w.push_back(leaf);
      update_up(leaf);
      if (w.size() > 1) {  // a job on this question is running: wait for its answer
        ++stats_.joined;
        continue;
      }
      Pending p;
      p.kind = JobKind::solve;
      p.question = leaf->question;
      p.t = leaf->t;
      p.key = leaf->key;
      p.budget = spent > 0 ? 2 * spent : options_.budget;
      p.path = codes(path_of(*leaf));
      return p;
    }
  }

  // Whether the selection would find another leaf for a second worker if `leaf` were running.
  bool other_leaf_than(Node& leaf) {
    leaf.status = Status::running;
    update_up(&leaf);
    bool splitting = false;
    const bool other = select(splitting, false) != nullptr;
    leaf.status = Status::open;
    update_up(&leaf);
    return other;
  }

  // The worker a job on this position should go to: the last one that searched it (its table
  // holds the work), else the position's home (transposition-driven scheduling).
  int preferred(std::uint64_t key) const {
    const auto it = owner_.find(key);
    return it != owner_.end() ? it->second : home_of(key);
  }

  int home_of(std::uint64_t key) const {
    const std::uint64_t h = (key ^ (key >> 31)) * 0x9e3779b97f4a7c15ull;
    return static_cast<int>((h >> 32) % static_cast<std::uint64_t>(channel_.workers()));
  }

  void send(int worker, Pending&& p) {
    Job j;
    j.id = ++last_job_;
    j.kind = p.kind;
    j.t = p.t;
    j.budget = p.budget;
    j.path = p.path;
    channel_.send(worker, j);
    ++stats_.jobs_sent;
    ++stats_.jobs_of[worker];
    if (preferred(p.key) == worker) ++stats_.home_jobs;
    owner_[p.key] = worker;
    busy_[worker] = 1;
    Running r;
    static_cast<Pending&>(r) = std::move(p);
    r.worker = worker;
    r.start = clock_.seconds();
    jobs_.emplace(j.id, std::move(r));
  }

  // Bounds from the table entries the workers share (the heavy ones: see knowledge_weight).
  void learn(const std::vector<TableEntry>& entries) {
    if (options_.entries_seen) options_.entries_seen(entries);
    constexpr int scale = point_scale<S>();
    for (const auto& e : entries) {
      if (e.weight < options_.knowledge_weight) continue;
      ++stats_.entries_known;
      knowledge_.narrow(
          e.key, e.lower <= -Knowledge::kNone ? -Knowledge::kNone : floor_div(e.lower, scale),
          e.upper >= Knowledge::kNone ? Knowledge::kNone : -floor_div(-e.upper, scale));
    }
  }

  // Gives jobs to idle workers: each job to its home worker when that one is idle.
  template <class Next>
  void dispatch(Next&& next) {
    std::vector<int> idle;
    for (int w = 0; w < channel_.workers(); ++w)
      if (!busy_[w] && !stalled_[w]) idle.push_back(w);
    if (idle.empty()) return;
    std::vector<Pending> batch;
    // Jobs of stalled workers (and withdrawn jobs still needed) first, then new ones.
    while (!resend_.empty() && batch.size() < idle.size()) {
      Pending p = std::move(resend_.back());
      resend_.pop_back();
      if (!p.direct) {
        auto wt = waiting_.find(p.question);
        if (wt == waiting_.end() || wt->second.empty()) continue;
      } else if (!requests_ || p.generation != generation_ || (*request_state_)[p.request] == 2) {
        continue;
      }
      ++stats_.resent;
      batch.push_back(std::move(p));
    }
    while (batch.size() < idle.size()) {
      auto p = next(idle.size() - batch.size());
      if (!p) break;
      batch.push_back(std::move(*p));
    }
    std::vector<bool> taken(batch.size(), false);
    std::vector<bool> used(idle.size(), false);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const int home = preferred(batch[i].key);
      for (std::size_t k = 0; k < idle.size(); ++k)
        if (!used[k] && idle[k] == home) {
          used[k] = taken[i] = true;
          send(idle[k], std::move(batch[i]));
          break;
        }
    }
    std::size_t k = 0;
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (taken[i]) continue;
      while (used[k]) ++k;
      used[k] = true;
      send(idle[k], std::move(batch[i]));
    }
  }

  void on_answer(const Answer& a) {
    ++stats_.answers;
    if (a.worker >= 0 && a.worker < channel_.workers()) {
      busy_[a.worker] = 0;
      stalled_[a.worker] = false;
      stats_.totals_of[a.worker] = a.totals;
    }
    for (const auto& b : a.bounds) knowledge_.narrow(b.key, b.lower, b.upper);
    for (const auto& n : a.numbers) knowledge_.hint(n.question, n.pn, n.dn);
    auto it = jobs_.find(a.job);
    if (it == jobs_.end()) return;
    Running r = std::move(it->second);
    jobs_.erase(it);
    stats_.nodes += a.nodes;  // withdrawn jobs' work too: it was done
    if (a.status == AnswerStatus::unknown) stats_.nodes_unknown += a.nodes;
    if (a.status == AnswerStatus::cancelled) stats_.nodes_cancelled += a.nodes;
    if (a.status == AnswerStatus::cancelled)
      ++stats_.cancelled;
    else
      stats_.longest_job = std::max(stats_.longest_job, a.seconds);
    if (a.status == AnswerStatus::decided && r.kind == JobKind::solve)
      knowledge_.narrow(r.key, a.lower, a.upper);
    if (r.direct) {
      if (!requests_ || r.generation != generation_) return;  // an earlier run_jobs call
      if (a.status != AnswerStatus::cancelled && (*request_state_)[r.request] != 2) {
        (*request_state_)[r.request] = 2;
        (*request_out_)[r.request] = a;
        --*requests_left_;
      } else if ((*request_state_)[r.request] == 1 && !has_job_for_request(r.request)) {
        resend_.push_back(pending_of(r));  // withdrawn: ask again
      }
      return;
    }
    if (a.status == AnswerStatus::decided) {
      ++stats_.decided;
      if (a.has_move) knowledge_.set_move(r.key, a.move, a.lower);
    } else if (a.status == AnswerStatus::unknown) {
      ++stats_.unknown;
      knowledge_.mark_hard(r.key, r.budget);
    }
    if (r.split) knowledge_.mark_hard(r.key, r.budget);
    if (!waiting_.contains(r.question)) return;
    if (a.status == AnswerStatus::cancelled && !r.split) {
      // Withdrawn, yet leaves still wait (they joined after the withdrawal): ask again.
      if (!has_job_for_question(r.question)) resend_.push_back(pending_of(r));
      return;
    }
    withdraw(r.question);  // copies of this job sent after a stall
    // Each waiting leaf in turn; settling one may free others (release() takes them off).
    while (true) {
      auto wt = waiting_.find(r.question);
      if (wt == waiting_.end()) break;
      if (wt->second.empty()) {
        waiting_.erase(wt);
        break;
      }
      Node* leaf = wt->second.back();
      wt->second.pop_back();
      const Bounds b = bounds_of(leaf->state);
      if (b.decides(leaf->t)) {
        settle(*leaf, b.answer(leaf->t));
      } else if (r.split) {
        owner_[leaf->key] = r.worker;
        expand_owned(*leaf);
      } else {
        // Open again, costlier by the budgets it used up: next_tree_job sends it again with
        // more, or expands it.
        leaf->status = Status::open;
        const auto cost = static_cast<std::uint32_t>(std::min<std::uint64_t>(
            r.budget / std::max<std::uint64_t>(1, options_.budget), kPnInfinity / 4));
        leaf->pn = std::min(kPnInfinity - 1, leaf->pn + cost);
        leaf->dn = std::min(kPnInfinity - 1, leaf->dn + cost);
      }
      update_up(leaf);
    }
  }

  bool has_job_for_question(std::uint64_t q) const {
    for (const auto& [id, r] : jobs_)
      if (!r.direct && r.question == q) return true;
    return false;
  }
  bool has_job_for_request(std::size_t i) const {
    for (const auto& [id, r] : jobs_)
      if (r.direct && r.request == i) return true;
    return false;
  }

  void check_stalls() {
    const double now = clock_.seconds();
    const double limit = std::max(options_.stall_seconds, 10 * stats_.longest_job);
    for (auto& [id, r] : jobs_) {
      if (r.resent || stalled_[r.worker]) continue;
      if (now - r.start <= limit) continue;
      stalled_[r.worker] = true;
      ++stats_.stalls;
      ++stats_.stalls_of[r.worker];
      r.resent = true;
      resend_.push_back(pending_of(r));
    }
  }

  bool should_stop() {
    if (stopped_) return true;
    if ((options_.stop && options_.stop->load()) ||
        (options_.seconds > 0 && elapsed() >= options_.seconds))
      stopped_ = true;
    return stopped_;
  }

  template <class Open, class Next>
  void loop(Open&& open, Next&& next) {
    auto last_tick = Clock::now();
    while (open() && !should_stop()) {
      dispatch(next);
      Answer a;
      if (channel_.receive(a, 0.02)) {
        on_answer(a);
        while (channel_.receive(a, 0)) on_answer(a);
      }
      check_stalls();
      if (options_.tick && Clock::now() - last_tick >= std::chrono::milliseconds(50)) {
        last_tick = Clock::now();
        options_.tick();
      }
    }
    if (stopped_) {
      for (const auto& [id, r] : jobs_) channel_.cancel(r.worker, id);
    }
  }

  S root_;
  JobChannel& channel_;
  Knowledge& knowledge_;
  MasterOptions options_;
  RunClock clock_;
  bool stopped_ = false;
  std::uint64_t last_job_ = 0;
  std::vector<int> busy_;
  std::vector<bool> stalled_;
  std::vector<Pending> resend_;
  absl::flat_hash_map<std::uint64_t, Running> jobs_;
  absl::flat_hash_map<std::uint64_t, std::vector<Node*>> waiting_;
  absl::flat_hash_map<std::uint64_t, int> owner_;  // position key -> last worker on it
  std::vector<std::unique_ptr<Node>>* roots_ = nullptr;
  const std::vector<Question>* requests_ = nullptr;  // run_jobs
  std::uint64_t generation_ = 0;
  std::vector<int>* request_state_ = nullptr;
  std::vector<Answer>* request_out_ = nullptr;
  std::size_t* requests_left_ = nullptr;
  MasterStats stats_;
};

}  // namespace grundy::search::distributed
