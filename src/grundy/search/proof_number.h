#pragma once
// Depth-first proof-number search (df-pn: Nagai 2002, with the 1 + epsilon threshold trick of
// Pawlewicz and Lew 2007) over any TwoPlayerState (two_player.h), with a ProofTable.
//
// A question is "can the player to move make the margin still to be won (two_player.h) at
// least t?". In negamax form every node is an OR node for its own question: after a move that
// passes the turn, the child's question is the negation for the opponent, "at least d - t + 1"
// where d is the margin the move itself won (so proof and disproof numbers swap); after an
// extra move it is "at least t - d" for the same player. Win, draw or loss of a game with
// points 0/1 (Ultimate Tic-Tac-Toe) is two questions: t = 1 (a win) and t = 0 (not a loss).
//
// The table is keyed by the position's key mixed with t. Stopped searches (a node or time
// budget, a stop flag) leave their work in the table, so calling prove() again continues; the
// table can be saved and loaded (checkpoints). After a proof, strategy() walks the proof.
//
// Optional hooks on the state, used when present:
//   std::uint64_t tt_key() const;     // the table key (default hash())
//   bool static_value(int& v) const;  // the exact value without search (scaled by
//                                     //   S::kPointScale like alpha_beta.h)
//   void order_moves(MovesOf<S>&) const;  // likely-best first: ties of proof numbers go to
//                                         //   the first move
//   int move_count() const;           // the number of legal moves, cheaply: unexplored
//                                     //   positions start at (pn, dn) = (1, move_count)
//                                     //   (df-pn with mobility) instead of (1, 1)
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "grundy/core/run_clock.h"
#include "grundy/search/proof_table.h"
#include "grundy/search/question.h"
#include "grundy/search/two_player.h"

namespace grundy::search {

enum class PnStatus { proven, disproven, unknown };

struct PnProgress {
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::uint32_t root_pn = 1, root_dn = 1;
  int permille_full = 0;
};

struct PnLimits {
  std::uint64_t max_nodes = 0;                                // 0: no bound
  double seconds = 0;                                         // 0: no bound
  const std::atomic<bool>* stop = nullptr;                    // Ctrl-C, a server's deadline
  std::function<void(const PnProgress&)> progress = nullptr;  // every progress_every seconds
  double progress_every = 10;
};

template <class Move>
struct PnResult {
  PnStatus status = PnStatus::unknown;
  bool has_move = false;  // proven: a move that proves it
  Move move{};
  std::uint32_t pn = 1, dn = 1;  // the root's numbers when the budget ended
  std::uint64_t nodes = 0;       // positions expanded by this call
  double seconds = 0;
};

template <TwoPlayerState S>
class ProofNumberSearch {
 public:
  using Move = typename S::Move;

  explicit ProofNumberSearch(ProofTable& table) : table_(table) {}

  // Weak proof numbers (Ueda et al. 2008): a node's disproof number is the largest of its
  // children's plus one per other child still open, instead of their sum, which overcounts
  // positions reached by several paths (transpositions).
  void set_weak(bool weak) { weak_ = weak; }
  // Restricts the moves of the prover (the player to move at the root of prove()) to those
  // `filter` keeps (it may leave the list as it is). Proofs stay sound, since a strategy that
  // wins with fewer options wins; but a disproof then only says that the restricted strategy
  // fails. For proving a known strategy's win (an opening given by hand) quickly.
  void set_prover_filter(std::function<void(const S&, MovesOf<S>&)> filter) {
    prover_filter_ = std::move(filter);
  }

  // Re-read every child's numbers from the table after each child search (true, the textbook
  // df-pn, which sees transpositions at once) or only the searched child's (false: fewer table
  // probes, staler estimates).
  void set_reread_all(bool all) { reread_all_ = all; }

  // Calls `f(s, t, proven, work)` for every question decided by a search of at least
  // `min_work` nodes below it, as it is stored (distributed workers share them: runners.h).
  using Solved = std::function<void(const S&, int, bool, std::uint64_t)>;
  void export_solved(Solved f, std::uint64_t min_work) {
    export_ = std::move(f);
    export_min_ = min_work;
  }

  // The key under which the table holds the question (s, t).
  static std::uint64_t question_key(const S& s, int t) { return search::question_key(s, t); }

  // Can the player to move at s make the margin still to be won at least t?
  PnResult<Move> prove(S s, int t, const PnLimits& limits) {
    limits_ = limits;
    clock_.restart();
    nodes_ = 0;
    last_progress_ = 0;
    root_key_ = question_key(s, t);
    root_pn_ = root_dn_ = 1;
    if (!prover_set_) {  // the first question names the prover; walks and re-proofs keep it
      prover_ = s.to_move();
      prover_set_ = true;
    }
    PnResult<Move> r;
    std::uint32_t pn = 1, dn = 1;
    if (exact_answer(s, t) < 0 && !(limits.stop && limits.stop->load())) {
      S work = s;  // a stopped search unwinds without undoing its moves
      try {
        mid(work, t, root_key_, kPnInfinity, kPnInfinity);
      } catch (const Aborted&) {
      }
    }
    exact_or_lookup(s, t, pn, dn);
    r.pn = pn;
    r.dn = dn;
    r.status = pn == 0 ? PnStatus::proven : dn == 0 ? PnStatus::disproven : PnStatus::unknown;
    if (r.status == PnStatus::proven) {
      Move m;
      if (proving_move(s, t, m)) {
        r.has_move = true;
        r.move = m;
      }
    }
    r.nodes = nodes_;
    r.seconds = elapsed();
    return r;
  }

  // For a proven question (s, t): a move that proves it, found in the table (false when the
  // table has lost it; prove() again then restores it).
  bool proving_move(S& s, int t, Move& out) {
    Children kids;
    if (!expand_children(s, t, kids)) return false;
    for (std::size_t i = 0; i < kids.size; ++i) {
      std::uint32_t p, d;
      contribution(kids.items[i], p, d);
      if (p == 0) {
        out = kids.items[i].move;
        return true;
      }
    }
    return false;
  }

  // The proof as a strategy: calls visit(s, t, proven, move) for every position of the proof
  // of (s, t), each once (transpositions are visited once, by key): at a position whose
  // question is proven, `move` proves it and its child is walked; at one whose question is
  // disproven, every child is walked. Re-proves (within `limits`) what the table has lost;
  // returns false if that fails or the walk is stopped. Leaves (game over, static values)
  // are visited with has_move false.
  template <class Visit>
  bool strategy(S s, int t, const PnLimits& limits, Visit&& visit) {
    seen_.clear();
    return walk(s, t, limits, visit);
  }

  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Aborted {};

  struct Child {
    Move move{};
    std::uint64_t key = 0;
    int t = 0;
    bool flip = false;             // the turn passes: the child's numbers swap
    std::int8_t exact = -1;        // 1: the child's question is true, 0: false, -1: search it
    std::uint32_t initial_dn = 1;  // its disproof number before it is searched
  };
  struct Children {
    Child items[S::kMaxMoves];
    std::uint32_t p[S::kMaxMoves], d[S::kMaxMoves];  // contributions, as last read
    std::size_t size = 0;
  };

  double elapsed() const {
    return clock_.seconds();  // not counting a stopped process's pause
  }

  void exact_or_lookup(const S& s, int t, std::uint32_t& pn, std::uint32_t& dn) const {
    const int e = exact_answer(s, t);
    if (e >= 0) {
      pn = e ? 0 : kPnInfinity;
      dn = e ? kPnInfinity : 0;
      return;
    }
    if (!table_.probe(question_key(s, t), pn, dn)) pn = dn = 1;
  }

  // The children of (s, t): their questions, and exact answers where known without search.
  bool expand_children(S& s, int t, Children& kids) const {
    MovesOf<S> moves;
    s.legal_moves(moves);
    if (prover_filter_ && s.to_move() == prover_) prover_filter_(s, moves);
    if constexpr (requires { s.order_moves(moves); }) s.order_moves(moves);
    kids.size = 0;
    const int me = s.to_move();
    const int before = margin(s, me);
    for (const Move& m : moves) {
      const auto u = s.play(m);
      Child& c = kids.items[kids.size++];
      c.move = m;
      const ChildQuestion q = child_question(s, me, before, t);
      c.flip = q.flip;
      c.t = q.t;
      c.exact = static_cast<std::int8_t>(exact_answer(s, c.t));
      if (c.exact < 0) {
        c.key = question_key(s, c.t);
        if constexpr (requires { s.move_count(); })
          c.initial_dn = static_cast<std::uint32_t>(std::max(1, s.move_count()));
      }
      s.undo(m, u);
    }
    return kids.size > 0;
  }

  // What child c contributes to its parent: (p, d) = the cost to prove the parent through c,
  // and to disprove c's part of it.
  void contribution(const Child& c, std::uint32_t& p, std::uint32_t& d) const {
    std::uint32_t pn, dn;
    if (c.exact >= 0) {
      pn = c.exact ? 0 : kPnInfinity;
      dn = c.exact ? kPnInfinity : 0;
    } else if (!table_.probe(c.key, pn, dn)) {
      pn = 1;
      dn = c.initial_dn;
    }
    p = c.flip ? dn : pn;
    d = c.flip ? pn : dn;
  }

  void poll() {
    if (limits_.max_nodes && nodes_ > limits_.max_nodes) throw Aborted{};
    if ((nodes_ & 1023) != 0) return;
    const bool stop = limits_.stop && limits_.stop->load(std::memory_order_relaxed);
    if (stop) throw Aborted{};
    if (limits_.seconds > 0 || limits_.progress) {
      const double t = elapsed();
      if (limits_.seconds > 0 && t >= limits_.seconds) throw Aborted{};
      if (limits_.progress && t - last_progress_ >= limits_.progress_every) {
        last_progress_ = t;
        PnProgress p;
        p.nodes = nodes_;
        p.seconds = t;
        p.root_pn = root_pn_;
        p.root_dn = root_dn_;
        p.permille_full = table_.permille_full();
        limits_.progress(p);
      }
    }
  }

  // Multiple-iterative deepening at one node: searches until its proof number reaches thpn or
  // its disproof number reaches thdn, then stores both.
  void mid(S& s, int t, std::uint64_t key, std::uint32_t thpn, std::uint32_t thdn) {
    const bool root = key == root_key_;
    ++nodes_;
    poll();
    const std::uint64_t nodes0 = nodes_;
    Children kids;
    expand_children(s, t, kids);
    // Each child's numbers are read once here and again only after it is searched: other
    // children change only through transpositions, and a stale estimate costs efficiency, never
    // correctness (0 and infinity are final). This saves a table probe (a cache miss in a big
    // table) per child per iteration.
    for (std::size_t i = 0; i < kids.size; ++i) contribution(kids.items[i], kids.p[i], kids.d[i]);
    std::uint32_t pn = 0, dn = 0;
    while (true) {
      std::uint64_t sum = 0;
      std::uint32_t best_p = kPnInfinity, second_p = kPnInfinity, best_d = 0, max_d = 0;
      std::uint64_t open = 0;
      std::size_t best = 0;
      for (std::size_t i = 0; i < kids.size; ++i) {
        const std::uint32_t p = kids.p[i], d = kids.d[i];
        sum += d;
        max_d = std::max(max_d, d);
        open += d > 0;
        if (p < best_p) {
          second_p = best_p;
          best_p = p;
          best_d = d;
          best = i;
        } else if (p < second_p) {
          second_p = p;
        }
      }
      pn = best_p;
      if (weak_ && open > 0 && max_d < kPnInfinity) sum = max_d + open - 1;
      dn = static_cast<std::uint32_t>(std::min<std::uint64_t>(sum, kPnInfinity));
      if (pn == 0) dn = kPnInfinity;
      if (dn == 0) pn = kPnInfinity;
      if (root) {
        root_pn_ = pn;
        root_dn_ = dn;
      }
      if (pn >= thpn || dn >= thdn) break;
      // The best child's thresholds, in the parent's terms, then in the child's own.
      const std::uint64_t eps =
          second_p >= kPnInfinity ? kPnInfinity : std::uint64_t{second_p} + second_p / 4 + 1;
      const auto child_p = static_cast<std::uint32_t>(std::min<std::uint64_t>(thpn, eps));
      const auto child_d = static_cast<std::uint32_t>(
          std::min<std::uint64_t>(kPnInfinity, std::uint64_t{thdn} - dn + best_d));
      const Child& c = kids.items[best];
      const auto u = s.play(c.move);
      if (c.flip)
        mid(s, c.t, c.key, child_d, child_p);
      else
        mid(s, c.t, c.key, child_p, child_d);
      s.undo(c.move, u);
      if (reread_all_) {
        for (std::size_t i = 0; i < kids.size; ++i)
          contribution(kids.items[i], kids.p[i], kids.d[i]);
      } else {
        contribution(c, kids.p[best], kids.d[best]);
      }
    }
    const std::uint64_t work = nodes_ - nodes0 + 1;
    table_.store(key, pn, dn, work);
    if (export_ && (pn == 0 || dn == 0) && work >= export_min_) export_(s, t, pn == 0, work);
  }

  template <class Visit>
  bool walk(S& s, int t, const PnLimits& limits, Visit& visit) {
    if (limits.stop && limits.stop->load(std::memory_order_relaxed)) return false;
    if (exact_answer(s, t) >= 0) {
      visit(s, t, exact_answer(s, t) == 1, false, Move{});
      return true;
    }
    const std::uint64_t key = question_key(s, t);
    if (!seen_.insert(key)) return true;
    std::uint32_t pn, dn;
    if (!table_.probe(key, pn, dn) || (pn != 0 && dn != 0)) {
      prove(s, t, limits);  // lost from the table: prove it again
      if (!table_.probe(key, pn, dn) || (pn != 0 && dn != 0)) return false;
    }
    if (pn == 0) {
      Move m;
      if (!proving_move(s, t, m)) {
        prove(s, t, limits);
        if (!proving_move(s, t, m)) return false;
      }
      visit(s, t, true, true, m);
      Children kids;
      expand_children(s, t, kids);
      for (std::size_t i = 0; i < kids.size; ++i)
        if (kids.items[i].move == m) {
          const auto u = s.play(m);
          const bool ok = walk(s, kids.items[i].t, limits, visit);
          s.undo(m, u);
          return ok;
        }
      return false;
    }
    visit(s, t, false, false, Move{});
    Children kids;
    expand_children(s, t, kids);
    for (std::size_t i = 0; i < kids.size; ++i) {
      const auto u = s.play(kids.items[i].move);
      const bool ok = walk(s, kids.items[i].t, limits, visit);
      s.undo(kids.items[i].move, u);
      if (!ok) return false;
    }
    return true;
  }

  // A set of 64-bit keys (open addressing): the walk's visited positions.
  class KeySet {
   public:
    void clear() {
      slots_.assign(1024, 0);
      size_ = 0;
    }
    // False if the key was already there.
    bool insert(std::uint64_t key) {
      if (slots_.empty()) clear();
      if (key == 0) key = 1;
      if (2 * (size_ + 1) > slots_.size()) grow();
      std::size_t i = (key * 0x9e3779b97f4a7c15ull) >> shift();
      while (slots_[i] != 0) {
        if (slots_[i] == key) return false;
        i = (i + 1) & (slots_.size() - 1);
      }
      slots_[i] = key;
      ++size_;
      return true;
    }
    std::size_t size() const { return size_; }

   private:
    int shift() const { return 64 - std::countr_zero(slots_.size()); }
    void grow() {
      std::vector<std::uint64_t> old = std::move(slots_);
      slots_.assign(old.size() * 2, 0);
      size_ = 0;
      for (auto k : old)
        if (k) insert(k);
    }
    std::vector<std::uint64_t> slots_;
    std::size_t size_ = 0;
  };

  ProofTable& table_;
  bool weak_ = false;
  Solved export_;
  std::uint64_t export_min_ = 0;
  bool reread_all_ = true;
  std::function<void(const S&, MovesOf<S>&)> prover_filter_;
  int prover_ = 0;
  bool prover_set_ = false;
  PnLimits limits_;
  RunClock clock_;
  std::uint64_t nodes_ = 0;
  double last_progress_ = 0;
  std::uint64_t root_key_ = 0;
  std::uint32_t root_pn_ = 1, root_dn_ = 1;
  KeySet seen_;
};

}  // namespace grundy::search
