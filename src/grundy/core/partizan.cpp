#include "grundy/core/partizan.h"

#include <algorithm>
#include <string>
#include <utility>

#include "grundy/core/error.h"

namespace grundy {
namespace {

constexpr GameId kSeparator = 0xffffffffu;
constexpr std::size_t kMaxMemo = std::size_t{1} << 24;  // entries per cache before it is cleared

void normalize(std::vector<GameId>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

}  // namespace

std::string_view to_string(Outcome o) {
  constexpr std::string_view names[] = {"left", "right", "first", "second"};
  return names[static_cast<int>(o)];
}

GameStore::Depth::Depth(GameStore& s) : store(s) {
  if (++store.depth_ > kMaxDepth) {
    --store.depth_;
    throw LimitError("a game value nests deeper than " + std::to_string(kMaxDepth) +
                     " levels: too large to put in canonical form");
  }
}

GameStore::GameStore(std::size_t max_nodes) : max_nodes_(max_nodes) {
  zero_ = number(Dyadic{});
}

GameId GameStore::push(Node n) {
  if (nodes_.size() >= max_nodes_)
    throw LimitError("more than " + std::to_string(max_nodes_) +
                     " distinct game forms: the position is too large for canonical forms");
  nodes_.push_back(std::move(n));
  return static_cast<GameId>(nodes_.size() - 1);
}

GameId GameStore::number(const Dyadic& x) {
  if (auto it = numbers_.find(x); it != numbers_.end()) return it->second;
  Node n;
  n.is_number = true;
  n.number = x;
  const GameId id = push(std::move(n));
  numbers_.emplace(x, id);
  return id;
}

void GameStore::ensure_options(GameId g) {
  if (nodes_[g].options_ready) return;
  const Dyadic x = nodes_[g].number;
  std::vector<GameId> l, r;
  if (x.exponent() == 0) {
    if (x > Dyadic{}) l.push_back(number(x - Dyadic::integer(1)));
    if (x < Dyadic{}) r.push_back(number(x + Dyadic::integer(1)));
  } else {
    const Dyadic step = Dyadic::make(1, x.exponent());
    l.push_back(number(x - step));
    r.push_back(number(x + step));
  }
  nodes_[g].left = std::move(l);
  nodes_[g].right = std::move(r);
  nodes_[g].options_ready = true;
}

std::vector<GameId> GameStore::left(GameId g) {
  ensure_options(g);
  return nodes_[g].left;
}

std::vector<GameId> GameStore::right(GameId g) {
  ensure_options(g);
  return nodes_[g].right;
}

GameId GameStore::intern(std::vector<GameId> left, std::vector<GameId> right) {
  std::vector<GameId> k = left;
  k.push_back(kSeparator);
  k.insert(k.end(), right.begin(), right.end());
  if (auto it = forms_.find(k); it != forms_.end()) return it->second;
  Node n;
  n.options_ready = true;
  n.left = std::move(left);
  n.right = std::move(right);
  const GameId id = push(std::move(n));
  forms_.emplace(std::move(k), id);
  return id;
}

GameId GameStore::nimber(std::uint64_t n) {
  if (nimbers_.empty()) nimbers_.push_back(zero_);
  while (nimbers_.size() <= n) {
    nimbers_.push_back(intern(nimbers_, nimbers_));  // *k = {0, *, ..., *(k-1) | same}
  }
  return nimbers_[n];
}

GameId GameStore::up(std::int64_t n) {
  const GameId one_up = make({zero_}, {nimber(1)});
  const GameId step = n >= 0 ? one_up : neg(one_up);
  GameId g = zero_;
  for (std::int64_t i = 0; i < (n >= 0 ? n : -n); ++i) g = add(g, step);
  return g;
}

bool GameStore::leq(GameId a, GameId b) {
  if (a == b) return true;
  if (nodes_[a].is_number && nodes_[b].is_number) return nodes_[a].number <= nodes_[b].number;
  const std::uint64_t k = key(a, b);
  if (auto it = leq_.find(k); it != leq_.end()) return it->second;
  Depth depth(*this);
  ensure_options(a);
  ensure_options(b);
  bool result = true;
  // a <= b unless some a^L >= b or some b^R <= a. Indices, not references: the recursion may
  // add nodes (number options) and move the node vector.
  for (std::size_t i = 0; result && i < nodes_[a].left.size(); ++i)
    if (leq(b, nodes_[a].left[i])) result = false;
  for (std::size_t i = 0; result && i < nodes_[b].right.size(); ++i)
    if (leq(nodes_[b].right[i], a)) result = false;
  if (leq_.size() >= kMaxMemo) leq_.clear();
  leq_.emplace(k, result);
  return result;
}

Outcome GameStore::outcome(GameId g) {
  const bool left_wins_second = leq(zero_, g), right_wins_second = leq(g, zero_);
  if (left_wins_second && right_wins_second) return Outcome::second;
  if (left_wins_second) return Outcome::left;
  if (right_wins_second) return Outcome::right;
  return Outcome::first;
}

void GameStore::remove_dominated(std::vector<GameId>& options, bool left_side) {
  std::vector<GameId> kept;
  for (const GameId x : options) {
    bool dominated = false;
    for (const GameId y : options)
      if (y != x && (left_side ? leq(x, y) : leq(y, x))) {
        dominated = true;
        break;
      }
    if (!dominated) kept.push_back(x);
  }
  options = std::move(kept);
}

GameId GameStore::make(std::vector<GameId> left, std::vector<GameId> right) {
  Depth depth(*this);
  normalize(left);
  normalize(right);
  while (true) {
    remove_dominated(left, true);
    remove_dominated(right, false);
    // All options numbers, Left's below Right's: the simplest number between.
    const auto is_num = [&](GameId x) { return nodes_[x].is_number; };
    if (std::all_of(left.begin(), left.end(), is_num) &&
        std::all_of(right.begin(), right.end(), is_num)) {
      // Dominated options are gone: at most one option per side is left.
      const Dyadic* lo = left.empty() ? nullptr : &nodes_[left[0]].number;
      const Dyadic* hi = right.empty() ? nullptr : &nodes_[right[0]].number;
      if (!lo || !hi || *lo < *hi) {
        const Dyadic v = simplest_between(lo, hi);  // copy before number() may grow nodes_
        return number(v);
      }
    }
    const GameId g = intern(left, right);
    // A Left option a reverses through a^R <= g (Left's move to a is as good as a^R's Left
    // options); a Right option b through b^L >= g. Replace each by those options.
    bool changed = false;
    const auto bypass = [&](const std::vector<GameId>& options, bool left_side) {
      std::vector<GameId> out;
      for (const GameId a : options) {
        ensure_options(a);
        bool reversed = false;
        const auto& answers = [&]() -> const std::vector<GameId>& {
          return left_side ? nodes_[a].right : nodes_[a].left;
        };
        for (std::size_t i = 0; !reversed && i < answers().size(); ++i) {
          const GameId ar = answers()[i];
          if (left_side ? leq(ar, g) : leq(g, ar)) {
            ensure_options(ar);
            const std::vector<GameId> replacement = left_side ? nodes_[ar].left : nodes_[ar].right;
            out.insert(out.end(), replacement.begin(), replacement.end());
            reversed = true;
          }
        }
        if (!reversed) out.push_back(a);
        changed |= reversed;
      }
      return out;
    };
    std::vector<GameId> new_left = bypass(left, true), new_right = bypass(right, false);
    if (!changed) return g;
    left = std::move(new_left);
    right = std::move(new_right);
    normalize(left);
    normalize(right);
  }
}

GameId GameStore::neg(GameId g) {
  if (nodes_[g].is_number) {
    const Dyadic v = -nodes_[g].number;
    return number(v);
  }
  if (auto it = neg_.find(g); it != neg_.end()) return it->second;
  Depth depth(*this);
  std::vector<GameId> l, r;
  for (std::size_t i = 0; i < nodes_[g].right.size(); ++i) l.push_back(neg(nodes_[g].right[i]));
  for (std::size_t i = 0; i < nodes_[g].left.size(); ++i) r.push_back(neg(nodes_[g].left[i]));
  normalize(l);
  normalize(r);
  const GameId n = intern(std::move(l), std::move(r));  // the negative of a canonical form is one
  neg_.emplace(g, n);
  neg_.emplace(n, g);
  return n;
}

GameId GameStore::add(GameId a, GameId b) {
  if (a == zero_) return b;
  if (b == zero_) return a;
  if (nodes_[a].is_number && nodes_[b].is_number) {
    const Dyadic v = nodes_[a].number + nodes_[b].number;
    return number(v);
  }
  if (a > b) std::swap(a, b);
  const std::uint64_t k = key(a, b);
  if (auto it = add_.find(k); it != add_.end()) return it->second;
  Depth depth(*this);
  std::vector<GameId> l, r;
  // Number translation: x + G = {x + G^L | x + G^R} when G is not a number, so x's own options
  // never enter the sum.
  const bool a_num = nodes_[a].is_number, b_num = nodes_[b].is_number;
  if (!a_num)
    for (std::size_t i = 0; i < nodes_[a].left.size(); ++i) l.push_back(add(nodes_[a].left[i], b));
  if (!b_num)
    for (std::size_t i = 0; i < nodes_[b].left.size(); ++i) l.push_back(add(a, nodes_[b].left[i]));
  if (!a_num)
    for (std::size_t i = 0; i < nodes_[a].right.size(); ++i)
      r.push_back(add(nodes_[a].right[i], b));
  if (!b_num)
    for (std::size_t i = 0; i < nodes_[b].right.size(); ++i)
      r.push_back(add(a, nodes_[b].right[i]));
  const GameId s = make(std::move(l), std::move(r));
  if (add_.size() >= kMaxMemo) add_.clear();
  add_.emplace(k, s);
  return s;
}

Dyadic GameStore::left_stop(GameId g) {
  if (nodes_[g].is_number) return nodes_[g].number;
  if (auto it = stops_.find(g); it != stops_.end()) return it->second.first;
  Depth depth(*this);
  Dyadic ls, rs;
  for (std::size_t i = 0; i < nodes_[g].left.size(); ++i) {
    const Dyadic v = right_stop(nodes_[g].left[i]);
    if (i == 0 || ls < v) ls = v;
  }
  for (std::size_t i = 0; i < nodes_[g].right.size(); ++i) {
    const Dyadic v = left_stop(nodes_[g].right[i]);
    if (i == 0 || v < rs) rs = v;
  }
  stops_.emplace(g, std::make_pair(ls, rs));
  return ls;
}

Dyadic GameStore::right_stop(GameId g) {
  if (nodes_[g].is_number) return nodes_[g].number;
  left_stop(g);
  return stops_.at(g).second;
}

}  // namespace grundy
