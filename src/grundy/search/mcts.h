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
//   template <class R> void mcts_playout(R& rng);  // play to the end with the game's policy
//                                                  //   (default: uniform random legal moves)
//   bool winning_move(Move& m) const;              // a move that wins at once, if any (proves
//                                                  //   the node without a playout)
//   template <class R> static void mcts_playout_pair(S& a, S& b, R& rng);
//                                                  // two playouts interleaved: iterations
//                                                  //   then run two at a time (virtual loss)
//   void play_fast(Move m);                        // play without undo information (descents)
#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <thread>
#include <vector>

#if defined(__SSE__)
#include <immintrin.h>
#endif
#include <sys/mman.h>

#include <cstdlib>
#include <type_traits>

#include "grundy/search/random.h"
#include "grundy/search/two_player.h"

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

// A fast natural logarithm for UCT (relative error below 1e-3 for n >= 1).
inline float fast_log(std::uint32_t n) {
  const auto f = static_cast<float>(n);
  std::uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  const auto exponent = static_cast<float>(static_cast<int>(bits >> 23) - 127);
  bits = (bits & 0x7fffffu) | 0x3f800000u;  // mantissa in [1, 2)
  float m;
  std::memcpy(&m, &bits, sizeof m);
  // log2(m) on [1, 2) by a cubic fit; then scale by ln 2.
  const float log2m = ((0.15824870f * m - 1.05187502f) * m + 3.04788415f) * m - 2.15419859f;
  return (exponent + log2m) * 0.69314718f;
}

// A fixed-capacity array that never moves its elements: memory is reserved up front (virtual)
// and committed as it is touched, in huge pages where the system offers them.
template <class T>
class NodePool {
 public:
  explicit NodePool(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {
    static_assert(std::is_trivially_copyable_v<T>);
    constexpr std::size_t kHuge = std::size_t{2} << 20;
    const std::size_t bytes = (capacity_ * sizeof(T) + kHuge - 1) / kHuge * kHuge;
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
  void swap(NodePool& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
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

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0, capacity_;
};

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
      const std::uint64_t chunk = 64;
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
  struct Node {
    std::uint32_t first_child = 0;  // 0: not expanded (the root is node 0, never a child)
    std::uint32_t visits = 0;
    std::uint32_t score2 = 0;  // results in half points (win 2, draw 1) for the player who
                               // moved into this node
    ChildCount child_count = 0;
    std::int8_t lo = -1, hi = 1;  // proven bounds on the result for that player
    Move move{};
    bool proven() const { return lo == hi; }
  };

  // One search tree with its own generator: the unit of root parallelism.
  class Tree {
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
      NodePool<Node> fresh(options_.max_nodes);
      fresh.push_back(nodes_[keep]);
      for (std::size_t i = 0; i < fresh.size(); ++i) {
        const Node old = fresh[i];
        if (old.first_child == 0) continue;
        fresh[i].first_child = static_cast<std::uint32_t>(fresh.size());
        for (std::uint32_t k = 0; k < old.child_count; ++k)
          fresh.push_back(nodes_[old.first_child + k]);
      }
      nodes_.swap(fresh);
      // Root bounds are kept for the root's own mover: recomputed from its children.
      nodes_[0].lo = -1;
      nodes_[0].hi = 1;
      update_bounds(0, mover, mover);
    }

    // Runs n iterations from `root`; false once the root is proven (nothing left to learn).
    bool run(const S& root, std::uint64_t n) {
      for (std::uint64_t i = 0; i < n;) {
        if (nodes_[0].proven()) return false;
        if constexpr (requires(S & a, S & b) { S::mcts_playout_pair(a, b, rng_); }) {
          if (n - i >= 2) {
            iterate_pair(root);
            iterations_ += 2;
            i += 2;
            continue;
          }
        }
        iterate(root);
        ++iterations_;
        ++i;
      }
      return !nodes_[0].proven();
    }

   private:
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

    // 1/sqrt(x): the approximate instruction where there is one (UCT needs no more precision).
    static float inv_sqrt(float x) {
#if defined(__SSE__)
      return _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x)));
#else
      return 1.0f / std::sqrt(x);
#endif
    }

    // UCT among the children worth sampling: not proven, and able to beat `parent_lo` (the
    // best result the mover is already sure of). Unvisited children first, in order. 0 when
    // there is none.
    std::uint32_t select(const Node& n, int parent_lo) const {
      const float c = static_cast<float>(options_.exploration) *
                      std::sqrt(fast_log(std::max<std::uint32_t>(n.visits, 1)));
      std::uint32_t best = 0;
      float best_score = -1e30f;
      const Node* child = &nodes_[n.first_child];
      for (std::uint32_t k = 0; k < n.child_count; ++k) {
        const Node& ch = child[k];
        if (ch.hi <= parent_lo || ch.proven()) continue;
        if (ch.visits == 0) return n.first_child + k;
        const float r = inv_sqrt(static_cast<float>(ch.visits));
        const float score = 0.5f * static_cast<float>(ch.score2) * (r * r) + c * r;
        if (score > best_score) {
          best_score = score;
          best = n.first_child + k;
        }
      }
      return best;
    }

    template <class T>
    static void play_quick(T& s, Move m) {
      if constexpr (requires { s.play_fast(m); })
        s.play_fast(m);  // no hash or undo information: the descent never undoes
      else
        s.play(m);
    }

    // One descent from the root to a leaf: the path, the movers along it, the leaf's state,
    // and the result when it is known without a playout.
    struct Descent {
      std::optional<S> s;  // (a state need not be default-constructible)
      std::vector<std::uint32_t> path;
      std::vector<int> movers;   // movers[d]: the player to move at path[d]
      int result = 0;            // for the first player: +1 / 0 / -1
      bool known = false;        // the result is exact (no playout)
      bool proved_leaf = false;  // the last node's bounds just became exact
    };

    void descend(const S& root, Descent& d) {
      d.s.emplace(root);
      d.path.clear();
      d.movers.clear();
      d.known = d.proved_leaf = false;
      S& s = *d.s;
      std::uint32_t i = 0;
      while (true) {
        d.path.push_back(i);
        Node& n = nodes_[i];
        const int into = d.movers.empty() ? -1 : d.movers.back();
        if (i != 0 && n.proven()) {  // exact: no playout needed
          d.result = into == 0 ? n.lo : -n.lo;
          d.known = true;
          return;
        }
        if (s.is_over()) {  // only below the root: search() never runs on a finished game
          d.result = first_player_result(s);
          n.lo = n.hi = static_cast<std::int8_t>(into == 0 ? d.result : -d.result);
          d.known = d.proved_leaf = true;
          return;
        }
        const int mover = s.to_move();
        if (n.first_child == 0) {
          if constexpr (requires(Move & m) { s.winning_move(m); }) {
            Move m;
            if (i != 0 && s.winning_move(m)) {  // the mover wins at once
              d.result = mover == 0 ? 1 : -1;
              n.lo = n.hi = static_cast<std::int8_t>(into == mover ? 1 : -1);
              d.known = d.proved_leaf = true;
              return;
            }
          }
          if (n.visits == 0 && i != 0) return;  // first visit: a playout from here
          if (!expand(i, s)) return;            // the tree is full: a playout from here
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
          return;
        }
        d.movers.push_back(mover);
        // The next level's children (up to three cache lines) while the move is played.
        if (const std::uint32_t f = nodes_[next].first_child; f != 0) {
          const char* p = reinterpret_cast<const char*>(&nodes_[f]);
          __builtin_prefetch(p);
          __builtin_prefetch(p + 64);
          __builtin_prefetch(p + 128);
        }
        play_quick(s, nodes_[next].move);
        i = next;
      }
    }

    void playout(S& s) {
      if constexpr (requires { s.mcts_playout(rng_); }) {
        s.mcts_playout(rng_);
      } else {
        MovesOf<S> moves;
        while (!s.is_over()) {
          s.legal_moves(moves);
          s.play(moves[rng_.below(static_cast<std::uint32_t>(moves.size()))]);
        }
      }
    }

    // Backs up visits and results; bounds only while they keep changing (proofs are rare).
    // `counted`: the visits were already added (a virtual loss while another descent ran).
    void backup(const Descent& d, bool counted) {
      bool changed = d.proved_leaf;
      for (std::size_t k = d.path.size(); k-- > 0;) {
        Node& n = nodes_[d.path[k]];
        if (!counted) ++n.visits;
        if (k > 0) {
          const int into = d.movers[k - 1];
          n.score2 += static_cast<std::uint32_t>((into == 0 ? d.result : -d.result) + 1);
          if (changed && k + 1 < d.path.size())
            changed = update_bounds(d.path[k], d.movers[k], into);
        } else if (changed && d.path.size() > 1) {
          update_bounds(0, d.movers[0], d.movers[0]);
        }
      }
    }

    void iterate(const S& root) {
      descend(root, first_);
      if (!first_.known) {
        playout(*first_.s);
        first_.result = first_player_result(*first_.s);
      }
      backup(first_, false);
    }

    // Two iterations at once (hook mcts_playout_pair): the first descent's path gets a virtual
    // loss (a visit without a win) so that the second goes elsewhere, then both playouts run
    // interleaved, which lets the processor overlap their dependency chains.
    void iterate_pair(const S& root) {
      descend(root, first_);
      for (auto i : first_.path) ++nodes_[i].visits;
      descend(root, second_);
      if (!first_.known && !second_.known) {
        S::mcts_playout_pair(*first_.s, *second_.s, rng_);
      } else if (!first_.known) {
        playout(*first_.s);
      } else if (!second_.known) {
        playout(*second_.s);
      }
      if (!first_.known) first_.result = first_player_result(*first_.s);
      if (!second_.known) second_.result = first_player_result(*second_.s);
      backup(first_, true);
      backup(second_, false);
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
    Descent first_, second_;
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
