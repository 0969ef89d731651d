#include "grundy/search/transposition_table.h"

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "grundy/search/random.h"

namespace grundy::search {

// A compact bucket's sequence lock, as a writing thread holds it.
struct TranspositionTableTesting {
  static std::atomic<std::uint64_t>& lock_word(TranspositionTable& tt, std::uint64_t key) {
    std::uint64_t high;
    const std::size_t bucket = tt.compact_bucket(key, high);
    return tt.words_[bucket * TranspositionTable::kWordsPerBucket +
                     TranspositionTable::kWordsPerBucket - 1];
  }
};

namespace {

TTEntry entry(int lower, int upper, std::uint16_t move, std::uint8_t depth) {
  TTEntry e;
  e.lower = static_cast<std::int16_t>(lower);
  e.upper = static_cast<std::int16_t>(upper);
  e.move = move;
  e.depth = depth;
  return e;
}

// Free 1 GiB pages in the machine's pool (0 without one).
long free_giant_pages() {
  std::ifstream f("/sys/kernel/mm/hugepages/hugepages-1048576kB/free_hugepages");
  long n = 0;
  return f >> n ? n : 0;
}

// A table of 1 GiB or more takes 1 GiB pages when the pool has them, and ordinary pages
// otherwise (CI has no pool: the fallback), or when GRUNDY_NO_GIANT_PAGES asks; it works the
// same either way, to its last bucket, and clear() empties it.
TEST(TranspositionTable, ABigTableTakesGiantPagesWhenThePoolHasThemAndWorksEitherWay) {
  const std::size_t gib = std::size_t{1} << 30;
  const long pool = free_giant_pages();
  for (const bool refuse : {false, true}) {
    if (refuse)
      ::setenv("GRUNDY_NO_GIANT_PAGES", "1", 1);
    else
      ::unsetenv("GRUNDY_NO_GIANT_PAGES");
    TranspositionTable tt(gib + (gib >> 1));  // 1.5 GiB: two giant pages when they are there
    EXPECT_EQ(tt.giant_pages(), !refuse && pool >= 2) << "free 1 GiB pages: " << pool;
    EXPECT_EQ(tt.bytes(), gib + (gib >> 1));
    // Keys spread over the whole table, the last bucket included.
    TTEntry e;
    std::size_t stored = 0;
    for (std::uint64_t k = 1; k < 4000; ++k) {
      tt.store(k * 0x9e3779b97f4a7c15ull, entry(static_cast<int>(k % 100), 100, 1, 3));
      ++stored;
    }
    std::size_t found = 0;
    for (std::uint64_t k = 1; k < 4000; ++k)
      if (tt.probe(k * 0x9e3779b97f4a7c15ull, e) && e.lower == static_cast<int>(k % 100)) ++found;
    EXPECT_EQ(found, stored);
    tt.clear();
    EXPECT_FALSE(tt.probe(0x9e3779b97f4a7c15ull, e));
  }
  ::unsetenv("GRUNDY_NO_GIANT_PAGES");
}

TEST(TranspositionTable, StoresAndFindsEveryFieldIncludingAnAllZeroEntry) {
  TranspositionTable tt(1 << 16);
  TTEntry e;
  EXPECT_FALSE(tt.probe(42, e));
  tt.store(42, entry(0, 0, 0, 0));  // packs to zero but for the valid bit
  ASSERT_TRUE(tt.probe(42, e));
  EXPECT_EQ(e.lower, 0);
  EXPECT_EQ(e.move, 0);
  tt.store(7, entry(-32000, 31999, 0xfffe, TranspositionTable::kExactDepth));
  ASSERT_TRUE(tt.probe(7, e));
  EXPECT_EQ(e.lower, -32000);
  EXPECT_EQ(e.upper, 31999);
  EXPECT_EQ(e.move, 0xfffe);
  EXPECT_EQ(e.depth, TranspositionTable::kExactDepth);
}

TEST(TranspositionTable, SameDepthIntersectsBoundsDeeperWins) {
  TranspositionTable tt(1 << 16);
  tt.store(5, entry(-3, 10, 1, 9));
  tt.store(5, entry(-10, 4, TranspositionTable::kNoMove, 9));  // same depth: [-3, 4], move kept
  TTEntry e;
  ASSERT_TRUE(tt.probe(5, e));
  EXPECT_EQ(e.lower, -3);
  EXPECT_EQ(e.upper, 4);
  EXPECT_EQ(e.move, 1);
  tt.store(5, entry(-100, 100, 2, 3));  // shallower: ignored
  ASSERT_TRUE(tt.probe(5, e));
  EXPECT_EQ(e.upper, 4);
  tt.store(5, entry(2, 2, 3, 12));  // deeper: replaces
  ASSERT_TRUE(tt.probe(5, e));
  EXPECT_EQ(e.lower, 2);
  EXPECT_EQ(e.depth, 12);
}

TEST(TranspositionTable, AFullTableKeepsTheDeepestAndNeverReturnsAWrongKey) {
  TranspositionTable tt(64 * 16);  // 16 buckets of 4
  Rng rng(3);
  for (std::uint64_t k = 1; k <= 5000; ++k)
    tt.store(k * 0x9e3779b97f4a7c15ull, entry(static_cast<int>(k % 100), static_cast<int>(k % 100),
                                              static_cast<std::uint16_t>(k), k % 7 == 0 ? 50 : 1));
  EXPECT_EQ(tt.permille_full(), 1000);
  int deep = 0, found = 0;
  for (std::uint64_t k = 1; k <= 5000; ++k) {
    TTEntry e;
    if (!tt.probe(k * 0x9e3779b97f4a7c15ull, e)) continue;
    ++found;
    EXPECT_EQ(e.move, static_cast<std::uint16_t>(k));
    EXPECT_EQ(e.lower, static_cast<int>(k % 100));
    deep += e.depth == 50;
  }
  EXPECT_EQ(found, 64);
  EXPECT_GT(deep, 48);  // deep entries are what replacement protects
  tt.clear();
  EXPECT_EQ(tt.permille_full(), 0);
}

// A compact table is chosen when an entry (payload and every key's high part) fits in 64 bits;
// a bucket holds as many entries as fit in 480 bits.
TEST(TranspositionTable, ACompactTableIsChosenOnlyWhenTheEntriesFit) {
  const std::size_t bytes = std::size_t{1} << 20;  // 2^14 buckets
  EXPECT_FALSE(TranspositionTable(bytes).compact());
  EXPECT_FALSE(TranspositionTable(bytes, 64).compact());
  // Bounds of [-126, 126]: 8 bits each; moves below 48: 6 bits; payload 30, high 34 bits.
  EXPECT_TRUE(TranspositionTable(bytes, 48).compact());
  EXPECT_EQ(TranspositionTable(bytes, 48).entries_per_bucket(), 7u);
  EXPECT_FALSE(TranspositionTable(bytes, 49).compact());
  EXPECT_TRUE(TranspositionTable(bytes, 49, 20).compact());  // bounds of 6 bits: 61 in all
  EXPECT_TRUE(TranspositionTable(64, 34).compact());         // one bucket: high = key
  EXPECT_FALSE(TranspositionTable(64, 35).compact());
  EXPECT_FALSE(TranspositionTable(bytes, 40, -1).compact());
  // 4x5 Dots and Boxes in 12 GiB: 49-bit keys over 3 * 2^26 buckets leave a high part of 22
  // bits; values within 20 boxes: 48-bit entries, ten a bucket. The same shape, smaller:
  TranspositionTable dots(bytes, 36, 20);
  EXPECT_EQ(dots.entries_per_bucket(), 10u);
  EXPECT_EQ(dots.entry_count(), 10 * dots.bucket_count());
  EXPECT_EQ(TranspositionTable(bytes).entry_count(), 4 * dots.bucket_count());
}

// What a compact entry holds: exact entries only; the unbounded sides, the move (or none),
// the weight; bounds outside [-max_value, max_value] stored weaker, moves beyond the field as
// none; keys at or above 2^key_bits neither stored nor found.
TEST(TranspositionTable, ACompactEntryKeepsWhatTheSearchNeedsAndWeakensTheRest) {
  TranspositionTable tt(std::size_t{1} << 16, 40, 20);  // moves: 6 bits, 63 is none
  ASSERT_TRUE(tt.compact());
  const int inf = TranspositionTable::kUnbounded;
  const auto exact = TranspositionTable::kExactDepth;
  TTEntry e;
  auto stored = [&](std::uint64_t key, TTEntry in) {
    tt.store(key, in);
    return tt.probe(key, e);
  };
  TTEntry in = entry(-inf, 7, 12, exact);
  in.weight = 29;
  ASSERT_TRUE(stored(5, in));
  EXPECT_EQ(e.lower, -inf);
  EXPECT_EQ(e.upper, 7);
  EXPECT_EQ(e.move, 12);
  EXPECT_EQ(e.depth, exact);
  EXPECT_EQ(e.weight, 29);
  ASSERT_TRUE(stored(6, entry(-20, inf, TranspositionTable::kNoMove, exact)));
  EXPECT_EQ(e.lower, -20);
  EXPECT_EQ(e.upper, inf);
  EXPECT_EQ(e.move, TranspositionTable::kNoMove);
  ASSERT_TRUE(stored(7, entry(20, 20, 62, exact)));
  EXPECT_EQ(e.lower, 20);
  EXPECT_EQ(e.upper, 20);
  EXPECT_EQ(e.move, 62);
  ASSERT_TRUE(stored(8, entry(21, 300, 0, exact)));  // both weaker, still sound
  EXPECT_EQ(e.lower, 20);
  EXPECT_EQ(e.upper, inf);
  EXPECT_EQ(e.move, 0);
  ASSERT_TRUE(stored(9, entry(-300, -21, 63, exact)));
  EXPECT_EQ(e.lower, -inf);
  EXPECT_EQ(e.upper, -20);
  EXPECT_EQ(e.move, TranspositionTable::kNoMove);
  EXPECT_FALSE(stored(10, entry(1, 1, 0, 20)));  // limited depth: not kept
  EXPECT_FALSE(stored(std::uint64_t{1} << 40, entry(1, 1, 0, exact)));
  // The same key again: bounds intersected, the move kept when the new entry has none.
  ASSERT_TRUE(stored(5, entry(-3, 9, TranspositionTable::kNoMove, exact)));
  EXPECT_EQ(e.lower, -3);
  EXPECT_EQ(e.upper, 7);
  EXPECT_EQ(e.move, 12);
}

// Entries of every width, in 1, 3 and 37 buckets (some straddle two words, one may end in the
// word of the sequence lock): a hit is always the key's own entry, for_each gives back the very
// keys stored (each key is rebuilt from its bucket and its high part), and clear() empties it.
TEST(TranspositionTable, AFullCompactTableNeverReturnsAWrongKeyAndListsItsKeys) {
  for (const int max_value : {0, 3, 20, 126}) {
    for (const int key_bits : {12, 30, 40}) {
      for (const std::size_t buckets : {std::size_t{1}, std::size_t{3}, std::size_t{37}}) {
        TranspositionTable tt(64 * buckets, key_bits, max_value);
        if (!tt.compact()) continue;
        SCOPED_TRACE(::testing::Message()
                     << "max " << max_value << ", " << key_bits << " bits, " << buckets
                     << " buckets, " << tt.entries_per_bucket() << " a bucket");
        Rng rng(4);
        std::vector<std::uint64_t> keys;
        for (int i = 0; i < 3000; ++i) keys.push_back(rng() & ((std::uint64_t{1} << key_bits) - 1));
        const auto value = [&](std::uint64_t k) {
          return static_cast<int>(k % static_cast<std::uint64_t>(2 * max_value + 1)) - max_value;
        };
        const auto move = [&](std::uint64_t k) {
          return static_cast<std::uint16_t>(k % static_cast<std::uint64_t>(key_bits));
        };
        for (const auto k : keys) {
          TTEntry in = entry(value(k), value(k), move(k), TranspositionTable::kExactDepth);
          in.weight = static_cast<std::uint8_t>(k % 32);
          tt.store(k, in);
        }
        const std::size_t capacity = tt.entry_count();
        EXPECT_EQ(tt.permille_full(), 1000);
        std::size_t found = 0;
        for (const auto k : keys) {
          TTEntry e;
          if (!tt.probe(k, e)) continue;
          ++found;
          EXPECT_EQ(e.lower, value(k)) << k;
          EXPECT_EQ(e.upper, value(k)) << k;
          EXPECT_EQ(e.move, move(k)) << k;
          EXPECT_EQ(e.weight, k % 32) << k;
        }
        EXPECT_GE(found, capacity);
        std::size_t listed = 0;
        tt.for_each([&](std::uint64_t k, const TTEntry& e) {
          ++listed;
          EXPECT_LT(k, std::uint64_t{1} << key_bits);
          EXPECT_EQ(e.lower, value(k)) << k;
          EXPECT_EQ(e.move, move(k)) << k;
          TTEntry again;
          EXPECT_TRUE(tt.probe(k, again)) << k;
        });
        EXPECT_EQ(listed, capacity);
        tt.clear();
        EXPECT_EQ(tt.permille_full(), 0);
      }
    }
  }
}

// While a thread writes a bucket (its sequence lock odd), a probe there reads a miss and a store
// there is dropped; once the lock is even again the bucket reads as before.
// A compact table ages: once its searches have reported kAgingPeriod times its capacity in
// stores, the entries before count kCurrentBonus lighter than new ones of the same weight, so
// new entries push out old ones a little heavier, and old ones much heavier stay. Without the
// stores reported, the same new entries push out each other.
TEST(TranspositionTable, ACompactTableAgesByTheStoresItIsTold) {
  const auto exact = TranspositionTable::kExactDepth;
  auto weighted = [&](int w) {
    TTEntry e = entry(1, 1, 2, exact);
    e.weight = static_cast<std::uint8_t>(w);
    return e;
  };
  for (const int old_weight : {5, 9}) {
    for (const bool aged : {false, true}) {
      SCOPED_TRACE(::testing::Message() << "old weight " << old_weight << ", aged " << aged);
      TranspositionTable tt(64, 36, 20);  // one bucket (of seven): every key lands in it
      ASSERT_TRUE(tt.compact());
      const std::size_t n = tt.entries_per_bucket();
      for (std::uint64_t k = 1; k <= n; ++k) tt.store(k, weighted(old_weight));
      const std::uint64_t period = TranspositionTable::kAgingPeriod * tt.entry_count();
      tt.note_stores(period - 1);  // not yet a period
      if (aged) tt.note_stores(1);
      for (std::uint64_t k = 100; k < 100 + n - 1; ++k) tt.store(k, weighted(4));
      std::size_t old_kept = 0, new_kept = 0;
      TTEntry e;
      for (std::uint64_t k = 1; k <= n; ++k) old_kept += tt.probe(k, e);
      for (std::uint64_t k = 100; k < 100 + n - 1; ++k) new_kept += tt.probe(k, e);
      EXPECT_EQ(old_kept + new_kept, n);
      // 4 + bonus 2 > 5: the new push out the old; < 9: the old stay.
      const bool pushed_out = aged && old_weight < 4 + TranspositionTable::kCurrentBonus;
      EXPECT_EQ(new_kept, pushed_out ? n - 1 : 1u);
    }
  }
  // A table of 16-byte entries does not age by itself (its searches start generations).
  TranspositionTable wide(64);  // one bucket of four
  ASSERT_FALSE(wide.compact());
  TTEntry heavy = entry(1, 1, 2, exact);
  heavy.weight = 5;
  for (std::uint64_t k = 1; k <= 4; ++k) wide.store(k, heavy);
  wide.note_stores(std::uint64_t{1} << 40);
  for (std::uint64_t k = 100; k < 103; ++k) wide.store(k, entry(1, 1, 2, exact));
  std::size_t heavy_kept = 0;
  TTEntry e;
  for (std::uint64_t k = 1; k <= 4; ++k) heavy_kept += wide.probe(k, e);
  EXPECT_EQ(heavy_kept, 3u);
}

TEST(TranspositionTable, ABucketBeingWrittenReadsAsAMissAndDropsStores) {
  TranspositionTable tt(64 * 4, 36, 20);
  ASSERT_TRUE(tt.compact());
  const auto exact = TranspositionTable::kExactDepth;
  tt.store(77, entry(3, 5, 1, exact));
  TTEntry e;
  ASSERT_TRUE(tt.probe(77, e));
  auto& lock = TranspositionTableTesting::lock_word(tt, 77);
  const std::uint64_t one = std::uint64_t{1} << 32;
  lock.fetch_add(one);  // a writer takes the bucket
  EXPECT_FALSE(tt.probe(77, e));
  tt.store(77, entry(4, 4, 2, exact));  // dropped
  std::size_t listed = 0;
  tt.for_each([&](std::uint64_t, const TTEntry&) { ++listed; });
  EXPECT_EQ(listed, 0u);  // skipped, not read half-written
  lock.fetch_add(one);    // and lets it go
  ASSERT_TRUE(tt.probe(77, e));
  EXPECT_EQ(e.lower, 3);
  EXPECT_EQ(e.upper, 5);
  tt.store(77, entry(4, 4, 2, exact));
  ASSERT_TRUE(tt.probe(77, e));
  EXPECT_EQ(e.lower, 4);
  EXPECT_EQ(e.upper, 4);
}

// Threads that store and probe the same few buckets at once (entries across words, the
// sequence lock under contention): every hit, and every entry for_each lists meanwhile, is
// whole, the key's own.
TEST(TranspositionTable, ThreadsSharingACompactTableNeverSeeATornEntry) {
  TranspositionTable tt(64 * 4, 36, 20);  // 48-bit entries, ten a bucket
  ASSERT_TRUE(tt.compact());
  const auto value = [](std::uint64_t k) {
    return static_cast<int>(k % 40) - 20;
  };  // and upper one more
  const auto move = [](std::uint64_t k) { return static_cast<std::uint16_t>(k % 36); };
  std::atomic<std::uint64_t> wrong{0}, hits{0};
  const auto check = [&](std::uint64_t k, const TTEntry& e) {
    const int v = value(k);
    if (e.lower != v || e.upper != v + static_cast<int>(k & 1) || e.move != move(k) ||
        e.weight != static_cast<int>(k % 32))
      wrong.fetch_add(1);
  };
  const auto work = [&](std::uint64_t seed) {
    Rng rng(seed);
    for (int i = 0; i < 500000; ++i) {
      const std::uint64_t k = rng() % 5000;  // 5,000 keys for 40 entries
      TTEntry e;
      if (rng() % 2) {
        if (tt.probe(k, e)) {
          hits.fetch_add(1);
          check(k, e);
        }
      } else {
        TTEntry in = entry(value(k), value(k) + static_cast<int>(k & 1), move(k),
                           TranspositionTable::kExactDepth);
        in.weight = static_cast<std::uint8_t>(k % 32);
        tt.store(k, in);
      }
    }
  };
  std::thread a(work, 1), b(work, 2);
  for (int i = 0; i < 200; ++i) tt.for_each(check);
  a.join();
  b.join();
  EXPECT_EQ(wrong.load(), 0u);
  EXPECT_GT(hits.load(), 1000u);
}

// Tables over one memory (what the ranks of a node do, each in its own process, with MPI's
// shared memory) are one table: what one stores the other finds, field by field; the counters
// that age a compact table are theirs together (a period of stores noted by one ages what the
// other stores); clear() through one empties it for both and leaves the memory in place. The
// memory is exactly shared_bytes() (the sanitizers see any byte beyond it), and a table in
// memory another process maps is written from that process too (fork).
TEST(TranspositionTable, TablesOverOneMemoryAreOneTableAcrossProcesses) {
  const auto exact = TranspositionTable::kExactDepth;
  for (const int key_bits : {36, 64}) {
    SCOPED_TRACE(::testing::Message() << "key bits " << key_bits);
    const std::size_t bytes = 64 * 64;  // 64 buckets
    const std::size_t size = TranspositionTable::shared_bytes(bytes);
    ASSERT_EQ(size, 65u * 64u);
    auto memory = std::make_unique<std::uint64_t[]>(size / 8);  // zero
    TranspositionTable a(bytes, key_bits, 20, memory.get());
    TranspositionTable b(bytes, key_bits, 20, memory.get());
    ASSERT_EQ(a.compact(), key_bits < 64);
    for (std::uint64_t k = 1; k <= 40; ++k) {
      TTEntry e = entry(static_cast<int>(k % 7) - 3, static_cast<int>(k % 7),
                        static_cast<std::uint16_t>(1 + k % 30), exact);
      e.weight = static_cast<std::uint8_t>(k % 20);
      a.store(k * 977, e);
    }
    std::size_t found = 0;
    for (std::uint64_t k = 1; k <= 40; ++k) {
      TTEntry e;
      if (!b.probe(k * 977, e)) continue;
      ++found;
      EXPECT_EQ(e.lower, static_cast<int>(k % 7) - 3);
      EXPECT_EQ(e.upper, static_cast<int>(k % 7));
      EXPECT_EQ(e.move, 1 + k % 30);
      EXPECT_EQ(e.weight, k % 20);
    }
    EXPECT_GE(found, 30u);  // 40 keys in 64 buckets: a few may share a bucket and push out
    std::size_t listed = 0;
    b.for_each([&](std::uint64_t, const TTEntry&) { ++listed; });
    EXPECT_EQ(listed, found);
    b.clear();
    TTEntry e;
    EXPECT_FALSE(a.probe(977, e));
    a.store(977, entry(1, 2, 3, exact));
    EXPECT_TRUE(b.probe(977, e));
  }
  {
    // Aging: one bucket of a compact table, filled through a; a period noted through b.
    const std::size_t size = TranspositionTable::shared_bytes(64);
    auto memory = std::make_unique<std::uint64_t[]>(size / 8);
    TranspositionTable a(64, 36, 20, memory.get());
    TranspositionTable b(64, 36, 20, memory.get());
    const std::size_t n = a.entries_per_bucket();
    TTEntry old_entry = entry(1, 1, 2, exact), new_entry = old_entry;
    old_entry.weight = 5;
    new_entry.weight = 4;
    for (std::uint64_t k = 1; k <= n; ++k) a.store(k, old_entry);
    b.note_stores(TranspositionTable::kAgingPeriod * b.entry_count());
    for (std::uint64_t k = 100; k < 100 + n - 1; ++k) a.store(k, new_entry);
    std::size_t new_kept = 0;
    TTEntry e;
    for (std::uint64_t k = 100; k < 100 + n - 1; ++k) new_kept += b.probe(k, e);
    EXPECT_EQ(new_kept, n - 1);  // not 1, as when a's counters are its own
  }
  {
    // Another process writes; this one reads.
    const std::size_t bytes = 1024 * 64;
    const std::size_t size = TranspositionTable::shared_bytes(bytes);
    void* memory = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(memory, MAP_FAILED);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      TranspositionTable t(bytes, 36, 20, memory);
      for (std::uint64_t k = 1; k <= 200; ++k) t.store(k * 31, entry(1, 2, 3, exact));
      ::_exit(0);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    TranspositionTable t(bytes, 36, 20, memory);
    std::size_t found = 0;
    TTEntry e;
    for (std::uint64_t k = 1; k <= 200; ++k) found += t.probe(k * 31, e) && e.upper == 2;
    EXPECT_GE(found, 195u);
    ::munmap(memory, size);
  }
}

}  // namespace
}  // namespace grundy::search
