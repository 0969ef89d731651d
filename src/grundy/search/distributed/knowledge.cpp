#include "grundy/search/distributed/knowledge.h"

#include <algorithm>

#include "grundy/core/error.h"

namespace grundy::search::distributed {

void Knowledge::narrow(std::uint64_t key, int lower, int upper) {
  lower = std::max(lower, -kNone);
  upper = std::min(upper, kNone);
  if (lower <= -kNone && upper >= kNone) return;
  auto [it, fresh] =
      bounds_.try_emplace(key, static_cast<std::int16_t>(-kNone), static_cast<std::int16_t>(kNone));
  const int lo = std::max<int>(it->second.first, lower);
  const int hi = std::min<int>(it->second.second, upper);
  if (lo > hi) {
    ++conflicts_;
    return;
  }
  it->second = {static_cast<std::int16_t>(lo), static_cast<std::int16_t>(hi)};
  (void)fresh;
}

bool Knowledge::numbers(std::uint64_t question, std::uint32_t& pn, std::uint32_t& dn) const {
  const auto it = numbers_.find(question);
  if (it == numbers_.end()) return false;
  pn = it->second.first;
  dn = it->second.second;
  return true;
}

void Knowledge::save(ByteWriter& w) const {
  w.put<std::uint64_t>(bounds_.size());
  for (const auto& [key, b] : bounds_) {
    w.put<std::uint64_t>(key);
    w.put<std::int16_t>(b.first);
    w.put<std::int16_t>(b.second);
  }
  w.put<std::uint64_t>(hard_.size());
  for (const auto& [key, budget] : hard_) {
    w.put<std::uint64_t>(key);
    w.put<std::uint64_t>(budget);
  }
}

void Knowledge::load(ByteReader& r) {
  const auto n = r.get<std::uint64_t>();
  if (!r.has(n, 12)) throw InputError(r.what() + " is cut short");
  bounds_.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    const auto key = r.get<std::uint64_t>();
    const auto lo = r.get<std::int16_t>();
    const auto hi = r.get<std::int16_t>();
    if (lo > hi || lo < -kNone || hi > kNone) throw InputError(r.what() + " is damaged");
    narrow(key, lo, hi);
  }
  const auto h = r.get<std::uint64_t>();
  if (!r.has(h, 16)) throw InputError(r.what() + " is cut short");
  for (std::uint64_t i = 0; i < h; ++i) {
    const auto key = r.get<std::uint64_t>();
    mark_hard(key, r.get<std::uint64_t>());
  }
}

}  // namespace grundy::search::distributed
