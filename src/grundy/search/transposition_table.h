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
// A compact table holds twice the entries in the same memory, for a search whose keys are
// small (below 2^key_bits) and whose entries are all exact (depth kExactDepth), with bounds in
// [-126, 126] and moves below 127 (the Dots and Boxes solver): eight 8-byte entries a bucket.
// A key k is split as k = high * N + low (N buckets); it lives in bucket (low + h(high)) mod N
// and the entry keeps `high` (32 bits), from which, with the bucket, the whole key is known
// again: no false hits either. Entries of limited depth are not stored there, bounds outside
// the range are stored weaker (an unbounded side) and larger moves as none, so what a compact
// table answers is always sound.
#include <atomic>
#include <cstddef>
#include <cstdint>

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
  // With key_bits < 64 (every key below 2^key_bits) it is compact (above) when the keys fit.
  explicit TranspositionTable(std::size_t bytes, int key_bits = 64);
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Starts loading the bucket of `key` into the cache (call early, probe later).
  void prefetch(std::uint64_t key) const {
    if (compact_) {
      std::uint64_t high;
      __builtin_prefetch(words_ + compact_bucket(key, high) * kCompactEntriesPerBucket);
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
  // Starts a new generation: older entries become the first to be replaced.
  void new_generation() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 7); }

  std::size_t bucket_count() const { return buckets_; }
  // Whether the table is compact (eight entries a bucket), and how many entries it holds.
  bool compact() const { return compact_; }
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
      for (std::size_t i = 0; i < buckets_ * kCompactEntriesPerBucket; ++i) {
        const std::uint64_t w = words_[i].load(std::memory_order_relaxed);
        if (w != 0) f(compact_key(i / kCompactEntriesPerBucket, w), unpack_compact(w));
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
  static TTEntry unpack_compact(std::uint64_t word);

 private:
  struct Slot {
    std::atomic<std::uint64_t> check;  // key ^ data
    std::atomic<std::uint64_t> data;
  };
  static constexpr std::size_t kCompactEntriesPerBucket = 8;
  std::size_t entries_per_bucket() const {
    return compact_ ? kCompactEntriesPerBucket : kEntriesPerBucket;
  }
  Slot* bucket(std::uint64_t key) const;
  // Compact tables: the bucket of a key (its `high` part in `high`), and the key of an entry.
  std::size_t compact_bucket(std::uint64_t key, std::uint64_t& high) const;
  std::size_t compact_offset(std::uint64_t high) const;
  std::uint64_t compact_key(std::size_t bucket, std::uint64_t word) const;
  bool probe_compact(std::uint64_t key, TTEntry& out) const;
  void store_compact(std::uint64_t key, const TTEntry& e);

  std::size_t buckets_ = 0;
  bool compact_ = false;
  std::uint64_t key_limit_ = 0;                  // compact: every key stored is below it
  Slot* table_ = nullptr;                        // mmap'ed: buckets_ * kBucketBytes bytes used
  std::atomic<std::uint64_t>* words_ = nullptr;  // the same memory, for a compact table
  std::size_t mapped_ = 0;  // bytes mapped (whole 1 GiB pages when giant_pages_)
  bool giant_pages_ = false;
  std::uint8_t generation_ = 0;
};

}  // namespace grundy::search
