#pragma once
// What the master of a distributed search knows: bounds on the values of positions (from the
// workers' answers and from its own tree), the positions whose job ran out of budget (and how
// big that budget was), and the workers' proof and disproof numbers for
// questions left open (the first numbers of nodes the master creates). Bounds and hard
// positions are facts that hold for every question, so they are what checkpoints keep; numbers
// and proving moves are not kept.
#include <algorithm>
#include <cstdint>
#include <utility>

#include <absl/container/flat_hash_map.h>

#include "grundy/core/bytes.h"

namespace grundy::search::distributed {

struct Bounds {
  int lower, upper;
  bool decides(int t) const { return lower >= t || upper < t; }
  bool answer(int t) const { return lower >= t; }  // when decides(t)
};

class Knowledge {
 public:
  // No bound: [-inf, inf] (search::kInfinity).
  static constexpr int kNone = 32000;

  Bounds bounds(std::uint64_t key) const {
    const auto it = bounds_.find(key);
    if (it == bounds_.end()) return {-kNone, kNone};
    return {it->second.first, it->second.second};
  }
  // Intersects the known bounds with [lower, upper]. Bounds that contradict what is known
  // (lower above the known upper bound) are counted as conflicts and not stored: they would
  // mean a wrong answer somewhere, which the tests check never happens.
  void narrow(std::uint64_t key, int lower, int upper);

  // The largest node budget a job on this position used up without an answer (0: none).
  std::uint64_t spent(std::uint64_t key) const {
    const auto it = hard_.find(key);
    return it == hard_.end() ? 0 : it->second;
  }
  void mark_hard(std::uint64_t key, std::uint64_t budget) {
    auto& b = hard_[key];
    b = std::max(b, budget);
  }

  void hint(std::uint64_t question, std::uint32_t pn, std::uint32_t dn) {
    numbers_[question] = {pn, dn};
  }
  bool numbers(std::uint64_t question, std::uint32_t& pn, std::uint32_t& dn) const;

  // A move (its code) from a position that a worker found to reach at least `reaches`.
  void set_move(std::uint64_t key, std::uint16_t move, int reaches) {
    auto [it, fresh] = moves_.try_emplace(key, move, reaches);
    if (!fresh && reaches > it->second.second) it->second = {move, reaches};
  }
  // A move known to reach at least t.
  bool move(std::uint64_t key, int t, std::uint16_t& out) const {
    const auto it = moves_.find(key);
    if (it == moves_.end() || it->second.second < t) return false;
    out = it->second.first;
    return true;
  }

  std::size_t size() const { return bounds_.size(); }
  std::size_t hard_count() const { return hard_.size(); }
  std::uint64_t conflicts() const { return conflicts_; }

  // Checkpoints: bounds and hard positions (numbers are estimates, not kept).
  void save(ByteWriter& w) const;
  // InputError if the data is damaged.
  void load(ByteReader& r);

 private:
  absl::flat_hash_map<std::uint64_t, std::pair<std::int16_t, std::int16_t>> bounds_;
  absl::flat_hash_map<std::uint64_t, std::uint64_t> hard_;
  absl::flat_hash_map<std::uint64_t, std::pair<std::uint32_t, std::uint32_t>> numbers_;
  absl::flat_hash_map<std::uint64_t, std::pair<std::uint16_t, int>> moves_;
  std::uint64_t conflicts_ = 0;
};

}  // namespace grundy::search::distributed
