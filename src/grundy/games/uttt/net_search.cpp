#include "grundy/games/uttt/net_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "grundy/core/error.h"
#include "grundy/core/kernel_set.h"
#include "grundy/core/target.h"
#include "grundy/search/mcts.h"

namespace grundy::uttt {

// Values are for the player who made the move into the node.
struct NetSearch::Node {
  std::uint32_t first_child = 0;  // 0: not expanded
  std::uint32_t visits = 0;
  float sum = 0.5f;      // the network's value of the move (exact when the move ends the game),
                         // then plus the values backed up through the node: the mean is
                         // sum / (visits + 1)
  float minimax = 0.5f;  // the network's value while unexpanded, then 1 - the best child's
  std::uint8_t move = 0;
  std::uint8_t count = 0;  // children
  std::uint8_t exact = 0;  // minimax is the game's value with best play
  std::uint8_t flags = 0;  // kPruned | kFree
};

namespace {
constexpr std::uint8_t kPruned = 1;  // some of the node's moves were left out (free_move_plies)
constexpr std::uint8_t kFree = 2;    // the move sends the opponent to a closed board
}  // namespace

struct NetSearch::Pool : search::NodePool<Node> {
  using search::NodePool<Node>::NodePool;
};

NetSearch::NetSearch(const Board& root, NetSearchOptions options)
    : options_(options),
      owned_(options.weights ? net::quantize(*options.weights) : nullptr),
      weights_(owned_ ? owned_.get() : &net::builtin_quantized()),
      pool_(std::make_unique<Pool>(std::max<std::size_t>(options.max_nodes, 256))),
      spare_(std::make_unique<Pool>(std::max<std::size_t>(options.max_nodes, 256))) {
  reset(root);
}

NetSearch::~NetSearch() = default;

void NetSearch::reset(const Board& root) {
  root_ = root;
  pool_->clear();
  pool_->push_back(Node{});  // node 0: nobody
  pool_->push_back(Node{});  // the root
  root_index_ = 1;
}

void NetSearch::advance(Board::Move m) {
  const Pool& nodes = *pool_;
  const Node& r = nodes[root_index_];
  std::uint32_t keep = 0;
  for (std::uint32_t k = 0; k < r.count; ++k)
    if (nodes[r.first_child + k].move == m) keep = r.first_child + k;
  Board next = root_;
  next.play(m);
  if (keep == 0) return reset(next);
  root_ = next;
  root_index_ = keep;
}

bool NetSearch::prefault_step() {
  constexpr std::size_t kStep = std::size_t{2} << 20, kAhead = std::size_t{1} << 21;
  if (pool_->prefault(pool_->size() + kAhead, kStep)) return true;
  return spare_->prefault(spare_->capacity() / 2 + 1, kStep);
}

bool NetSearch::idle_step() {
  // (Once per search: the kept subtree alone may hold more than a quarter.)
  if (!compacted_ && pool_->size() > pool_->capacity() / 4) {
    compact();
    compacted_ = true;
    return true;
  }
  return prefault_step();
}

void NetSearch::compact() {
  Pool& from = *pool_;
  Pool& to = *spare_;
  to.clear();
  to.push_back(Node{});
  to.push_back(from[root_index_]);
  // Breadth first: each node's children are copied as one block when the node is reached.
  for (std::size_t i = 1; i < to.size(); ++i) {
    const std::uint32_t first = to[i].first_child;
    if (first == 0) continue;
    to[i].first_child = static_cast<std::uint32_t>(to.size());
    for (std::uint32_t k = 0; k < to[i].count; ++k) to.push_back(from[first + k]);
  }
  std::swap(pool_, spare_);
  root_index_ = 1;
}

// The board m sends the opponent to was closed already, or m closes it (when m's cell names m's
// own board).
bool gives_free_move(const Board& b, Board::Move m) {
  const int target = m % 9;
  if (!((b.open_boards() >> target) & 1)) return true;
  if (kBoardOf[m] != target) return false;
  Board c = b;
  c.play_fast(m);
  return c.forced_board() == kAnyBoard;
}

void NetSearch::expand(std::uint32_t i, const Board& b) {
  Board::Moves moves;
  b.legal_moves(moves);
  bool pruned = false;
  if (b.stones() < options_.free_move_plies) {
    Board::Moves kept;
    for (const Board::Move m : moves) {
      Board c = b;
      c.play_fast(m);
      if (c.is_over() || c.forced_board() != kAnyBoard) kept.push_back(m);
    }
    if (!kept.empty() && kept.size() < moves.size()) {
      moves = kept;
      pruned = true;
    }
  }
  Pool& nodes = *pool_;
  if (!nodes.has_room(moves.size())) return;
  float values[kCells];
  bool exact[kCells];
  net::evaluate_moves_with<net::Accumulator16>(b, moves, values, exact, *weights_);
  const auto first = static_cast<std::uint32_t>(nodes.size());
  const bool mark_free = options_.free_move_penalty != 1.0;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    Node c;
    c.move = moves[k];
    c.sum = c.minimax = values[k];
    c.exact = exact[k];
    if (mark_free && !c.exact && gives_free_move(b, c.move)) c.flags = kFree;
    nodes.push_back(c);
  }
  nodes[i].first_child = first;
  nodes[i].count = static_cast<std::uint8_t>(moves.size());
  nodes[i].flags = static_cast<std::uint8_t>(nodes[i].flags | (pruned ? kPruned : 0));
  update(i);
}

// The minimax value and exactness of an expanded node from its children.
void NetSearch::update(std::uint32_t i) {
  Pool& nodes = *pool_;
  Node& n = nodes[i];
  float best = -1;
  bool all_exact = true, won = false;
  for (std::uint32_t k = 0; k < n.count; ++k) {
    const Node& c = nodes[n.first_child + k];
    best = std::max(best, c.minimax);
    all_exact &= c.exact != 0;
    won |= c.exact && c.minimax >= 1.0f;
  }
  n.minimax = 1.0f - best;
  n.exact = (all_exact && !(n.flags & kPruned)) || won;
}

namespace {

// 1 / (v + 1) and 1 / sqrt(v + 1) for the visit counts of most nodes: a division and a square
// root per child were a third of the search's time; and the parent's sqrt(log(v + 1)).
constexpr std::uint32_t kTable = 4096;
float exploration_root(std::uint32_t visits) {
  return std::sqrt(std::log(static_cast<float>(visits) + 1.0f));
}
struct VisitTables {
  float inverse[kTable], inverse_root[kTable], log_root[kTable];
  VisitTables() {
    for (std::uint32_t v = 0; v < kTable; ++v) {
      inverse[v] = 1.0f / (static_cast<float>(v) + 1.0f);
      inverse_root[v] = 1.0f / std::sqrt(static_cast<float>(v) + 1.0f);
      log_root[v] = exploration_root(v);
    }
  }
};
const VisitTables kVisits;

}  // namespace

std::uint32_t NetSearch::select(const Node& n) const {
  const Pool& nodes = *pool_;
  const float a = static_cast<float>(options_.minimax_weight);
  const float c = static_cast<float>(options_.exploration) *
                  (n.visits < kTable ? kVisits.log_root[n.visits] : exploration_root(n.visits));
  const float c_free = c * static_cast<float>(options_.free_move_penalty);
  std::uint32_t best = 0;
  float best_score = -1e30f;
  for (std::uint32_t k = 0; k < n.count; ++k) {
    const std::uint32_t j = n.first_child + k;
    const Node& ch = nodes[j];
    if (ch.exact) continue;  // nothing left to learn there
    float inverse, inverse_root;
    if (ch.visits < kTable) {
      inverse = kVisits.inverse[ch.visits];
      inverse_root = kVisits.inverse_root[ch.visits];
    } else {
      inverse = 1.0f / (static_cast<float>(ch.visits) + 1.0f);
      inverse_root = std::sqrt(inverse);
    }
    // (TomAlard's form: the penalty once the move was searched, its first visit as any other's)
    const float explore = (ch.flags & kFree) && ch.visits > 0 ? c_free : c;
    const float score = (1 - a) * ch.sum * inverse + a * ch.minimax + explore * inverse_root;
    if (score > best_score) {
      best_score = score;
      best = j;
    }
  }
  return best;
}

bool NetSearch::iterate() {
  Pool& nodes = *pool_;
  path_.clear();
  path_.push_back(root_index_);
  Board b = root_;
  std::uint32_t i = root_index_;
  while (!nodes[i].exact) {
    if (nodes[i].first_child == 0) {
      expand(i, b);  // (a full pool leaves the leaf unexpanded: its own value is backed up)
      break;
    }
    const std::uint32_t next = select(nodes[i]);
    if (next == 0) break;  // (cannot happen: a node whose children are all exact is exact)
    b.play_fast(nodes[next].move);
    path_.push_back(next);
    i = next;
  }
  float v = nodes[i].minimax;
  for (std::size_t k = path_.size(); k-- > 0;) {
    Node& n = nodes[path_[k]];
    ++n.visits;
    n.sum += v;
    if (k + 1 < path_.size()) update(path_[k]);
    v = 1.0f - v;
  }
  return !nodes[root_index_].exact;
}

std::uint64_t NetSearch::run_here(std::uint64_t n) {
  std::uint64_t k = 0;
  while (k < n && iterate()) ++k;
  return k;
}

#if GRUNDY_HAVE_TARGETS
// The search loop compiled for each vector kernel set, every call inlined (flatten): the
// board's moves and the network's 16-bit sums (network_eval.h) with that set's instructions
// and registers.
GRUNDY_TARGET_AVX2_BEGIN
[[gnu::flatten]] std::uint64_t net_run_avx2(NetSearch& s, std::uint64_t n) {
  return s.run_here(n);
}
GRUNDY_TARGET_END
GRUNDY_TARGET_AVX512_BEGIN
[[gnu::flatten]] std::uint64_t net_run_avx512(NetSearch& s, std::uint64_t n) {
  return s.run_here(n);
}
GRUNDY_TARGET_END
#endif

std::uint64_t NetSearch::run(std::uint64_t n) {
#if GRUNDY_HAVE_TARGETS
  switch (active_kernel_set()) {
    case KernelSet::avx512:
      return net_run_avx512(*this, n);
    case KernelSet::avx2:
      return net_run_avx2(*this, n);
    case KernelSet::scalar:
      break;
  }
#endif
  return run_here(n);
}

NetSearchResult NetSearch::search(NetSearchLimits limits) {
  if (root_.is_over()) throw InputError("the game is over: there is nothing to search");
  const auto start = std::chrono::steady_clock::now();
  if (!limits.iterations && limits.seconds <= 0 && !limits.stop) limits.iterations = 10000;
  if (pool_->size() > pool_->capacity() / 2) compact();
  compacted_ = false;
  Pool& nodes = *pool_;
  if (nodes[root_index_].first_child == 0) expand(root_index_, root_);
  std::uint64_t done = 0;
  while (!nodes[root_index_].exact && nodes[root_index_].count > 1) {
    const std::uint64_t chunk =
        limits.iterations ? std::min<std::uint64_t>(256, limits.iterations - done) : 256;
    const std::uint64_t k = run(chunk);
    done += k;
    if (k < chunk) break;  // the root is exact
    if (limits.iterations && done >= limits.iterations) break;
    if (limits.stop && limits.stop->load(std::memory_order_relaxed)) break;
    if (limits.seconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >=
            limits.seconds)
      break;
  }
  NetSearchResult r = collect();
  r.iterations = done;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

NetSearchResult NetSearch::collect() const {
  const Pool& nodes = *pool_;
  const Node& root = nodes[root_index_];
  NetSearchResult r;
  r.nodes = nodes.size();
  if (root.first_child == 0 || root.count == 0) return r;
  const float a = static_cast<float>(options_.minimax_weight);
  for (std::uint32_t k = 0; k < root.count; ++k) {
    const Node& c = nodes[root.first_child + k];
    NetMoveStats s;
    s.move = c.move;
    s.visits = c.visits;
    s.exact = c.exact;
    s.value =
        c.exact ? c.minimax : (1 - a) * c.sum / (static_cast<float>(c.visits) + 1) + a * c.minimax;
    r.moves.push_back(s);
  }
  // A proven win first, proven losses last, the rest by visits (a proven draw counting as a
  // move visited as often as the best when the best looks worse than a draw).
  auto rank = [](const NetMoveStats& s) {
    if (s.exact && s.value >= 1.0f) return 1e30;
    if (s.exact && s.value <= 0.0f) return -1e30 + s.visits;
    return static_cast<double>(s.visits);
  };
  std::stable_sort(r.moves.begin(), r.moves.end(),
                   [&](const NetMoveStats& x, const NetMoveStats& y) { return rank(x) > rank(y); });
  const NetMoveStats* pick = &r.moves[0];
  for (const auto& s : r.moves)
    if (s.exact && s.value == 0.5f && !pick->exact && pick->value < 0.5f) pick = &s;
  r.has_move = true;
  r.best = pick->move;
  r.value = pick->value;
  if (root.exact) r.proven = root.minimax <= 0.0f ? 1 : root.minimax >= 1.0f ? -1 : 0;
  // The principal variation: the most visited line.
  r.principal_variation.push_back(r.best);
  std::uint32_t i = 0;
  for (std::uint32_t k = 0; k < root.count; ++k)
    if (nodes[root.first_child + k].move == r.best) i = root.first_child + k;
  for (int depth = 1; depth < 40 && i != 0 && nodes[i].first_child != 0; ++depth) {
    const Node& n = nodes[i];
    std::uint32_t best = n.first_child;
    for (std::uint32_t k = 1; k < n.count; ++k)
      if (nodes[n.first_child + k].visits > nodes[best].visits) best = n.first_child + k;
    if (nodes[best].visits == 0) break;
    r.principal_variation.push_back(nodes[best].move);
    i = best;
  }
  return r;
}

}  // namespace grundy::uttt
