#include "grundy/search/distributed/entry_pool.h"

#include <algorithm>

#include "grundy/core/error.h"

namespace grundy::search::distributed {

void EntryPool::add(const std::vector<TableEntry>& batch) {
  for (const auto& e : batch) add(e);
}

void EntryPool::add(const TableEntry& e) {
  const int weight = std::min<int>(e.weight, kMaxWeight);
  if (capacity_ == 0 || weight < floor_) return;
  auto [it, fresh] = entries_.try_emplace(e.key, Data{e.lower, e.upper, e.move, 0});
  Data& d = it->second;
  if (!fresh) {
    const int lower = std::max(d.lower, e.lower), upper = std::min(d.upper, e.upper);
    --per_weight_[d.weight];
    if (lower > upper) {
      d = Data{e.lower, e.upper, e.move, 0};  // two positions on one key: the newer one
    } else {
      if (e.lower > d.lower || (e.lower == d.lower && weight >= d.weight)) d.move = e.move;
      d.lower = static_cast<std::int16_t>(lower);
      d.upper = static_cast<std::int16_t>(upper);
    }
  }
  d.weight = static_cast<std::uint8_t>(std::max<int>(d.weight, weight));
  ++per_weight_[d.weight];
  if (entries_.size() > capacity_) shrink();
}

// Raises the floor to the least weight whose entries and heavier ones fit, and drops the rest.
void EntryPool::shrink() {
  std::uint64_t kept = 0;
  int floor = kMaxWeight + 1;
  while (floor > 0 && kept + per_weight_[floor - 1] <= capacity_) kept += per_weight_[--floor];
  floor_ = std::max(floor_, floor);
  absl::erase_if(entries_, [&](const auto& kv) { return kv.second.weight < floor_; });
  for (int w = 0; w < floor_; ++w) per_weight_[w] = 0;
}

std::vector<TableEntry> EntryPool::entries() const {
  std::vector<TableEntry> out;
  out.reserve(entries_.size());
  for (const auto& [key, d] : entries_) out.push_back({key, d.lower, d.upper, d.move, d.weight});
  std::stable_sort(out.begin(), out.end(),
                   [](const TableEntry& a, const TableEntry& b) { return a.weight > b.weight; });
  return out;
}

void EntryPool::save(ByteWriter& w) const {
  w.put<std::uint64_t>(entries_.size());
  for (const auto& [key, d] : entries_)
    put_table_entry(w, {key, d.lower, d.upper, d.move, d.weight});
}

void EntryPool::load(ByteReader& r) {
  const auto n = r.get<std::uint64_t>();
  if (!r.has(n, kTableEntryBytes)) throw InputError(r.what() + " is cut short (its table entries)");
  for (std::uint64_t i = 0; i < n; ++i) {
    const TableEntry e = get_table_entry(r);
    if (e.lower > e.upper || e.lower < -kNoBound || e.upper > kNoBound || e.weight > kMaxWeight)
      throw InputError(r.what() + " is damaged (a table entry with impossible bounds or weight)");
    add(e);
  }
}

}  // namespace grundy::search::distributed
