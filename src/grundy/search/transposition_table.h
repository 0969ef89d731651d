#pragma once
// A transposition table shared by the alpha-beta searches of every two-player game.
//
// Each entry keeps both a lower and an upper bound on a position's value (so the null-window
// re-searches of an exact solver narrow one entry instead of replacing it), the best move
// found, the depth searched (kExactDepth = to the end of the game) and log2 of the nodes the
// search below it took (what replacement protects when depths are equal).
//
// Four 16-byte entries make a 64-byte bucket (one cache line). Entries are written as
// (key ^ data, data) with relaxed atomics, so two search threads may share a table without
// locks: a torn entry fails the key check and reads as a miss (Hyatt's lockless hashing).
// Keys are 64-bit and stored whole: a game whose key is the position itself (the undrawn lines
// of a Dots and Boxes board) never suffers a false hit.
//
// A compact table holds more entries in the same memory, for a search whose keys are small
// (below 2^key_bits), whose values lie in [-max_value, max_value], whose moves are below
// key_bits and whose entries are all exact (depth kExactDepth): the Dots and Boxes solver.
// A key k is split as k = high * N + low (N buckets); it lives in bucket (low + h(high)) mod N
// and the entry keeps `high`, from which, with the bucket, the whole key is known again: no
// false hits either. An entry is as wide as these ranges need (valid 1 | generation 2 |
// weight 5 | two bounds | move | high: 48 bits for 4x5 Dots and Boxes in 12 GiB) and a bucket
// packs as many as fit in 480 bits (ten there, against four 16-byte entries); its last 32 bits
// are a sequence lock (odd while a thread writes the bucket): a probe that meets a write reads
// a miss, a store that meets one is dropped, so threads still share the table without
// waiting. Entries of limited depth are not stored there, bounds outside the range are stored
// weaker (an unbounded side) and larger moves as none, so what a compact table answers is
// always sound.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "grundy/search/fast_divisor.h"

namespace grundy::search {

struct TTEntry {
  std::int16_t lower = 0;
  std::int16_t upper = 0;
  std::uint16_t move = 0;  // kNoMove when none
  std::uint8_t depth = 0;  // kExactDepth: searched to the end
  std::uint8_t weight = 0;
};

struct TTStats {
  std::uint64_t probes = 0;
  std::uint64_t hits = 0;
  std::uint64_t stores = 0;
  double hit_rate() const {
    return probes ? static_cast<double>(hits) / static_cast<double>(probes) : 0.0;
  }
};

class TranspositionTable {
 public:
  static constexpr std::uint16_t kNoMove = 0xffff;
  static constexpr std::uint8_t kExactDepth = 127;
  static constexpr std::size_t kEntriesPerBucket = 4;
  static constexpr std::size_t kBucketBytes = 64;

  // The bounds a search stores when a side is unbounded (alpha_beta.h's kInfinity).
  static constexpr int kUnbounded = 32000;

  // A table of about `bytes` bytes (at least one bucket). LimitError if it cannot be allocated.
  // With key_bits < 64 (every key below 2^key_bits) it is compact (above) when an entry fits
  // in 64 bits.
  //
  // With `memory`: a table in memory that several processes map (the ranks of one node in a
  // distributed search, search/distributed/cluster.h), which holds shared_bytes(bytes) bytes,
  // is zero when the first process starts using it and outlives this object. Its first cache
  // line holds what the processes count together (the generation, the stores noted), the
  // buckets follow. Entries are written with atomics that need no lock (address-free), so
  // processes share it as threads do.
  explicit TranspositionTable(std::size_t bytes, int key_bits = 64, int max_value = 126,
                              void* memory = nullptr);
  static std::size_t shared_bytes(std::size_t bytes) {
    return kBucketBytes * (1 + std::max<std::size_t>(1, bytes / kBucketBytes));
  }
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Starts loading the bucket of `key` into the cache (call early, probe later).
  void prefetch(std::uint64_t key) const {
    if (compact_) {
      if (key >= key_limit_) return;
      std::uint64_t high;
      __builtin_prefetch(words_ + compact_bucket(key, high) * kWordsPerBucket);
    } else {
      __builtin_prefetch(bucket(key));
    }
  }
  // The entry for `key`, if present.
  bool probe(std::uint64_t key, TTEntry& out) const;
  // Stores bounds for `key`. Same depth: the bounds are intersected with what is there (when
  // consistent); deeper replaces shallower; a different key replaces the least valuable entry
  // of the bucket (empty, then from an older generation, then shallowest and lightest).
  void store(std::uint64_t key, const TTEntry& e);

  void clear();
  // Keys name positions of one game or board only. A table that serves several (a player's,
  // kept between games) is claimed by each search for its own (`owner`: any nonzero tag, the
  // board's size for Dots and Boxes) and emptied when the owner changes, so that a key of one
  // board never finds an entry of another. Not for tables that threads are using.
  void claim(std::uint64_t owner) {
    if (owner == owner_) return;
    if (owner_ != 0) clear();
    owner_ = owner;
  }
  // Starts a new generation: older entries become the first to be replaced.
  void new_generation() {
    counters_->generation.store(
        static_cast<std::uint8_t>((counters_->generation.load(std::memory_order_relaxed) + 1) & 7),
        std::memory_order_relaxed);
  }
  // A compact table ages by itself: after every kAgingPeriod times its capacity in stores a
  // new generation begins, and when a bucket is full an entry of an older one keeps its place
  // only while it is kCurrentBonus or more heavier (in log2 nodes) than the lightest current
  // one (a tie: the first of the two in the bucket goes). Without it, the heavy entries of
  // subtrees long finished fill a short table for good (a 4x5 run stores 20 times its 2e9
  // entries and more). The searches report their stores here (every thread now and then, not
  // at each store: a shared counter would cost a cache line's trip a store); two threads that
  // start generations at once may make one step of two, which only delays the aging. Other
  // tables ignore it.
  static constexpr std::uint64_t kAgingPeriod = 4;
  static constexpr int kCurrentBonus = 2;
  void note_stores(std::uint64_t n) {
    if (!compact_ || n == 0) return;
    const std::uint64_t period = kAgingPeriod * entry_count();
    const std::uint64_t before = counters_->stores_noted.fetch_add(n, std::memory_order_relaxed);
    if (before / period != (before + n) / period) new_generation();
  }

  std::size_t bucket_count() const { return buckets_; }
  // Whether the table is compact, and how many entries it (or one bucket) holds.
  bool compact() const { return compact_; }
  std::size_t entries_per_bucket() const {
    return compact_ ? layout_.per_bucket : kEntriesPerBucket;
  }
  std::size_t entry_count() const { return buckets_ * entries_per_bucket(); }
  // Whether the table lies in 1 GiB pages (see the constructor; GRUNDY_NO_GIANT_PAGES=1 in the
  // environment asks for ordinary pages).
  bool giant_pages() const { return giant_pages_; }
  std::size_t bytes() const { return buckets_ * kBucketBytes; }
  // Entries in use among the first `sample` buckets, per mille (Stockfish's hashfull).
  int permille_full(std::size_t sample = 1000) const;

  // Calls f(key, entry) for every entry (for checkpoints; safe while other threads store, which
  // may make it skip or see an entry twice).
  template <class F>
  void for_each(F&& f) const {
    if (compact_) {
      Words w;
      for (std::size_t b = 0; b < buckets_; ++b) {
        bool copied = false;  // a writer holds a bucket for a few stores: try again
        for (int attempt = 0; attempt < 64 && !copied; ++attempt) copied = stable_copy(b, w);
        if (!copied) continue;
        for (std::size_t i = 0; i < layout_.per_bucket; ++i) {
          const std::uint64_t raw = entry_bits(w, i);
          if (raw & 1u) f(compact_key(b, raw >> layout_.payload_bits), unpack_compact(raw));
        }
      }
      return;
    }
    for (std::size_t i = 0; i < buckets_ * kEntriesPerBucket; ++i) {
      const std::uint64_t d = table_[i].data.load(std::memory_order_relaxed);
      const std::uint64_t c = table_[i].check.load(std::memory_order_relaxed);
      if (d != 0) f(c ^ d, unpack_entry(d));
    }
  }
  static TTEntry unpack_entry(std::uint64_t data);

 private:
  friend struct TranspositionTableTesting;  // the test's view of a compact bucket's lock
  struct Slot {
    std::atomic<std::uint64_t> check;  // key ^ data
    std::atomic<std::uint64_t> data;
  };
  static constexpr std::size_t kWordsPerBucket = kBucketBytes / 8;
  using Words = std::uint64_t[kWordsPerBucket];
  // A compact entry's fields, lowest bits first: valid 1 | generation 2 | weight 5 |
  // lower bound | upper bound | move | high.
  struct Layout {
    int max_value = 0;  // bounds beyond it are stored weaker
    int bound_bits =
        0;              // a bound b is stored as b + max_value + 1 (0: none below, top: none above)
    int move_bits = 0;  // all ones: no move
    int payload_bits = 0;
    int entry_bits = 0;  // 480 / per_bucket, at most 64: payload, high and unused bits
    std::size_t per_bucket = 0;
  };
  Slot* bucket(std::uint64_t key) const;
  // Compact tables: the bucket of a key (its `high` part in `high`), and the key of an entry.
  std::size_t compact_bucket(std::uint64_t key, std::uint64_t& high) const;
  std::size_t compact_offset(std::uint64_t high) const;
  std::uint64_t compact_key(std::size_t bucket, std::uint64_t high) const;
  // A copy of a bucket's words no thread was writing (false if one was, or did meanwhile).
  bool stable_copy(std::size_t bucket, Words& w) const;
  // The `width` bits at `offset` of a bucket's words (an entry; at most 64 bits, within 480).
  static std::uint64_t bits_at(const Words& w, unsigned offset, unsigned width) {
    const unsigned word = offset >> 6, shift = offset & 63;
    std::uint64_t v = w[word] >> shift;
    if (shift + width > 64) v |= w[word + 1] << (64 - shift);
    return width == 64 ? v : v & ((std::uint64_t{1} << width) - 1);
  }
  std::uint64_t entry_bits(const Words& w, std::size_t i) const {
    const auto width = static_cast<unsigned>(layout_.entry_bits);
    return bits_at(w, static_cast<unsigned>(i) * width, width);
  }
  TTEntry unpack_compact(std::uint64_t raw) const;
  std::uint64_t pack_compact(const TTEntry& e, std::uint64_t high) const;
  // The probe and store of a compact table of N entries a bucket (N from 7 to 16: entries of
  // 480 / N bits, at most 64), unrolled with the entries' places known at compile time.
  template <std::size_t N>
  bool probe_compact(std::uint64_t key, TTEntry& out) const;
  template <std::size_t N>
  void store_compact(std::uint64_t key, const TTEntry& e);

  std::size_t buckets_ = 0;
  FastDivisor by_buckets_;  // compact tables: key / buckets_
  bool compact_ = false;
  Layout layout_;
  std::uint64_t key_limit_ = 0;                  // compact: every key stored is below it
  Slot* table_ = nullptr;                        // mmap'ed: buckets_ * kBucketBytes bytes used
  std::atomic<std::uint64_t>* words_ = nullptr;  // the same memory, for a compact table
  std::size_t mapped_ = 0;  // bytes mapped (whole 1 GiB pages when giant_pages_); 0: not ours
  bool giant_pages_ = false;
  // What every user of the table counts together: in this object, or in the first cache line
  // of memory several processes share.
  struct Counters {
    std::atomic<std::uint64_t> stores_noted{0};  // compact: what note_stores() was told
    std::atomic<std::uint8_t> generation{0};
  };
  static_assert(sizeof(Counters) <= kBucketBytes);
  Counters own_counters_;
  Counters* counters_ = &own_counters_;
  std::uint64_t owner_ = 0;  // claim(): 0 until a search claims the table
};

}  // namespace grundy::search
