#pragma once
// Monte Carlo tree search (UCT) over any TwoPlayerState (two_player.h), with
//   - the MCTS-solver extension in its score-bounded form (Winands et al. 2008; Cazenave and
//     Saffidine 2011): every node keeps proven bounds on the game result, terminal positions
//     and immediate wins are proven, bounds propagate up, proven children are no longer
//     sampled, and a proven root ends the search at once;
//   - tree reuse: advance(move) keeps the subtree of the move played;
//   - root parallelism: each thread grows its own tree, and the root statistics are summed;
//   - budgets in iterations, seconds or an atomic stop flag (a server's deadline).
// Results are from the point of view of the player to move at the root: a win counts 1, a
// draw 1/2, a loss 0 (the sign of the final margin; scores beyond that are not used).
//
// Optional hooks on the state, used when present:
//   bool mcts_playout_step(std::uint64_t random);  // one move of the game's playout policy
//                                                  //   from 64 random bits; false once the game
//                                                  //   is over (default: uniform random legal
//                                                  //   moves, a whole playout at a time)
//   void mcts_playout_start();                     // called before a playout's first step
//                                                  //   (state the steps keep, if any)
//   bool winning_move(Move& m) const;              // a move that wins at once, if any (proves
//                                                  //   the node without a playout)
//   void play_fast(Move m);                        // play without undo information (descents)
//
// With mcts_playout_step, a tree runs two iterations at a time in two lanes, step by step: one
// lane's descent (which waits on memory at every level of a large tree) and the other's
// playout (which computes) overlap in the processor. A lane's path counts its visits as it
// descends (a virtual loss until its result is backed up), so the other lane's descent sees
// it and goes elsewhere; results are deterministic for a seed.
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <thread>
#include <vector>

#include <sys/mman.h>

#include <cstdlib>
#include <type_traits>

#include "grundy/core/kernel_set.h"
#include "grundy/core/target.h"
#include "grundy/search/random.h"
#include "grundy/search/two_player.h"
#include "grundy/search/uct_select.h"

namespace grundy::search {

inline constexpr int kUnproven = -2;  // MctsResult::proven when nothing is proven

struct MctsLimits {
  std::uint64_t iterations = 0;             // in total over the threads; 0: no bound
  double seconds = 0;                       // 0: no bound
  const std::atomic<bool>* stop = nullptr;  // set elsewhere (Ctrl-C, a server's deadline)
  int threads = 1;                          // root parallelism: one tree per thread
};

struct MctsOptions {
  double exploration = 1.0;          // UCT constant for rewards in [0, 1] (docs/uttt.md)
  std::size_t max_nodes = 1u << 24;  // per tree (16 bytes each for Ultimate Tic-Tac-Toe),
                                     // reserved, committed as used; when full, leaves stop
                                     // expanding
  std::uint64_t seed = 1;
  bool reuse_tree = true;
};

template <class Move>
struct MctsMoveStats {
  Move move{};
  std::uint64_t visits = 0;
  double score = 0;        // mean result for the player to move at the root (win 1, draw 1/2)
  int proven = kUnproven;  // +1 / 0 / -1: a proven win / draw / loss for that player
};

template <class Move>
struct MctsResult {
  bool has_move = false;
  Move best{};
  int proven = kUnproven;        // the root's result when proven: +1 win, 0 draw, -1 loss
  double win_rate = 0.5;         // the best move's mean result (its exact value when proven)
  std::uint64_t iterations = 0;  // of this search, over all threads
  double seconds = 0;
  std::size_t nodes = 0;                   // in all trees
  std::vector<MctsMoveStats<Move>> moves;  // every root move, most visited first
  std::vector<Move> principal_variation;   // most visited line of the first tree
};

// A fixed-capacity array that never moves its elements: memory is reserved up front (virtual)
// and committed as it is touched, in huge pages where the system offers them. There is room for
// kUctSelectOverread elements past the capacity, which uct_select may read (and ignores).
template <class T>
class NodePool {
 public:
  explicit NodePool(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {
    static_assert(std::is_trivially_copyable_v<T>);
    constexpr std::size_t kHuge = std::size_t{2} << 20;
    const std::size_t bytes =
        ((capacity_ + kUctSelectOverread) * sizeof(T) + kHuge - 1) / kHuge * kHuge;
    data_ = static_cast<T*>(std::aligned_alloc(kHuge, bytes));
    if (!data_) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    ::madvise(data_, bytes, MADV_HUGEPAGE);
#endif
  }
  NodePool(const NodePool&) = delete;
  NodePool& operator=(const NodePool&) = delete;
  ~NodePool() {
    std::free(data_);
  }

  T& operator[](std::size_t i) {
    return data_[i];
  }
  const T& operator[](std::size_t i) const {
    return data_[i];
  }
  std::size_t size() const {
    return size_;
  }
  std::size_t capacity() const {
    return capacity_;
  }
  void clear() {
    size_ = 0;
  }
  bool has_room(std::size_t n) const {
    return size_ + n <= capacity_;
  }
  void push_back(const T& v) {
    data_[size_++] = v;
  }
  // Touches the memory of the first `nodes` nodes (at most `capacity`), at most `max_bytes` of
  // it in this call, so that the kernel (and on a virtual machine the host) backs it now rather
  // than when the search first writes there: a fresh page costs milliseconds on some hosts,
  // which a timed search cannot afford. Writes only where no node was ever stored. Returns
  // whether some of those nodes' memory is still untouched.
  bool prefault(std::size_t nodes, std::size_t max_bytes) {
    constexpr std::size_t kPage = 4096;
    const std::size_t want = std::min(nodes, capacity_) * sizeof(T);
    auto* bytes = reinterpret_cast<volatile unsigned char*>(data_);
    const std::size_t end = std::min(want, touched_ + max_bytes);
    for (; touched_ < end; touched_ += kPage)
      if (touched_ >= size_ * sizeof(T)) bytes[touched_] = 0;
    return touched_ < want;
  }

 private:
  std::size_t touched_ = 0;  // bytes below this are backed (prefault)
  T* data_ = nullptr;
  std::size_t size_ = 0, capacity_;
};

#if GRUNDY_HAVE_TARGETS
GRUNDY_TARGET_AVX2_BEGIN
// A tree's iterations compiled for the avx2 kernel set (core/target.h), every call inlined
// (flatten) so that the game's moves and playouts are too: POPCNT, BMI and AVX2 throughout.
template <class Tree, class S>
[[gnu::flatten]] bool mcts_run_avx2(Tree& tree, const S& root, std::uint64_t n) {
  return tree.run_here(root, n);
}
GRUNDY_TARGET_END
#endif

template <TwoPlayerState S>
class Mcts {
 public:
  using Move = typename S::Move;

  explicit Mcts(const S& root, MctsOptions options = {}) : options_(options) { reset(root); }

  // Starts over from `root` (forgets every tree).
  void reset(const S& root) {
    root_ = root;
    trees_.clear();
  }
  const S& root() const { return root_; }

  // The move m was played from the root: keep its subtree (or start over when not reusing).
  void advance(Move m) {
    S next = root_;
    next.play(m);
    for (auto& t : trees_) {
      if (options_.reuse_tree)
        t->advance(m, next.to_move());
      else
        t->clear();
    }
    root_ = next;
  }

  // Searches from the root within the limits (no limit at all: 10,000 iterations). A move that
  // wins at once (hook winning_move) is returned without searching.
  MctsResult<Move> search(MctsLimits limits) {
    const auto start = std::chrono::steady_clock::now();
    if (!limits.iterations && limits.seconds <= 0 && !limits.stop) limits.iterations = 10000;
    if constexpr (requires(Move & m) { root_.winning_move(m); }) {
      Move m;
      if (root_.winning_move(m)) {
        MctsResult<Move> r;
        r.has_move = true;
        r.best = m;
        r.proven = 1;
        r.win_rate = 1;
        r.moves.push_back({m, 0, 1.0, 1});
        r.principal_variation.push_back(m);
        return r;
      }
    }
    const int threads = std::max(1, limits.threads);
    while (static_cast<int>(trees_.size()) < threads)
      trees_.push_back(std::make_unique<Tree>(
          options_, options_.seed * 0x9e3779b97f4a7c15ull + trees_.size() + 1));
    std::atomic<std::uint64_t> done{0};
    std::atomic<bool> finished{false};
    auto worker = [&](Tree& t, bool main) {
      const std::uint64_t chunk = 256;  // about 0.3 ms: the clock and stop flag are read this often
      while (!finished.load(std::memory_order_relaxed)) {
        if (limits.iterations) {
          const std::uint64_t before = done.fetch_add(chunk, std::memory_order_relaxed);
          if (before >= limits.iterations) break;
          const std::uint64_t n = std::min(chunk, limits.iterations - before);
          if (!t.run(root_, n)) break;  // proven root
        } else if (!t.run(root_, chunk)) {
          break;
        }
        if (main) {
          const bool stop = limits.stop && limits.stop->load(std::memory_order_relaxed);
          const double elapsed =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          if (stop || (limits.seconds > 0 && elapsed >= limits.seconds)) break;
        }
      }
      finished.store(true, std::memory_order_relaxed);
    };
    const bool stopped = limits.stop && limits.stop->load();
    std::vector<std::uint64_t> before(trees_.size());
    for (std::size_t i = 0; i < trees_.size(); ++i) before[i] = trees_[i]->iterations();
    if (!stopped && !root_.is_over()) {
      std::vector<std::thread> helpers;
      for (int i = 1; i < threads; ++i) helpers.emplace_back([&, i] { worker(*trees_[i], false); });
      worker(*trees_[0], true);
      for (auto& h : helpers) h.join();
    }
    MctsResult<Move> r = collect(threads);
    for (int i = 0; i < threads; ++i) r.iterations += trees_[i]->iterations() - before[i];
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  }

 private:
  using ChildCount = std::conditional_t<(S::kMaxMoves <= 255), std::uint8_t, std::uint16_t>;
  using Node = MctsNode<Move, ChildCount>;

  // One search tree with its own generator: the unit of root parallelism. Aligned to a cache
  // line so that one thread's writes (counters, lane states) never share a line with another
  // thread's tree.
  class alignas(64) Tree {
   public:
    Tree(const MctsOptions& o, std::uint64_t seed) : options_(o), rng_(seed), nodes_(o.max_nodes) {
      clear();
    }

    void clear() {
      nodes_.clear();
      nodes_.push_back(Node{});
    }
    std::uint64_t iterations() const { return iterations_; }
    std::size_t size() const { return nodes_.size(); }
    const Node& node(std::uint32_t i) const { return nodes_[i]; }

    // Keeps the subtree under the root's child m (copied to the front, breadth first).
    void advance(Move m, int mover) {
      const Node& root = nodes_[0];
      std::uint32_t keep = 0;
      for (std::uint32_t i = 0; i < root.child_count; ++i)
        if (nodes_[root.first_child + i].move == m) keep = root.first_child + i;
      if (keep == 0) {
        clear();
        return;
      }
      // The subtree goes through a buffer of its own size, not a second pool of the full
      // capacity: a pool per move meant committing (and, under AddressSanitizer, poisoning)
      // its pages again every move.
      std::vector<Node> kept{nodes_[keep]};
      for (std::size_t i = 0; i < kept.size(); ++i) {
        const Node old = kept[i];
        if (old.first_child == 0) continue;
        kept[i].first_child = static_cast<std::uint32_t>(kept.size());
        for (std::uint32_t k = 0; k < old.child_count; ++k)
          kept.push_back(nodes_[old.first_child + k]);
      }
      nodes_.clear();
      for (const Node& n : kept) nodes_.push_back(n);
      // Root bounds are kept for the root's own mover: recomputed from its children.
      nodes_[0].lo = -1;
      nodes_[0].hi = 1;
      update_bounds(0, mover, mover);
    }

    // Runs n iterations from `root`; false once the root is proven (nothing left to learn).
    // Compiled twice: for the baseline, and for the avx2 kernel set with the game's code
    // inlined into it (mcts_run_avx2 below), which the CPU runs when it can.
    bool run(const S& root, std::uint64_t n) {
#if GRUNDY_HAVE_TARGETS
      if (active_kernel_set() != KernelSet::scalar) return mcts_run_avx2(*this, root, n);
#endif
      return run_here(root, n);
    }
    bool run_here(const S& root, std::uint64_t n) {
      if constexpr (kSteppedPlayouts) {
        run_lanes(root, n);
      } else {
        for (std::uint64_t i = 0; i < n && !nodes_[0].proven(); ++i) {
          begin(root, lanes_[0]);
          while (step_down(lanes_[0])) {
          }
          if (!lanes_[0].known) {
            playout(*lanes_[0].s);
            lanes_[0].result = first_player_result(*lanes_[0].s);
          }
          backup(lanes_[0]);
          ++iterations_;
        }
      }
      return !nodes_[0].proven();
    }

   private:
    static constexpr bool kSteppedPlayouts = requires(S & s, std::uint64_t r) {
      { s.mcts_playout_step(r) } -> std::same_as<bool>;
    };

    // Recomputes node i's bounds from its children; true when they changed. Bounds of a
    // non-root node are for the player who moved into it (`into`); the root's for its mover.
    bool update_bounds(std::uint32_t i, int mover_at_i, int into) {
      Node& n = nodes_[i];
      if (n.first_child == 0) return false;
      int lo = -1, hi = -1;
      for (std::uint32_t k = 0; k < n.child_count; ++k) {
        const Node& c = nodes_[n.first_child + k];
        lo = std::max(lo, static_cast<int>(c.lo));
        hi = std::max(hi, static_cast<int>(c.hi));
      }
      if (mover_at_i != into) std::swap(lo, hi), lo = -lo, hi = -hi;
      if (lo == n.lo && hi == n.hi) return false;
      n.lo = static_cast<std::int8_t>(lo);
      n.hi = static_cast<std::int8_t>(hi);
      return true;
    }

    // UCT among the children worth sampling (uct_select.h); 0 when there is none.
    std::uint32_t select(const Node& n, int parent_lo) const {
      const float c = static_cast<float>(options_.exploration) *
                      std::sqrt(fast_log(std::max<std::uint32_t>(n.visits, 1)));
      const int k = uct_select(&nodes_[n.first_child], n.child_count, c, parent_lo);
      return k < 0 ? 0 : n.first_child + static_cast<std::uint32_t>(k);
    }

    template <class T>
    static void play_quick(T& s, Move m) {
      if constexpr (requires { s.play_fast(m); })
        s.play_fast(m);  // no hash or undo information: the descent never undoes
      else
        s.play(m);
    }

    // One iteration in progress: the path from the root, the movers along it, the state at
    // its end, and the result when it is known without a playout.
    struct Descent {
      std::optional<S> s;  // (a state need not be default-constructible)
      std::vector<std::uint32_t> path;
      std::vector<int> movers;   // movers[d]: the player to move at path[d]
      int result = 0;            // for the first player: +1 / 0 / -1
      bool known = false;        // the result is exact (no playout)
      bool proved_leaf = false;  // the last node's bounds just became exact
    };

    // Starts a descent at the root. Every node joins the path with its visit counted.
    void begin(const S& root, Descent& d) {
      d.s.emplace(root);
      d.path.clear();
      d.movers.clear();
      d.known = d.proved_leaf = false;
      d.path.push_back(0);
      ++nodes_[0].visits;
    }

    // One level of a descent from the last node of the path; false when it has reached the
    // node to play out from (or a result known without a playout).
    bool step_down(Descent& d) {
      S& s = *d.s;
      const std::uint32_t i = d.path.back();
      Node& n = nodes_[i];
      const int into = d.movers.empty() ? -1 : d.movers.back();
      if (i != 0 && n.proven()) {  // exact: no playout needed
        d.result = into == 0 ? n.lo : -n.lo;
        d.known = true;
        return false;
      }
      if (s.is_over()) {  // only below the root: search() never runs on a finished game
        d.result = first_player_result(s);
        n.lo = n.hi = static_cast<std::int8_t>(into == 0 ? d.result : -d.result);
        d.known = d.proved_leaf = true;
        return false;
      }
      const int mover = s.to_move();
      if (n.first_child == 0) {
        if constexpr (requires(Move & m) { s.winning_move(m); }) {
          Move m;
          if (i != 0 && s.winning_move(m)) {  // the mover wins at once
            d.result = mover == 0 ? 1 : -1;
            n.lo = n.hi = static_cast<std::int8_t>(into == mover ? 1 : -1);
            d.known = d.proved_leaf = true;
            return false;
          }
        }
        if (n.visits <= 1 && i != 0) return false;  // first visit: a playout from here
        if (!expand(i, s)) return false;            // the tree is full: a playout from here
      }
      const Node& cur = nodes_[i];
      // The best result the mover is sure of, from this node's own bounds.
      const int parent_lo = i == 0 ? cur.lo : (mover == into ? cur.lo : -cur.hi);
      const std::uint32_t next = select(cur, parent_lo);
      if (next == 0) {
        // Every child is proven or cannot beat a proven one: so is this node, exactly.
        const int perspective = i == 0 ? mover : into;
        update_bounds(i, mover, perspective);
        const Node& done = nodes_[i];
        d.result = perspective == 0 ? done.lo : -done.lo;
        d.known = d.proved_leaf = true;
        return false;
      }
      d.movers.push_back(mover);
      d.path.push_back(next);
      Node& child = nodes_[next];
      ++child.visits;
      // The next level's children (up to three cache lines) while the move is played.
      if (const std::uint32_t f = child.first_child; f != 0) {
        const char* p = reinterpret_cast<const char*>(&nodes_[f]);
        __builtin_prefetch(p);
        __builtin_prefetch(p + 64);
        __builtin_prefetch(p + 128);
      }
      play_quick(s, child.move);
      return true;
    }

    // Uniform random legal moves to the end (games without mcts_playout_step).
    void playout(S& s) {
      MovesOf<S> moves;
      while (!s.is_over()) {
        s.legal_moves(moves);
        s.play(moves[rng_.below(static_cast<std::uint32_t>(moves.size()))]);
      }
    }

    // Backs up results (the visits were counted on the way down); bounds only while they keep
    // changing (proofs are rare).
    void backup(const Descent& d) {
      bool changed = d.proved_leaf;
      for (std::size_t k = d.path.size(); k-- > 0;) {
        if (k > 0) {
          const int into = d.movers[k - 1];
          nodes_[d.path[k]].score2 +=
              static_cast<std::uint32_t>((into == 0 ? d.result : -d.result) + 1);
          if (changed && k + 1 < d.path.size())
            changed = update_bounds(d.path[k], d.movers[k], into);
        } else if (changed && d.path.size() > 1) {
          update_bounds(0, d.movers[0], d.movers[0]);
        }
      }
    }

    // n iterations in two lanes, one step of each per round (32 random bits each): a lane
    // descends a level or plays a move; a finished lane backs up and starts the next
    // iteration while any are left and the root is unproven.
    void run_lanes(const S& root, std::uint64_t n) {
      enum Phase : std::uint8_t { kIdle, kDown, kPlay };
      Phase phase[2];
      std::uint64_t started = 0;
      auto start = [&](int l) {
        if (started < n && !nodes_[0].proven()) {
          begin(root, lanes_[l]);
          phase[l] = kDown;
          ++started;
        } else {
          phase[l] = kIdle;
        }
      };
      auto finish = [&](int l) {
        backup(lanes_[l]);
        ++iterations_;
        start(l);
      };
      auto step = [&](int l, std::uint64_t random) {
        Descent& d = lanes_[l];
        if (phase[l] == kPlay) {
          if (!d.s->mcts_playout_step(random)) {
            d.result = first_player_result(*d.s);
            finish(l);
          }
        } else if (phase[l] == kDown && !step_down(d)) {
          if (d.known) {
            finish(l);
          } else {
            if constexpr (requires { d.s->mcts_playout_start(); }) d.s->mcts_playout_start();
            phase[l] = kPlay;
          }
        }
      };
      start(0);
      start(1);
      Rng rng = rng_;  // a local copy: its state stays in registers
      while (phase[0] != kIdle || phase[1] != kIdle) {
        const std::uint64_t r = rng();
        step(0, r & 0xffffffffu);
        step(1, r >> 32);
      }
      rng_ = rng;
    }

    bool expand(std::uint32_t i, const S& s) {
      MovesOf<S> moves;
      s.legal_moves(moves);
      if (!nodes_.has_room(moves.size())) return false;
      const auto first = static_cast<std::uint32_t>(nodes_.size());
      for (const Move& m : moves) {
        Node c;
        c.move = m;
        nodes_.push_back(c);
      }
      nodes_[i].first_child = first;
      nodes_[i].child_count = static_cast<ChildCount>(moves.size());
      return true;
    }

    MctsOptions options_;
    Rng rng_;
    NodePool<Node> nodes_;
    Descent lanes_[2];
    std::uint64_t iterations_ = 0;
  };

  MctsResult<Move> collect(int threads) const {
    MctsResult<Move> r;
    if (root_.is_over()) return r;
    const int mover = root_.to_move();
    // Root children are listed in the same (legal_moves) order in every tree.
    for (int t = 0; t < threads; ++t) {
      const Tree& tree = *trees_[t];
      r.nodes += tree.size();
      const Node& root = tree.node(0);
      if (root.proven()) r.proven = root.lo;
      if (root.first_child == 0) continue;
      if (r.moves.empty()) r.moves.resize(root.child_count);
      for (std::uint32_t k = 0; k < root.child_count && k < r.moves.size(); ++k) {
        const Node& c = tree.node(root.first_child + k);
        auto& m = r.moves[k];
        m.move = c.move;
        m.score = (m.score * static_cast<double>(m.visits) + 0.5 * c.score2) /
                  std::max<double>(1.0, static_cast<double>(m.visits + c.visits));
        m.visits += c.visits;
        if (c.proven()) m.proven = c.lo;
      }
    }
    if (r.moves.empty()) {  // not expanded yet: any legal move
      MovesOf<S> legal;
      root_.legal_moves(legal);
      r.has_move = true;
      r.best = legal[0];
      return r;
    }
    for (auto& m : r.moves)
      if (m.proven != kUnproven) m.score = (m.proven + 1) / 2.0;
    // A proven move's result is from the point of view of whoever moved, which is the root's
    // mover (the root's children are its moves).
    std::stable_sort(r.moves.begin(), r.moves.end(),
                     [](const auto& a, const auto& b) { return rank(a) > rank(b); });
    r.has_move = true;
    r.best = r.moves[0].move;
    r.win_rate = r.moves[0].score;
    if (r.proven == kUnproven && r.moves[0].proven == 1) r.proven = 1;
    // The principal variation: the most visited line of the first tree.
    const Tree& tree = *trees_[0];
    std::uint32_t i = 0;
    for (int depth = 0; depth < 64; ++depth) {
      const Node& n = tree.node(i);
      if (n.first_child == 0) break;
      std::uint32_t best = 0;
      std::uint64_t most = 0;
      for (std::uint32_t k = 0; k < n.child_count; ++k) {
        const Node& c = tree.node(n.first_child + k);
        const std::uint64_t key = c.visits + (c.proven() && c.lo == 1 ? (1ull << 40) : 0);
        if (key > most) {
          most = key;
          best = n.first_child + k;
        }
      }
      if (best == 0) break;
      if (depth == 0 && tree.node(best).move != r.best) {
        r.principal_variation.push_back(r.best);  // the merged choice differs: stop there
        break;
      }
      r.principal_variation.push_back(tree.node(best).move);
      i = best;
    }
    (void)mover;
    return r;
  }

  // Proven wins first, then unproven moves and proven draws by visits, proven losses last.
  static double rank(const MctsMoveStats<Move>& m) {
    if (m.proven == 1) return 1e30;
    if (m.proven == -1) return -1e30 + static_cast<double>(m.visits);
    if (m.proven == 0) return static_cast<double>(m.visits) * 0.999;
    return static_cast<double>(m.visits);
  }

  MctsOptions options_;
  S root_;
  std::vector<std::unique_ptr<Tree>> trees_;
};

}  // namespace grundy::search
