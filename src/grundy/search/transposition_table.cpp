#include "grundy/search/transposition_table.h"
#include "grundy/search/mix.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <new>
#include <string>
#include <type_traits>

#include "grundy/core/error.h"

namespace grundy::search {
namespace {

// Processes that map one table share its atomics: they must not hide a lock in the process.
static_assert(std::atomic<std::uint64_t>::is_always_lock_free &&
              std::atomic<std::uint8_t>::is_always_lock_free);

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

// A compact bucket's last word holds, above its low 32 bits (entry bits), the sequence lock:
// odd while a thread writes the bucket.
constexpr std::uint64_t kSequenceOne = std::uint64_t{1} << 32;
constexpr std::size_t kCompactBits = 480;  // the bits of a bucket for entries

// Entries a compact bucket holds at most, and the width of an entry when it holds n.
constexpr std::size_t kMaxPerBucket = 16;
constexpr int entry_width(std::size_t n) {
  return n <= 7 ? 64 : static_cast<int>(kCompactBits / n);
}

int bit_width(std::uint64_t v) {
  return 64 - __builtin_clzll(v | 1);
}

}  // namespace

TTEntry TranspositionTable::unpack_entry(std::uint64_t data) {
  return unpack(data);
}

std::uint64_t TranspositionTable::pack_compact(const TTEntry& e, std::uint64_t high) const {
  // Out of range, a bound is stored weaker (sound): a lower one lower, an upper one higher.
  const int m = layout_.max_value;
  const std::uint64_t lower =
      e.lower < -m ? 0 : static_cast<std::uint64_t>(std::min<int>(e.lower, m) + m + 1);
  const std::uint64_t upper = e.upper > m
                                  ? static_cast<std::uint64_t>(2 * m + 2)
                                  : static_cast<std::uint64_t>(std::max<int>(e.upper, -m) + m + 1);
  const std::uint64_t no_move = (std::uint64_t{1} << layout_.move_bits) - 1;
  const std::uint64_t move = e.move < no_move ? e.move : no_move;
  const int b = layout_.bound_bits;
  return 1u |
         static_cast<std::uint64_t>(counters_->generation.load(std::memory_order_relaxed) & 3u)
             << 1 |
         static_cast<std::uint64_t>(std::min<std::uint8_t>(e.weight, 31)) << 3 | lower << 8 |
         upper << (8 + b) | move << (8 + 2 * b) | high << layout_.payload_bits;
}

TTEntry TranspositionTable::unpack_compact(std::uint64_t raw) const {
  const int m = layout_.max_value, b = layout_.bound_bits;
  const std::uint64_t bound_mask = (std::uint64_t{1} << b) - 1;
  const std::uint64_t no_move = (std::uint64_t{1} << layout_.move_bits) - 1;
  const auto lower = static_cast<int>((raw >> 8) & bound_mask);
  const auto upper = static_cast<int>((raw >> (8 + b)) & bound_mask);
  const auto move = (raw >> (8 + 2 * b)) & no_move;
  TTEntry e;
  e.lower = static_cast<std::int16_t>(lower == 0 ? -kUnbounded : lower - m - 1);
  e.upper = static_cast<std::int16_t>(upper == 2 * m + 2 ? kUnbounded : upper - m - 1);
  e.move = move == no_move ? kNoMove : static_cast<std::uint16_t>(move);
  e.depth = kExactDepth;
  e.weight = static_cast<std::uint8_t>((raw >> 3) & 31u);
  return e;
}

TranspositionTable::~TranspositionTable() {
  if (mapped_ != 0) ::munmap(table_, mapped_);
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
TranspositionTable::TranspositionTable(std::size_t bytes, int key_bits, int max_value, void* memory)
    : buckets_(std::max<std::size_t>(1, bytes / kBucketBytes)) {
  // Compact when an entry, with every key's high part (key / buckets), fits in 64 bits.
  if (key_bits >= 1 && key_bits < 64 && max_value >= 0 && max_value <= 0x3fff) {
    Layout& l = layout_;
    l.max_value = max_value;
    l.bound_bits = bit_width(static_cast<std::uint64_t>(2 * max_value + 2));
    l.move_bits = bit_width(static_cast<std::uint64_t>(key_bits));
    l.payload_bits = 8 + 2 * l.bound_bits + l.move_bits;
    const int needed = l.payload_bits + bit_width(((std::uint64_t{1} << key_bits) - 1) / buckets_);
    l.per_bucket =
        std::min<std::size_t>(kMaxPerBucket, kCompactBits / static_cast<std::size_t>(needed));
    l.entry_bits = entry_width(l.per_bucket);
    compact_ = needed <= 64;
  }
  key_limit_ = compact_ ? std::uint64_t{1} << key_bits : 0;
  by_buckets_ = FastDivisor(buckets_);
  if (memory) {  // shared with other processes: counters first, then the buckets
    auto* base = static_cast<unsigned char*>(memory);
    counters_ = std::launder(reinterpret_cast<Counters*>(base));
    table_ = std::launder(reinterpret_cast<Slot*>(base + kBucketBytes));
    words_ = std::launder(reinterpret_cast<std::atomic<std::uint64_t>*>(base + kBucketBytes));
    return;
  }
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
  // (Not memory shared with other processes: there MADV_DONTNEED only unmaps the pages.)
  if (size < (std::size_t{8} << 20) || giant_pages_ || mapped_ == 0 ||
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

// Keys are below 2^63 here (key_limit_), as the divisor needs.
std::size_t TranspositionTable::compact_bucket(std::uint64_t key, std::uint64_t& high) const {
  high = by_buckets_.quotient(key);
  const std::size_t index = static_cast<std::size_t>(key - high * buckets_) + compact_offset(high);
  return index >= buckets_ ? index - buckets_ : index;
}

std::uint64_t TranspositionTable::compact_key(std::size_t bucket, std::uint64_t high) const {
  const std::size_t offset = compact_offset(high);
  const std::size_t low = bucket >= offset ? bucket - offset : bucket + buckets_ - offset;
  return high * buckets_ + low;
}

// A sequence lock's reader (Boehm, "Can seqlocks get along with programming language memory
// models?", 2012): the lock word before and after, the words between relaxed.
bool TranspositionTable::stable_copy(std::size_t bucket, Words& w) const {
  const auto* b = words_ + bucket * kWordsPerBucket;
  constexpr std::size_t last = kWordsPerBucket - 1;
  w[last] = b[last].load(std::memory_order_acquire);
  if (w[last] & kSequenceOne) return false;
  for (std::size_t i = 0; i < last; ++i) w[i] = b[i].load(std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_acquire);
  return b[last].load(std::memory_order_relaxed) == w[last];
}

template <std::size_t N>
bool TranspositionTable::probe_compact(std::uint64_t key, TTEntry& out) const {
  constexpr auto width = static_cast<unsigned>(entry_width(N));
  if (key >= key_limit_) return false;
  std::uint64_t high;
  Words w;
  if (!stable_copy(compact_bucket(key, high), w)) return false;  // being written: a miss
  const std::uint64_t wanted = high << layout_.payload_bits | 1u;
  const std::uint64_t mask = ~((std::uint64_t{1} << layout_.payload_bits) - 2);  // high, valid
#pragma GCC unroll 16
  for (unsigned i = 0; i < N; ++i) {
    const std::uint64_t raw = bits_at(w, i * width, width);
    if ((raw & mask) == wanted) {
      out = unpack_compact(raw);
      return true;
    }
  }
  return false;
}

// The writer's side: the lock word made odd with a compare-and-swap (if another thread holds
// it, the store is dropped: a table may always lose an entry), the entry's words written, the
// lock word written last, even again.
template <std::size_t N>
void TranspositionTable::store_compact(std::uint64_t key, const TTEntry& e) {
  constexpr auto width = static_cast<unsigned>(entry_width(N));
  if (key >= key_limit_ || e.depth != kExactDepth) return;  // only exact entries live here
  std::uint64_t high;
  auto* b = words_ + compact_bucket(key, high) * kWordsPerBucket;
  constexpr std::size_t last = kWordsPerBucket - 1;
  std::uint64_t lock = b[last].load(std::memory_order_relaxed);
  if ((lock & kSequenceOne) ||
      !b[last].compare_exchange_strong(lock, lock + kSequenceOne, std::memory_order_acquire,
                                       std::memory_order_relaxed))
    return;
  std::atomic_thread_fence(std::memory_order_release);
  Words w;
  for (std::size_t i = 0; i < last; ++i) w[i] = b[i].load(std::memory_order_relaxed);
  w[last] = lock;
  unsigned victim = 0;
  int victim_value = 1 << 30;
  const unsigned generation = counters_->generation.load(std::memory_order_relaxed) & 3u;
  TTEntry merged = e;
#pragma GCC unroll 16
  for (unsigned i = 0; i < N; ++i) {
    const std::uint64_t raw = bits_at(w, i * width, width);
    if ((raw & 1u) && (raw >> layout_.payload_bits) == high) {
      merged = merged_with(unpack_compact(raw), e);
      victim = i;
      break;
    }
    // Empty first, then the lightest, an entry of the current generation counted heavier.
    const int value = !(raw & 1u) ? -1
                                  : (((raw >> 1) & 3u) == generation ? kCurrentBonus : 0) +
                                        static_cast<int>((raw >> 3) & 31u);
    if (value < victim_value) {
      victim_value = value;
      victim = i;
    }
  }
  // The victim's bits replaced, in one word or across two.
  const std::uint64_t raw = pack_compact(merged, high);
  const unsigned offset = victim * width;
  const unsigned word = offset >> 6, shift = offset & 63;
  const std::uint64_t mask = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  w[word] = (w[word] & ~(mask << shift)) | raw << shift;
  if (shift + width > 64) {
    const unsigned rest = shift + width - 64;
    const std::uint64_t high_mask = (std::uint64_t{1} << rest) - 1;
    w[word + 1] = (w[word + 1] & ~high_mask) | raw >> (64 - shift);
  }
  for (std::size_t i = word; i < last && i <= word + 1; ++i)
    b[i].store(w[i], std::memory_order_relaxed);
  b[last].store(w[last] + 2 * kSequenceOne, std::memory_order_release);
}

namespace {

// Calls f with N (a std::integral_constant) for a compact table of N entries a bucket.
template <class F>
decltype(auto) with_entries_per_bucket(std::size_t n, F&& f) {
  switch (n) {
    case 7:
      return f(std::integral_constant<std::size_t, 7>{});
    case 8:
      return f(std::integral_constant<std::size_t, 8>{});
    case 9:
      return f(std::integral_constant<std::size_t, 9>{});
    case 10:
      return f(std::integral_constant<std::size_t, 10>{});
    case 11:
      return f(std::integral_constant<std::size_t, 11>{});
    case 12:
      return f(std::integral_constant<std::size_t, 12>{});
    case 13:
      return f(std::integral_constant<std::size_t, 13>{});
    case 14:
      return f(std::integral_constant<std::size_t, 14>{});
    case 15:
      return f(std::integral_constant<std::size_t, 15>{});
    default:
      return f(std::integral_constant<std::size_t, 16>{});
  }
}

}  // namespace

bool TranspositionTable::probe(std::uint64_t key, TTEntry& out) const {
  if (compact_)
    return with_entries_per_bucket(layout_.per_bucket,
                                   [&](auto n) { return probe_compact<n()>(key, out); });
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
    with_entries_per_bucket(layout_.per_bucket, [&](auto n) { store_compact<n()>(key, e); });
    return;
  }
  Slot* b = bucket(key);
  Slot* victim = nullptr;
  int victim_value = 1 << 30;
  const std::uint8_t generation = counters_->generation.load(std::memory_order_relaxed);
  TTEntry merged = e;
  for (std::size_t i = 0; i < kEntriesPerBucket; ++i) {
    const std::uint64_t d = b[i].data.load(std::memory_order_relaxed);
    const std::uint64_t c = b[i].check.load(std::memory_order_relaxed);
    if (d != 0 && (c ^ d) == key) {
      const TTEntry old = unpack(d);
      if (old.depth > e.depth && generation_of(d) == generation) return;  // keep the deeper
      if (old.depth == e.depth) merged = merged_with(old, e);
      victim = &b[i];
      break;
    }
    // Empty first, then older generations, then the shallowest and lightest.
    const int value = d == 0 ? -1
                             : (generation_of(d) == generation ? 1024 : 0) +
                                   8 * static_cast<int>((d >> 48) & 127u) +
                                   static_cast<int>((d >> 55) & 31u);
    if (value < victim_value) {
      victim_value = value;
      victim = &b[i];
    }
  }
  const std::uint64_t d = pack(merged, generation);
  victim->data.store(d, std::memory_order_relaxed);
  victim->check.store(key ^ d, std::memory_order_relaxed);
}

int TranspositionTable::permille_full(std::size_t sample) const {
  sample = std::min(sample, buckets_);
  if (sample == 0) return 0;
  std::size_t used = 0;
  const std::size_t slots = sample * entries_per_bucket();
  if (compact_) {
    for (std::size_t b = 0; b < sample; ++b) {
      Words w;
      for (std::size_t i = 0; i < kWordsPerBucket; ++i)
        w[i] = words_[b * kWordsPerBucket + i].load(std::memory_order_relaxed);
      for (std::size_t i = 0; i < layout_.per_bucket; ++i) used += entry_bits(w, i) & 1u;
    }
  } else {
    for (std::size_t i = 0; i < slots; ++i)
      used += table_[i].data.load(std::memory_order_relaxed) != 0;
  }
  return static_cast<int>(used * 1000 / slots);
}

}  // namespace grundy::search
