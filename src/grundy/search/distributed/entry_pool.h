#pragma once
// The table entries a distributed search's checkpoint keeps: the master hears every entry the
// workers share (channel.h, TableShare: bounds on the values of subtrees of 2^(weight - 1)
// nodes or more) and keeps the heaviest, at most `capacity` of them, as the single-process
// solver's checkpoint keeps the biggest solved subtrees of its table. A resumed run stores them
// in every worker's table before its first job (JobChannel::seed), so the workers do not search
// again what they had proved before the run was stopped or a rank was lost.
//
// Entries of one key are merged (their bounds intersected); when the pool is over capacity the
// lightest weight classes are dropped until it fits, and lighter entries are refused from then
// on (the floor only rises).
#include <array>
#include <cstdint>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "grundy/core/bytes.h"
#include "grundy/search/distributed/message.h"

namespace grundy::search::distributed {

class EntryPool {
 public:
  static constexpr int kMaxWeight = 63;

  explicit EntryPool(std::uint64_t capacity = 0) : capacity_(capacity) {}

  void add(const std::vector<TableEntry>& batch);
  void add(const TableEntry& e);

  std::uint64_t capacity() const { return capacity_; }
  std::size_t size() const { return entries_.size(); }
  // Entries lighter than this are no longer kept.
  int floor() const { return floor_; }
  // Every entry, heaviest first (the order a resumed run stores them in).
  std::vector<TableEntry> entries() const;

  void save(ByteWriter& w) const;
  // InputError naming the problem when the data is damaged or cut short. Keeps at most
  // capacity() entries (the heaviest) of what was saved.
  void load(ByteReader& r);

 private:
  struct Data {
    std::int16_t lower, upper;
    std::uint16_t move;
    std::uint8_t weight;
  };
  void shrink();

  std::uint64_t capacity_;
  int floor_ = 0;
  absl::flat_hash_map<std::uint64_t, Data> entries_;
  std::array<std::uint64_t, kMaxWeight + 1> per_weight_{};
};

}  // namespace grundy::search::distributed
