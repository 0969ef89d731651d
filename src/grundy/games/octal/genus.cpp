#include "grundy/games/octal/genus.h"

#include <algorithm>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/hash/hash.h"
#include "grundy/core/error.h"
#include "grundy/games/octal/engine.h"
#include "grundy/games/octal/moves.h"
#include "grundy/games/octal/plain.h"

namespace grundy::octal {

std::string genus_text(const Genus& g) {
  std::string s = std::to_string(g.normal);
  if (g.misere.empty()) return s;
  const bool big = std::any_of(g.misere.begin(), g.misere.end(), [](auto v) { return v >= 10; });
  s += big ? "^(" : "^";
  for (std::size_t i = 0; i < g.misere.size(); ++i) {
    if (big && i > 0) s += ",";
    s += std::to_string(g.misere[i]);
  }
  if (big) s += ")";
  return s;
}

namespace {

using Position = std::vector<std::uint32_t>;  // heap sizes, ascending, no empty heap

// γ of a position: its values up to `tail`, after which they repeat with period 2.
struct Gammas {
  std::vector<std::uint32_t> values;
  std::uint32_t at(std::size_t k) const {
    if (k < values.size()) return values[k];
    const std::size_t last = values.size() - 1;
    return values[last - ((k - last) & 1)];
  }
};

std::uint32_t mex_of(std::vector<std::uint32_t>& v) {
  std::sort(v.begin(), v.end());
  std::uint32_t m = 0;
  for (const auto x : v) {
    if (x == m) ++m;
    if (x > m) break;
  }
  return m;
}

class GenusSolver {
 public:
  GenusSolver(const OctalCode& code, std::size_t max_positions, const std::atomic<bool>* stop)
      : code_(code), max_positions_(max_positions), stop_(stop) {}

  const Gammas& gammas(const Position& p) {
    if (const auto it = memo_.find(p); it != memo_.end()) return store_[it->second];
    // The options, solved first (positions hold fewer tokens, so this ends).
    std::vector<Position> options;
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (i > 0 && p[i] == p[i - 1]) continue;
      for_each_move(code_, p[i], [&](const Move& m) {
        Position q;
        q.reserve(p.size() + 2);
        for (std::size_t j = 0; j < p.size(); ++j)
          if (j != i) q.push_back(p[j]);
        for (const auto part : {m.a, m.b, m.c})
          if (part > 0) q.push_back(static_cast<std::uint32_t>(part));
        std::sort(q.begin(), q.end());
        options.push_back(std::move(q));
      });
    }
    std::vector<std::size_t> ids;
    ids.reserve(options.size());
    std::size_t depth = 1;  // the index from which every option's γ has period 2
    for (const auto& q : options) {
      gammas(q);
      const std::size_t id = memo_.at(q);
      ids.push_back(id);
      depth = std::max(depth, store_[id].values.size() - 1);
    }
    Gammas g;
    std::vector<std::uint32_t> seen;
    if (options.empty()) {
      g.values = {1, 2, 0};
    } else {
      // CGSuite's bound: period 2 from depth + 2; computed two further and checked.
      const std::size_t length = depth + 5;
      for (std::size_t k = 0; k < length; ++k) {
        seen.clear();
        if (k > 0) {
          seen.push_back(g.values[k - 1]);
          seen.push_back(g.values[k - 1] ^ 1);
        }
        for (const auto id : ids) seen.push_back(store_[id].at(k));
        g.values.push_back(mex_of(seen));
      }
      std::size_t tail = length - 1;
      while (tail >= 2 && g.values[tail] == g.values[tail - 2]) --tail;
      if (tail + 3 > length)
        throw LimitError("the genus did not settle into period 2 where it should (a bug)");
      g.values.resize(tail + 1);
      if (g.values.size() < 2) g.values.push_back(g.at(1));
    }
    if (stop_ && (store_.size() & 1023) == 0 && stop_->load()) throw Interrupted();
    if (store_.size() >= max_positions_)
      throw LimitError("the genus of these heaps needs more than " +
                       std::to_string(max_positions_) + " positions (sums of smaller heaps)");
    memo_.emplace(p, store_.size());
    store_.push_back(std::move(g));
    return store_.back();
  }

 private:
  const OctalCode& code_;
  std::size_t max_positions_;
  const std::atomic<bool>* stop_;
  absl::flat_hash_map<Position, std::size_t> memo_;
  std::vector<Gammas> store_;
};

}  // namespace

std::vector<Genus> heap_genera(const OctalCode& code, std::uint64_t count,
                               std::size_t max_positions, const std::atomic<bool>* stop) {
  const auto normal = plain_values(code, count);
  GenusSolver solver(code, max_positions, stop);
  std::vector<Genus> out;
  for (std::uint64_t n = 0; n < count; ++n) {
    const Position p = n == 0 ? Position{} : Position{static_cast<std::uint32_t>(n)};
    const Gammas& g = solver.gammas(p);
    Genus genus;
    genus.normal = normal[n];
    // Written up to where the period-2 tail starts, keeping at least γ0 and γ1.
    std::size_t m = g.values.size() - 1;
    while (m > 1 && g.at(m) == g.at(m - 2)) --m;
    for (std::size_t k = 0; k <= std::max<std::size_t>(m, 1); ++k) genus.misere.push_back(g.at(k));
    out.push_back(std::move(genus));
  }
  return out;
}

}  // namespace grundy::octal
