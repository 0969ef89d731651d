#pragma once
// Negamax alpha-beta over any TwoPlayerState (two_player.h), with a shared transposition
// table, extra moves (a move that keeps the turn adds its value instead of negating it), exact
// solving by null-window tests (MTD-style bisection on the value), iterative deepening with an
// evaluation for play, a node/time/stop budget, progress reports, and Lazy SMP on several
// threads sharing one table.
//
// Values are the margin still to be won by the player to move (two_player.h), times
// S::kPointScale when the state defines it (so an evaluation can be finer than a point). They
// must fit in 16 bits (the table stores them): |value| < 32000.
//
// Optional hooks on the state, used when present:
//   std::uint64_t tt_key() const;        // the table key (default hash()); a game may fold
//                                        //   symmetries or captured material out of it
//   bool static_value(int& v) const;     // the exact value without search (an endgame formula)
//   void search_moves(MovesOf<S>&) const;// a subset of the legal moves that holds an optimal one
//                                        //   (forced safe captures); default legal_moves
//   void order_moves(MovesOf<S>&) const; // likely-best first (the table's move then goes first)
//   void order_moves(MovesOf<S>&, const History&) const;  // ... given the history scores of
//                                        //   moves that caused cutoffs (the history heuristic)
//   int evaluate() const;                // heuristic value, needed for depth-limited search
//   int max_remaining() const;           // |value| <= this (scaled): prunes hopeless windows
//   int value_parity() const;            // every value has this parity (0 or 1), or -1
//   bool use_etc() const;                // probe the children before searching them
//   bool defer_busy() const;             // with several threads, put off a move that another
//                                        //   thread is searching here (below: the threads then
//                                        //   share the node's moves instead of perturbing the
//                                        //   order near the root)
//   bool use_table() const;              // false: search this node without the table
//   static std::uint16_t move_code(Move); static Move move_from_code(std::uint16_t);
//                                        // (default: a cast, for integer and enum moves)
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/core/run_clock.h"
#include "grundy/search/question.h"
#include "grundy/search/transposition_table.h"
#include "grundy/search/two_player.h"

namespace grundy::search {

inline constexpr int kInfinity = 32000;
static_assert(kInfinity == TranspositionTable::kUnbounded);

// The history heuristic: how often (weighted by the breadth of the node) each move caused a
// cutoff, per search thread; states may order moves by it.
class History {
 public:
  static constexpr std::size_t kSize = 1024;  // by move code, folded
  void reward(std::uint16_t code, std::size_t breadth) {
    auto& h = score_[code & (kSize - 1)];
    h += static_cast<std::uint32_t>(breadth * breadth);
    if (h > (1u << 30))
      for (auto& x : score_) x >>= 1;
  }
  std::uint32_t operator[](std::uint16_t code) const { return score_[code & (kSize - 1)]; }

 private:
  std::array<std::uint32_t, kSize> score_{};
};
inline constexpr int kUnlimitedDepth = TranspositionTable::kExactDepth;

template <class S>
std::uint16_t move_code(typename S::Move m) {
  if constexpr (requires { S::move_code(m); })
    return S::move_code(m);
  else
    return static_cast<std::uint16_t>(m);
}

template <class S>
typename S::Move move_from_code(std::uint16_t c) {
  if constexpr (requires { S::move_from_code(c); })
    return S::move_from_code(c);
  else
    return static_cast<typename S::Move>(c);
}

struct SearchLimits {
  int depth = kUnlimitedDepth;              // plies; kUnlimitedDepth = to the end of the game
  std::uint64_t max_nodes = 0;              // 0: no bound
  double seconds = 0;                       // 0: no bound
  const std::atomic<bool>* stop = nullptr;  // set elsewhere (Ctrl-C, a server's budget)
  int threads = 1;                          // Lazy SMP helpers share the table
};

struct SearchProgress {
  std::uint64_t nodes = 0;
  double seconds = 0;
  int depth = 0;           // iterative deepening: the depth being searched
  int lower = -kInfinity;  // what is proven about the root value so far
  int upper = kInfinity;
  int permille_full = 0;  // the table's fill
  // Where an exact solve is (solve() only): the null-window test under way, "is the value at
  // least `threshold`?", and the main search's path from the root: at ply i it is on move
  // path_move[i] (numbered from 1 in the node's order; a move put off while another thread
  // searched it keeps its number) of path_moves[i], for the first
  // path_length plies (at most kProgressPlies). A long solve's only sign of progress between
  // two proven bounds.
  static constexpr int kProgressPlies = 8;
  bool testing = false;
  int threshold = 0;
  int path_length = 0;
  std::array<int, kProgressPlies> path_move{}, path_moves{};
};

template <class Move>
struct SearchResult {
  bool complete = false;  // false: a budget ended the search; value/bounds are what was proven
  int value = 0;          // exact when complete (and depth unlimited); else the last estimate
  int lower = -kInfinity, upper = kInfinity;
  bool has_move = false;
  Move best{};
  int depth = 0;  // depth of the last completed iteration (kUnlimitedDepth when solved)
  std::uint64_t nodes = 0;
  double seconds = 0;
  TTStats tt;
  std::uint64_t deferred = 0;  // moves a thread put off while another searched them (defer_busy)
};

template <TwoPlayerState S>
class AlphaBeta {
 public:
  using Move = typename S::Move;
  using Progress = std::function<void(const SearchProgress&)>;

  explicit AlphaBeta(TranspositionTable& tt) : tt_(tt) {}

  void set_progress(Progress p, double every_seconds = 1.0) {
    progress_ = std::move(p);
    progress_every_ = every_seconds;
  }

  // The exact value of s (depth unlimited), by null-window tests "value >= t" (MTD(f): each
  // test's fail-soft answer becomes the next threshold, from a first guess of 0).
  SearchResult<Move> solve(S s, const SearchLimits& limits, int lower = -kInfinity,
                           int upper = kInfinity) {
    begin(limits);
    if constexpr (requires { s.max_remaining(); }) {
      lower = std::max(lower, -s.max_remaining());
      upper = std::min(upper, s.max_remaining());
    }
    const int parity = parity_of(s);
    const int step = parity < 0 ? 1 : 2;
    lower = round_bound(lower, parity, false);
    upper = round_bound(upper, parity, true);
    SearchResult<Move> r;
    r.lower = lower;
    r.upper = upper;
    current_lower_ = lower;
    current_upper_ = upper;
    current_depth_ = kUnlimitedDepth;
    std::uint16_t witness = TranspositionTable::kNoMove;  // a move proven to reach r.lower
    run_with_helpers(s, limits, [&](Worker& w) {
      int g = std::clamp(round_bound(0, parity, true), r.lower, r.upper);
      while (r.lower < r.upper) {
        const int t = std::clamp(g == r.lower ? r.lower + step : g, r.lower + 1, r.upper);
        w.root_best = TranspositionTable::kNoMove;
        testing_ = true;
        threshold_ = t;
        const int v = w.search(s, kUnlimitedDepth, t - 1, t, 0);
        testing_ = false;
        if (v >= t) {
          r.lower = std::min(round_bound(v, parity, false), r.upper);
          witness = w.root_best;
          g = r.lower;
        } else {
          r.upper = std::max(round_bound(v, parity, true), r.lower);
          g = r.upper;
        }
        report(w, kUnlimitedDepth, r.lower, r.upper);
      }
      if (witness == TranspositionTable::kNoMove && !s.is_over() && r.lower > -kInfinity) {
        // The value was a bound known before searching (a resumed solve): one more test at it,
        // ordered like every other, finds a move that reaches it (its cutoff move).
        w.root_best = TranspositionTable::kNoMove;
        testing_ = true;
        threshold_ = r.lower;
        if (w.search(s, kUnlimitedDepth, r.lower - 1, r.lower, 0) >= r.lower) witness = w.root_best;
        testing_ = false;
        // A root valued without its moves (a static value) names none: try them one by one.
        MovesOf<S> legal;
        if (witness == TranspositionTable::kNoMove) s.legal_moves(legal);
        S t = s;
        for (const Move& m : legal)
          if (w.child_value(t, m, kUnlimitedDepth, r.lower - 1, r.lower, 1) >= r.lower) {
            witness = move_code<S>(m);
            break;
          }
      }
    });
    finish(r);
    if (witness != TranspositionTable::kNoMove) {
      r.has_move = true;
      r.best = move_from_code<S>(witness);
    }
    r.complete = !aborted_;
    if (r.complete) {
      r.value = r.lower;
      r.depth = kUnlimitedDepth;
    } else {
      r.value = std::clamp(0, r.lower, r.upper);
    }
    return r;
  }

  // Iterative deepening to limits.depth (with S::evaluate at the horizon), for play: the best
  // move of the deepest completed iteration. Stops early once a depth proves the exact value.
  SearchResult<Move> iterative_deepening(S s, const SearchLimits& limits) {
    begin(limits);
    SearchResult<Move> r;
    run_with_helpers(s, limits, [&](Worker& w) {
      for (int depth = 1; depth <= std::min(limits.depth, kUnlimitedDepth - 1); ++depth) {
        w.exact_below = true;
        w.root_best = TranspositionTable::kNoMove;
        const int v = w.search(s, depth, -kInfinity, kInfinity, 0);
        if (w.root_best != TranspositionTable::kNoMove) {
          r.has_move = true;
          r.best = move_from_code<S>(w.root_best);
        }
        r.value = v;
        r.depth = depth;
        r.lower = r.upper = v;
        report(w, depth, v, v);
        if (w.exact_below) {  // nothing was cut off by the horizon: the value is exact
          r.depth = kUnlimitedDepth;
          break;
        }
      }
    });
    finish(r);
    r.complete = !aborted_;
    return r;
  }

  // Whether the move m from s is worth at least `threshold` (one null-window test), exactly.
  // With a budget that ends first, returns false and aborted() is true.
  bool move_reaches(S s, Move m, int threshold, const SearchLimits& limits) {
    begin(limits);
    Worker w(*this, 0);
    bool reaches = false;
    if (aborted_) return false;
    try {
      reaches = w.child_value(s, m, kUnlimitedDepth, threshold - 1, threshold, 0) >= threshold;
    } catch (const Aborted&) {
    }
    nodes_total_ += w.nodes;
    return reaches && !aborted_;
  }

  // One null-window test "is the value of s at least t?" (t scaled like values), fail-soft and
  // exact: when complete, value >= t means the value is at least `value`, value < t that it
  // is at most `value`. A budget that ends first leaves complete false (what was learnt stays
  // in the table). Distributed search (distributed/) runs its Dots and Boxes jobs with it.
  struct TestResult {
    bool complete = false;
    int value = 0;
    bool has_move = false;  // value >= t: the move that reached it
    Move best{};
    std::uint64_t nodes = 0;
  };
  TestResult test(S s, int t, const SearchLimits& limits) {
    begin(limits);
    helper_threshold_ = t;  // helpers search this test too, not MTD(f)'s sequence
    TestResult r;
    run_with_helpers(s, limits, [&](Worker& w) {
      int lower = -kInfinity, upper = kInfinity;
      if constexpr (requires { s.max_remaining(); }) {
        lower = -s.max_remaining();
        upper = s.max_remaining();
      }
      if (t <= lower) {
        r.value = lower;
      } else if (t > upper) {
        r.value = upper;
      } else {
        w.root_best = TranspositionTable::kNoMove;
        r.value = w.search(s, kUnlimitedDepth, t - 1, t, 0);
        if (r.value >= t && w.root_best != TranspositionTable::kNoMove) {
          r.has_move = true;
          r.best = move_from_code<S>(w.root_best);
        }
      }
    });
    r.complete = !aborted_;
    r.nodes = nodes_total_;
    return r;
  }

  // The exact bounds the table holds on the value of s (false when it holds none).
  bool stored_bounds(const S& s, int& lower, int& upper) const {
    TTEntry e;
    if (!tt_.probe(key_of(s), e) || e.depth != TranspositionTable::kExactDepth) return false;
    lower = e.lower;
    upper = e.upper;
    return true;
  }

  // Every exact entry of a subtree of at least 2^(min_weight - 1) nodes that the main search
  // stores from now on is also given to `out` (null: none). Distributed search sends these to
  // the other workers, whose tables then hold the expensive part of this one's.
  void export_entries(std::function<void(std::uint64_t, const TTEntry&)> out, int min_weight) {
    exported_ = std::move(out);
    export_weight_ = min_weight;
  }

  // The line of best moves stored in the table from s (at most max_length moves).
  std::vector<Move> principal_variation(S s, int max_length = 64) const {
    std::vector<Move> line;
    MovesOf<S> legal;
    for (int i = 0; i < max_length && !s.is_over(); ++i) {
      TTEntry e;
      if (!tt_.probe(key_of(s), e) || e.move == TranspositionTable::kNoMove) break;
      const Move m = move_from_code<S>(e.move);
      s.legal_moves(legal);
      if (!legal.contains(m)) break;
      line.push_back(m);
      s.play(m);
    }
    return line;
  }

  // The marks of the moves being searched (defer_busy) live in `slots` (kBusySlots of them,
  // zero at first) rather than in this object: shared with searches in other processes over
  // the same table (distributed/team.h), whose moves this one then puts off as its own
  // threads' — on one thread too. Kept until the search object ends; never cleared by it.
  static constexpr std::size_t kBusySlots = 4096;
  void share_busy_marks(std::atomic<std::uint64_t>* slots) {
    busy_ = slots;
    shared_busy_ = slots != nullptr;
  }

  // Helps another process's test "is the value of s at least t?" over the same table (and busy
  // marks, share_busy_marks): `threads` helpers, numbered from `first_id` (1 or more) so that
  // they differ from that process's own threads, search it until one of them has finished or
  // `done(seconds)` — waiting at most that long — says the other process has; returns the
  // nodes they searched. What they learn reaches that process through the table only.
  std::uint64_t help(const S& s, int t, int threads, int first_id,
                     const std::function<bool(double)>& done) {
    SearchLimits limits;
    limits.threads = std::max(1, threads);
    limits_ = limits;
    clear_busy(limits);  // a no-op over shared marks
    aborted_ = false;
    stop_helpers_ = false;
    helper_nodes_ = 0;
    std::atomic<int> running{limits.threads};
    std::vector<std::thread> helpers;
    for (int i = 0; i < limits.threads; ++i)
      helpers.emplace_back([this, &s, t, &running, id = std::max(1, first_id) + i] {
        Worker w(*this, id);
        S x = s;
        try {
          w.search(x, kUnlimitedDepth, t - 1, t, 0);
        } catch (const Aborted&) {
        }
        helper_nodes_ += w.nodes & 1023;  // poll() counted the rest
        running.fetch_sub(1);
      });
    while (running.load() > 0 && !done(0.01)) {
    }
    stop_helpers_ = true;
    for (auto& h : helpers) h.join();
    return helper_nodes_.load();
  }

  bool aborted() const { return aborted_; }
  std::uint64_t nodes() const { return nodes_total_; }
  const TTStats& tt_stats() const { return stats_; }

 private:
  struct Aborted {};

  // Every value of s has this parity (the state's value_parity() hook), or -1: unknown.
  static int parity_of(const S& s) {
    if constexpr (requires { s.value_parity(); })
      return s.value_parity();
    else
      return -1;
  }
  // A bound on a value of known parity, tightened to that parity: an upper bound rounds down,
  // a lower bound up. Infinite bounds stay.
  static int round_bound(int v, int parity, bool upper) {
    if (parity < 0 || v <= -kInfinity || v >= kInfinity || ((v - parity) & 1) == 0) return v;
    return upper ? v - 1 : v + 1;
  }

  static std::uint64_t key_of(const S& s) { return position_key(s); }

  struct Worker {
    AlphaBeta& owner;
    int id;
    std::uint64_t nodes = 0;
    bool exact_below = true;  // no horizon evaluation was used in the last search
    std::uint16_t root_best = TranspositionTable::kNoMove;  // the root's best (or cutoff) move
    // The move searched at each of the first plies (from 1; 0: not there) and how many there
    // are: the main worker's place in the tree, for progress reports.
    std::array<int, SearchProgress::kProgressPlies + 1> at{}, of{};
    History history;
    TTStats stats;
    std::uint64_t stores_noted = 0;  // of stats.stores, told to the table (its aging)
    std::uint64_t deferred = 0;      // moves put off: another thread was searching them
    Worker(AlphaBeta& o, int i) : owner(o), id(i) {}

    // `first_of_cut`: m is the first move of a node expected to cut off (below).
    int child_value(S& s, Move m, int depth, int alpha, int beta, int ply,
                    bool first_of_cut = false) {
      const int me = s.to_move();
      const int before = margin(s, me);
      const auto undo = s.play(m);
      const int delta = (margin(s, me) - before) * point_scale<S>();
      const int next = depth >= kUnlimitedDepth ? depth : depth - 1;
      int v;
      if (s.to_move() == me)
        v = delta + search(s, next, alpha - delta, beta - delta, ply + 1, first_of_cut);
      else
        v = delta - search(s, next, delta - beta, delta - alpha, ply + 1, !first_of_cut);
      s.undo(m, undo);
      return v;
    }

    // Fail-soft negamax: v <= alpha means "at most v", v >= beta "at least v".
    // `cut`: the node is expected to cut off (a CUT node of Knuth and Moore: the root, the
    // children of an ALL node, and the later children of a CUT node whose first move failed);
    // the first child of a CUT node is expected to be an ALL node, whose moves all fail.
    int search(S& s, int depth, int alpha, int beta, int ply, bool cut = true) {
      if ((++nodes & 1023) == 0) owner.poll(*this);
      if (s.is_over()) return 0;
      bool table = true;  // small subtrees are cheaper to search again than to look up
      if constexpr (requires { s.use_table(); }) table = s.use_table();
      const std::uint64_t key = table ? key_of(s) : 0;
      if (table) owner.tt_.prefetch(key);  // the line arrives while the checks below run
      if constexpr (requires(int& v) { s.static_value(v); }) {
        int v;
        if (s.static_value(v)) return v;
      }
      if (depth <= 0) {
        exact_below = false;
        if constexpr (requires { s.evaluate(); })
          return s.evaluate();
        else
          return 0;
      }
      if constexpr (requires { s.max_remaining(); }) {
        const int bound = s.max_remaining();
        if (ply > 0 && bound <= alpha) return bound;
        if (ply > 0 && -bound >= beta) return -bound;
      }
      const auto stored_depth = static_cast<std::uint8_t>(std::min(depth, kUnlimitedDepth));
      TTEntry e;
      std::uint16_t tt_move = TranspositionTable::kNoMove;
      if (table) ++stats.probes;
      if (table && owner.tt_.probe(key, e)) {
        ++stats.hits;
        tt_move = e.move;
        if (e.depth >= stored_depth && ply > 0) {  // the root always searches its moves
          if (e.depth < kUnlimitedDepth) exact_below = false;
          if (e.lower >= beta) return e.lower;
          if (e.upper <= alpha) return e.upper;
          if (e.lower == e.upper) return e.lower;
          alpha = std::max(alpha, static_cast<int>(e.lower));
          beta = std::min(beta, static_cast<int>(e.upper));
        }
      }
      MovesOf<S> moves;
      if constexpr (requires { s.search_moves(moves); })
        s.search_moves(moves);
      else
        s.legal_moves(moves);
      if constexpr (requires { s.order_moves(moves, history); })
        s.order_moves(moves, history);
      else if constexpr (requires { s.order_moves(moves); })
        s.order_moves(moves);
      if (tt_move != TranspositionTable::kNoMove) {
        for (std::size_t i = 0; i < moves.size(); ++i)
          if (move_code<S>(moves[i]) == tt_move) {
            moves.move_to_front(i);
            break;
          }
      }
      // Several threads where the state asks for it: a move after the first that another thread
      // is searching from this position is put off to the end (simplified ABDADA: Weill 1996;
      // Kerrigan's "simplified ABDADA"), so that the threads spread over the moves of the nodes
      // where they meet, near the leaves of the tree they share, and each finds the other's
      // work in the table when it comes back to the moves it put off. The first move is never
      // put off: the others wait for it ("young brothers wait"), since it usually settles the
      // node. Elsewhere (Lazy SMP), helpers try the moves after the first in a rotated order
      // near the root.
      bool defer = false;
      if constexpr (requires { s.defer_busy(); })
        defer = table && (owner.limits_.threads > 1 || owner.shared_busy_) && s.defer_busy();
      if (id > 0 && ply < 4 && moves.size() > 2 && !defer) {
        const std::size_t shift = 1 + (static_cast<std::size_t>(id) + ply) % (moves.size() - 1);
        moves.rotate_tail(shift);
      }
      // Enhanced transposition cutoff: a child already in the table may prove the cutoff
      // without searching anything (worth its probes only high in the tree; the state says).
      // Only at nodes expected to cut off, and there after the first move: in a well-ordered
      // tree the first move (the table's) cuts off by itself, and an ALL node's children cannot
      // cut; probing every child first spent a third of a 4x5 solve's time waiting for memory.
      // At the root it comes first, before any search. Returns the bound of the first child
      // from `from` on that proves the cutoff, and sets `which` to it.
      bool etc = false;
      if constexpr (requires { s.use_etc(); }) etc = cut && s.use_etc();
      auto etc_bound = [&](std::size_t from, std::size_t& which) {
        const int me = s.to_move();
        const int before = margin(s, me);
        for (std::size_t i = from; i < moves.size(); ++i) {
          const auto undo = s.play(moves[i]);
          const int delta = (margin(s, me) - before) * point_scale<S>();
          TTEntry ce;
          int bound = -kInfinity;
          if (owner.tt_.probe(key_of(s), ce) && ce.depth >= stored_depth)
            bound = s.to_move() == me ? (ce.lower <= -kInfinity ? -kInfinity : delta + ce.lower)
                                      : (ce.upper >= kInfinity ? -kInfinity : delta - ce.upper);
          s.undo(moves[i], undo);
          if (bound >= beta) {
            which = i;
            // A bound that met the horizon: the node's value is not exact either.
            if (ce.depth < kUnlimitedDepth) exact_below = false;
            return bound;
          }
        }
        return -kInfinity;
      };
      if (etc && ply == 0) {
        std::size_t which = 0;
        const int bound = etc_bound(0, which);
        if (bound >= beta) {
          root_best = move_code<S>(moves[which]);
          return bound;
        }
      }
      const int alpha0 = alpha;
      const std::uint64_t nodes0 = nodes;
      const bool exact_before = exact_below;
      exact_below = true;
      int best = -kInfinity;
      std::uint16_t best_code = TranspositionTable::kNoMove;
      bool first = true;
      const int breadth = static_cast<int>(moves.size());
      MovesOf<S> later;  // the moves put off, searched after the others ...
      std::array<std::uint16_t, S::kMaxMoves> later_place{};  // ... and their places in `moves`
      bool second_pass = false;
      for (std::size_t next = 0;; ++next) {
        if (next == moves.size()) {
          if (second_pass || later.empty()) break;
          second_pass = true;
          moves = later;
          next = 0;
        }
        const Move& m = moves[next];
        std::uint64_t busy = 0;
        if (defer && !first && !second_pass) {
          busy = owner.busy_mark(key, move_code<S>(m));
          if (!busy) {
            later_place[later.size()] = static_cast<std::uint16_t>(next);
            later.push_back(m);
            ++deferred;
            continue;
          }
        }
        if (ply < SearchProgress::kProgressPlies) {  // the move's place in the node's order
          at[ply] = 1 + static_cast<int>(second_pass ? later_place[next] : next);
          of[ply] = breadth;
          at[ply + 1] = 0;
        }
        const int v = child_value(s, m, depth, alpha, beta, ply, cut && first);
        if (busy) owner.busy_clear(busy);
        if (v > best) {
          best = v;
          best_code = move_code<S>(m);
          if (v > alpha) alpha = v;
          if (alpha >= beta) {
            history.reward(best_code, static_cast<std::size_t>(breadth));
            break;
          }
        }
        if (first && etc && ply > 0) {
          std::size_t which = 0;
          const int bound = etc_bound(1, which);
          if (bound >= beta) {
            best = bound;
            best_code = move_code<S>(moves[which]);
            break;
          }
        }
        first = false;
      }
      if (best <= alpha0)
        best = round_bound(best, parity_of(s), true);
      else if (best >= beta)
        best = round_bound(best, parity_of(s), false);
      // A subtree that never met the horizon is solved: its bounds hold at any depth.
      const bool exact_here = exact_below;
      exact_below = exact_before && exact_here;
      TTEntry out;
      out.move = best_code;
      out.depth = exact_here ? static_cast<std::uint8_t>(kUnlimitedDepth) : stored_depth;
      out.lower = static_cast<std::int16_t>(best > alpha0 ? best : -kInfinity);
      out.upper = static_cast<std::int16_t>(best < beta ? best : kInfinity);
      out.weight = static_cast<std::uint8_t>(std::bit_width(nodes - nodes0));
      if (table) {
        owner.tt_.store(key, out);
        ++stats.stores;
        if (owner.exported_ && id == 0 && out.weight >= owner.export_weight_ &&
            out.depth == TranspositionTable::kExactDepth)
          owner.exported_(key, out);
      }
      if (ply == 0) root_best = best_code;
      return best;
    }
  };

  void begin(const SearchLimits& limits) {
    limits_ = limits;
    helper_threshold_.reset();
    clear_busy(limits);
    aborted_ = limits.stop && limits.stop->load();
    stop_helpers_ = false;
    clock_.restart();
    last_report_ = 0;
    nodes_total_ = 0;
    stats_ = {};
    current_depth_ = 0;
    current_lower_ = -kInfinity;
    current_upper_ = kInfinity;
    testing_ = false;
  }

  double elapsed() const {
    return clock_.seconds();  // not counting a stopped process's pause
  }

  // Called every 1024 nodes by each worker: budgets, stop flags and progress.
  void poll(Worker& w) {
    tt_.note_stores(w.stats.stores - w.stores_noted);
    w.stores_noted = w.stats.stores;
    if (w.id > 0) {
      helper_nodes_.fetch_add(1024, std::memory_order_relaxed);
      if (stop_helpers_.load(std::memory_order_relaxed)) throw Aborted{};
      return;
    }
    const bool stop = limits_.stop && limits_.stop->load(std::memory_order_relaxed);
    const std::uint64_t nodes = w.nodes + helper_nodes_.load(std::memory_order_relaxed);
    const double t = (limits_.seconds > 0 || progress_) ? elapsed() : 0.0;
    if (stop || (limits_.max_nodes && nodes >= limits_.max_nodes) ||
        (limits_.seconds > 0 && t >= limits_.seconds)) {
      aborted_ = true;
      throw Aborted{};
    }
    if (progress_ && t - last_report_ >= progress_every_) {
      last_report_ = t;
      progress_(progress_of(w, nodes, t));
    }
  }

  void report(Worker& w, int depth, int lower, int upper) {
    current_depth_ = depth;
    current_lower_ = lower;
    current_upper_ = upper;
    if (progress_) progress_(progress_of(w, w.nodes + helper_nodes_.load(), elapsed()));
  }

  // What a progress report says; w is the main worker (its place in the tree).
  SearchProgress progress_of(const Worker& w, std::uint64_t nodes, double seconds) const {
    SearchProgress p{nodes,          seconds,        current_depth_,
                     current_lower_, current_upper_, tt_.permille_full()};
    p.testing = testing_;
    if (testing_) {
      p.threshold = threshold_;
      while (p.path_length < SearchProgress::kProgressPlies && w.at[p.path_length] > 0) {
        p.path_move[p.path_length] = w.at[p.path_length];
        p.path_moves[p.path_length] = w.of[p.path_length];
        ++p.path_length;
      }
    }
    return p;
  }

  // Runs `body` on the main worker while limits.threads - 1 helpers search the same root,
  // filling the shared table (their moves spread by the busy marks where the state defers);
  // they stop when the main worker is done. Unbounded depth: the helpers run null-window tests
  // at 0, 1, -1, 2, ... (MTD(f)'s likely thresholds), or test()'s own threshold once.
  template <class Body>
  void run_with_helpers(const S& root, const SearchLimits& limits, Body&& body) {
    helper_nodes_ = 0;
    if (aborted_) return;  // stopped before it began
    std::vector<std::thread> helpers;
    std::vector<std::unique_ptr<Worker>> helper_workers;
    const int depth = limits.depth;
    const std::optional<int> only = helper_threshold_;
    for (int id = 1; id < limits.threads; ++id) {
      helper_workers.push_back(std::make_unique<Worker>(*this, id));
      Worker* hw = helper_workers.back().get();
      helpers.emplace_back([this, hw, root, depth, only] {
        S s = root;
        try {
          if (only) {
            hw->search(s, kUnlimitedDepth, *only - 1, *only, 0);
            while (!stop_helpers_) std::this_thread::yield();
          } else if (depth >= kUnlimitedDepth) {
            for (int g = 0;; g = -g + (g <= 0)) hw->search(s, kUnlimitedDepth, g - 1, g, 0);
          } else {
            for (int d = 1; d <= depth; ++d) hw->search(s, d, -kInfinity, kInfinity, 0);
            while (!stop_helpers_) std::this_thread::yield();
          }
        } catch (const Aborted&) {
        }
        helper_nodes_ += hw->nodes & 1023;  // poll() counted the rest
      });
    }
    Worker main(*this, 0);
    try {
      body(main);
    } catch (const Aborted&) {
    }
    stop_helpers_ = true;
    for (auto& t : helpers) t.join();
    nodes_total_ = main.nodes + helper_nodes_.load();
    stats_ = main.stats;
    deferred_total_ = main.deferred;
    for (const auto& hw : helper_workers) {
      deferred_total_ += hw->deferred;
      stats_.probes += hw->stats.probes;
      stats_.hits += hw->stats.hits;
      stats_.stores += hw->stats.stores;
    }
  }

  void finish(SearchResult<Move>& r) {
    r.nodes = nodes_total_;
    r.seconds = elapsed();
    r.tt = stats_;
    r.deferred = deferred_total_;
  }

  // The moves some thread is searching (defer_busy), as a hash of (position, move) in a slot of
  // their own: the threads' paths need a few hundred. A collision or a race between two threads
  // changes only the order in which a node's moves are searched, never a result; so does a mark
  // left by an aborted search. Made (and cleared) by begin() for a search of several threads
  // over a state that defers.
  std::unique_ptr<std::atomic<std::uint64_t>[]> own_busy_;
  std::atomic<std::uint64_t>* busy_ = nullptr;  // own_busy_'s, or shared (share_busy_marks)
  bool shared_busy_ = false;
  void clear_busy(const SearchLimits& limits) {
    if constexpr (requires(const S& s) { s.defer_busy(); }) {
      if (limits.threads <= 1 || shared_busy_) return;
      if (!own_busy_) {
        own_busy_ = std::make_unique<std::atomic<std::uint64_t>[]>(kBusySlots);
        busy_ = own_busy_.get();
      }
      for (std::size_t i = 0; i < kBusySlots; ++i) busy_[i].store(0, std::memory_order_relaxed);
    }
  }
  std::atomic<std::uint64_t>& busy_slot(std::uint64_t mark) {
    return busy_[(mark >> 40) & (kBusySlots - 1)];
  }
  // Marks (key, move) busy and returns the mark, or 0 when another thread has it.
  std::uint64_t busy_mark(std::uint64_t key, std::uint16_t code) {
    const std::uint64_t mark =
        ((key ^ (std::uint64_t{code} + 1) * 0x9E3779B97F4A7C15ull) * 0xD6E8FEB86659FD93ull) | 1;
    auto& slot = busy_slot(mark);
    if (slot.load(std::memory_order_relaxed) == mark) return 0;
    slot.store(mark, std::memory_order_relaxed);
    return mark;
  }
  void busy_clear(std::uint64_t mark) {
    std::uint64_t expected = mark;
    busy_slot(mark).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }
  std::uint64_t deferred_total_ = 0;
  std::optional<int> helper_threshold_;  // test(): the one threshold its helpers search

  TranspositionTable& tt_;
  std::function<void(std::uint64_t, const TTEntry&)> exported_;
  int export_weight_ = 0;
  SearchLimits limits_;
  Progress progress_;
  double progress_every_ = 1.0;
  RunClock clock_;
  double last_report_ = 0;
  bool aborted_ = false;
  std::atomic<bool> stop_helpers_{false};
  std::atomic<std::uint64_t> helper_nodes_{0};
  std::uint64_t nodes_total_ = 0;
  TTStats stats_;
  int current_depth_ = 0, current_lower_ = -kInfinity, current_upper_ = kInfinity;
  bool testing_ = false;  // solve(): a null-window test of threshold_ is under way
  int threshold_ = 0;
};

}  // namespace grundy::search
