#include "grundy/search/transposition_table.h"
#include "grundy/search/mix.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <string>

#include "grundy/core/error.h"

namespace grundy::search {
namespace {

// data: lower 16 | upper 16 | move 16 | depth 7 | weight 5 | generation 3 | valid 1
// (the valid bit keeps every stored entry non-zero: zero marks an empty slot)
std::uint64_t pack(const TTEntry& e, std::uint8_t generation) {
  return static_cast<std::uint64_t>(static_cast<std::uint16_t>(e.lower)) |
         static_cast<std::uint64_t>(static_cast<std::uint16_t>(e.upper)) << 16 |
         static_cast<std::uint64_t>(e.move) << 32 |
         static_cast<std::uint64_t>(e.depth & 127u) << 48 |
         static_cast<std::uint64_t>(std::min<std::uint8_t>(e.weight, 31) & 31u) << 55 |
         static_cast<std::uint64_t>(generation & 7u) << 60 | std::uint64_t{1} << 63;
}

TTEntry unpack(std::uint64_t d) {
  TTEntry e;
  e.lower = static_cast<std::int16_t>(static_cast<std::uint16_t>(d));
  e.upper = static_cast<std::int16_t>(static_cast<std::uint16_t>(d >> 16));
  e.move = static_cast<std::uint16_t>(d >> 32);
  e.depth = static_cast<std::uint8_t>((d >> 48) & 127u);
  e.weight = static_cast<std::uint8_t>((d >> 55) & 31u);
  return e;
}

std::uint8_t generation_of(std::uint64_t d) {
  return static_cast<std::uint8_t>((d >> 60) & 7u);
}

// A new entry of the same depth as the one stored for its key: the bounds intersected (when
// they agree), the old move kept if the new entry has none, the heavier weight.
TTEntry merged_with(const TTEntry& old, const TTEntry& e) {
  TTEntry merged = e;
  const auto lower = std::max(old.lower, e.lower);
  const auto upper = std::min(old.upper, e.upper);
  if (lower <= upper) {
    merged.lower = lower;
    merged.upper = upper;
  }
  if (e.move == TranspositionTable::kNoMove) merged.move = old.move;
  merged.weight = std::max(old.weight, e.weight);
  return merged;
}

// A compact entry: lower 8 | upper 8 | move 7 | weight 5 | generation 3 | valid 1 | high 32.
// Lower -128 is no lower bound, upper 127 no upper bound, move 127 none; depth is exact.
constexpr int kCompactNoLower = -128, kCompactNoUpper = 127;
constexpr std::uint64_t kCompactNoMove = 127;

std::uint64_t pack_compact(const TTEntry& e, std::uint8_t generation, std::uint64_t high) {
  // Out of range, a bound is stored weaker (sound): a lower one lower, an upper one higher.
  const int lower = e.lower <= kCompactNoLower ? kCompactNoLower : std::min<int>(e.lower, 126);
  const int upper = e.upper >= kCompactNoUpper ? kCompactNoUpper : std::max<int>(e.upper, -127);
  const std::uint64_t move = e.move < kCompactNoMove ? e.move : kCompactNoMove;
  return static_cast<std::uint64_t>(static_cast<std::uint8_t>(lower)) |
         static_cast<std::uint64_t>(static_cast<std::uint8_t>(upper)) << 8 | move << 16 |
         static_cast<std::uint64_t>(std::min<std::uint8_t>(e.weight, 31)) << 23 |
         static_cast<std::uint64_t>(generation & 7u) << 28 | std::uint64_t{1} << 31 | high << 32;
}

std::uint8_t compact_generation(std::uint64_t w) {
  return static_cast<std::uint8_t>((w >> 28) & 7u);
}

}  // namespace

TTEntry TranspositionTable::unpack_entry(std::uint64_t data) {
  return unpack(data);
}

TTEntry TranspositionTable::unpack_compact(std::uint64_t w) {
  TTEntry e;
  const int lower = static_cast<std::int8_t>(static_cast<std::uint8_t>(w));
  const int upper = static_cast<std::int8_t>(static_cast<std::uint8_t>(w >> 8));
  e.lower = static_cast<std::int16_t>(lower == kCompactNoLower ? -kUnbounded : lower);
  e.upper = static_cast<std::int16_t>(upper == kCompactNoUpper ? kUnbounded : upper);
  const auto move = static_cast<std::uint16_t>((w >> 16) & 127u);
  e.move = move == kCompactNoMove ? kNoMove : move;
  e.depth = kExactDepth;
  e.weight = static_cast<std::uint8_t>((w >> 23) & 31u);
  return e;
}

TranspositionTable::~TranspositionTable() {
  ::munmap(table_, mapped_);
}

// Fresh anonymous pages read as zero, and an all-zero slot is an empty entry (the valid bit is
// clear), so a table of gigabytes costs nothing until it is used: no loop touches it up front.
//
// A table of 1 GiB or more first asks for 1 GiB pages (Linux hugetlb; a pool the administrator
// reserved: /sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages). Every probe of a big
// table is a random access, and with 2 MiB pages most of them also miss the TLB: 1 GiB pages
// searched 3-16% more Dots and Boxes nodes a second with 4 and 8 GiB tables
// (docs/benchmarks.md). The pages are reserved when the table is mapped (no MAP_NORESERVE: a
// pool that ran dry later would kill the process at a page fault), so without a pool, or with
// too few pages, the mapping fails at once and the table takes ordinary pages as before.
TranspositionTable::TranspositionTable(std::size_t bytes, int key_bits)
    : buckets_(std::max<std::size_t>(1, bytes / kBucketBytes)) {
  // Compact when every key's high part (key / buckets) fits the entry's 32 bits.
  if (key_bits >= 1 && key_bits < 64)
    compact_ = ((std::uint64_t{1} << key_bits) - 1) / buckets_ <= 0xffffffffu;
  key_limit_ = compact_ ? std::uint64_t{1} << key_bits : 0;
  const std::size_t size = buckets_ * kBucketBytes;
  void* p = MAP_FAILED;
#if defined(MAP_HUGETLB) && defined(MAP_HUGE_SHIFT)
  constexpr std::size_t kGiB = std::size_t{1} << 30;
  if (size >= kGiB && !std::getenv("GRUNDY_NO_GIANT_PAGES")) {
    mapped_ = (size + kGiB - 1) / kGiB * kGiB;
    p = ::mmap(nullptr, mapped_, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB | (30 << MAP_HUGE_SHIFT), -1, 0);
    giant_pages_ = p != MAP_FAILED;
  }
#endif
  if (p == MAP_FAILED) {
    mapped_ = size;
    p = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
               -1, 0);
  }
  if (p == MAP_FAILED)
    throw LimitError("cannot allocate a transposition table of " + std::to_string(size >> 20) +
                     " MiB; ask for a smaller one");
#ifdef MADV_HUGEPAGE
  if (!giant_pages_ && size >= (std::size_t{2} << 20)) ::madvise(p, size, MADV_HUGEPAGE);
#endif
  table_ = static_cast<Slot*>(p);
  words_ = static_cast<std::atomic<std::uint64_t>*>(p);
}

void TranspositionTable::clear() {
  const std::size_t size = buckets_ * kBucketBytes;
  // Small tables and 1 GiB pages: zero in place; big ones: give the pages back (they read as
  // zero again).
  if (size < (std::size_t{8} << 20) || giant_pages_ ||
      ::madvise(table_, size, MADV_DONTNEED) != 0) {
    for (std::size_t i = 0; i < buckets_ * kBucketBytes / 8; ++i)
      words_[i].store(0, std::memory_order_relaxed);
  }
}

TranspositionTable::Slot* TranspositionTable::bucket(std::uint64_t key) const {
  __extension__ using u128 = unsigned __int128;  // the high half of a 64x64 product
  const auto index = static_cast<std::size_t>((static_cast<u128>(mix64(key)) * buckets_) >> 64);
  return table_ + index * kEntriesPerBucket;
}

std::size_t TranspositionTable::compact_offset(std::uint64_t high) const {
  __extension__ using u128 = unsigned __int128;
  return static_cast<std::size_t>((static_cast<u128>(mix64(high)) * buckets_) >> 64);
}

std::size_t TranspositionTable::compact_bucket(std::uint64_t key, std::uint64_t& high) const {
  high = key / buckets_;
  const std::size_t index = key % buckets_ + compact_offset(high);
  return index >= buckets_ ? index - buckets_ : index;
}

std::uint64_t TranspositionTable::compact_key(std::size_t bucket, std::uint64_t word) const {
  const std::uint64_t high = word >> 32;
  const std::size_t offset = compact_offset(high);
  const std::size_t low = bucket >= offset ? bucket - offset : bucket + buckets_ - offset;
  return high * buckets_ + low;
}

bool TranspositionTable::probe_compact(std::uint64_t key, TTEntry& out) const {
  if (key >= key_limit_) return false;
  std::uint64_t high;
  const auto* b = words_ + compact_bucket(key, high) * kCompactEntriesPerBucket;
  for (std::size_t i = 0; i < kCompactEntriesPerBucket; ++i) {
    const std::uint64_t w = b[i].load(std::memory_order_relaxed);
    if (w != 0 && (w >> 32) == high) {
      out = unpack_compact(w);
      return true;
    }
  }
  return false;
}

void TranspositionTable::store_compact(std::uint64_t key, const TTEntry& e) {
  if (key >= key_limit_ || e.depth != kExactDepth) return;  // only exact entries live here
  std::uint64_t high;
  auto* b = words_ + compact_bucket(key, high) * kCompactEntriesPerBucket;
  std::atomic<std::uint64_t>* victim = nullptr;
  int victim_value = 1 << 30;
  TTEntry merged = e;
  for (std::size_t i = 0; i < kCompactEntriesPerBucket; ++i) {
    const std::uint64_t w = b[i].load(std::memory_order_relaxed);
    if (w != 0 && (w >> 32) == high) {
      merged = merged_with(unpack_compact(w), e);
      victim = &b[i];
      break;
    }
    // Empty first, then older generations, then the lightest.
    const int value = w == 0 ? -1
                             : (compact_generation(w) == generation_ ? 1024 : 0) +
                                   static_cast<int>((w >> 23) & 31u);
    if (value < victim_value) {
      victim_value = value;
      victim = &b[i];
    }
  }
  victim->store(pack_compact(merged, generation_, high), std::memory_order_relaxed);
}

bool TranspositionTable::probe(std::uint64_t key, TTEntry& out) const {
  if (compact_) return probe_compact(key, out);
  const Slot* b = bucket(key);
  for (std::size_t i = 0; i < kEntriesPerBucket; ++i) {
    const std::uint64_t d = b[i].data.load(std::memory_order_relaxed);
    const std::uint64_t c = b[i].check.load(std::memory_order_relaxed);
    if (d != 0 && (c ^ d) == key) {
      out = unpack(d);
      return true;
    }
  }
  return false;
}

void TranspositionTable::store(std::uint64_t key, const TTEntry& e) {
  if (compact_) {
    store_compact(key, e);
    return;
  }
  Slot* b = bucket(key);
  Slot* victim = nullptr;
  int victim_value = 1 << 30;
  TTEntry merged = e;
  for (std::size_t i = 0; i < kEntriesPerBucket; ++i) {
    const std::uint64_t d = b[i].data.load(std::memory_order_relaxed);
    const std::uint64_t c = b[i].check.load(std::memory_order_relaxed);
    if (d != 0 && (c ^ d) == key) {
      const TTEntry old = unpack(d);
      if (old.depth > e.depth && generation_of(d) == generation_) return;  // keep the deeper
      if (old.depth == e.depth) merged = merged_with(old, e);
      victim = &b[i];
      break;
    }
    // Empty first, then older generations, then the shallowest and lightest.
    const int value = d == 0 ? -1
                             : (generation_of(d) == generation_ ? 1024 : 0) +
                                   8 * static_cast<int>((d >> 48) & 127u) +
                                   static_cast<int>((d >> 55) & 31u);
    if (value < victim_value) {
      victim_value = value;
      victim = &b[i];
    }
  }
  const std::uint64_t d = pack(merged, generation_);
  victim->data.store(d, std::memory_order_relaxed);
  victim->check.store(key ^ d, std::memory_order_relaxed);
}

int TranspositionTable::permille_full(std::size_t sample) const {
  sample = std::min(sample, buckets_);
  if (sample == 0) return 0;
  std::size_t used = 0;
  const std::size_t slots = sample * entries_per_bucket();
  for (std::size_t i = 0; i < slots; ++i)
    used += compact_ ? words_[i].load(std::memory_order_relaxed) != 0
                     : table_[i].data.load(std::memory_order_relaxed) != 0;
  return static_cast<int>(used * 1000 / slots);
}

}  // namespace grundy::search
