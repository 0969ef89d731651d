#pragma once
// The sparse-space (rare/common) path: exact Grundy values of an octal game or Grundy's game,
// usually at a cost per value proportional to the number of rare positions instead of n.
//
// With a mask m over the value bits and the heap's parity bit ("ext" = 2*G(x) + (x & 1)), a
// heap x is rare when popcount(ext(x) & m) is even. The xor of two ext values carries the parity
// of the pair, so a split option whose ext class is odd ("common") comes from exactly one rare
// part: all of those are enumerated from the rare list. The candidate is the least value of the
// common class (for every active part-sum parity) not found that way; a value of the even class
// below it can also come from two common parts, so pairs are scanned until each of those is
// found (or, when one never is, the least of them is the answer and a new rare heap). So every
// value is exact whatever the mask; the mask only decides the speed. The mask with the fewest
// rare heaps is re-chosen at powers of two (a Walsh-Hadamard transform of the ext counts); while
// the rare list is longer than half the heap, every pair is scanned instead ("plain" heaps).
//
// Where the time goes, per heap (Grundy's game past 2^20: 1,273 rare heaps, about 2,300 pairs
// scanned): marking the rare pairs, and the scan. Both are vectorised (kernels.h): blocks of 32
// consecutive heaps are prepared together (rare pairs and the first pairs of the scan, from the
// small end and from the middle of the heap, marked with one vector load per part; then each
// heap's scan of the pairs whose parts are both known, 32 pairs at a time against a bitmap of the
// values its candidate needs), on both cores, up to seven blocks ahead of the heap being
// finished; finishing a heap, in order on one thread, marks the few pairs whose parts lie in the
// blocks still being computed, picks the candidate and, when it is the one the block assumed,
// looks for what the block's scan did not find among those few pairs only. So the thread that
// finishes does little, and both threads share the preparing.
//
// Memory: the whole table, in a ValueStore (store.h): the engine's own anonymous mapping of
// `capacity` values, or one the caller passes (a file for long runs).
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "grundy/games/octal/engine.h"
#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/store.h"

namespace grundy::octal {

class SparseEngine : public ValueEngine {
 public:
  // `store`: where the values go (its first position() values must be this game's when an
  // engine state is loaded). Without one the engine owns a memory store of options.capacity.
  explicit SparseEngine(const OctalCode& code, EngineOptions options = {},
                        ValueStore* store = nullptr);
  ~SparseEngine();
  SparseEngine(const SparseEngine&) = delete;
  SparseEngine& operator=(const SparseEngine&) = delete;

  std::uint64_t position() const override { return n_.load(std::memory_order_relaxed); }
  std::uint32_t next() override;
  const Value* values() const override { return g_; }
  std::uint64_t capacity() const override { return capacity_; }
  EngineStats stats() const override;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> rare_heaps() const override;
  // The state without the table (which stays in the store).
  void save(std::ostream& out) const override;
  void load(std::istream& in) override;
  const OctalCode& code() const { return code_; }

 private:
  struct PerSplit {
    std::size_t rare_lo = 0, rare_hi = 0;      // rare indices [lo, hi) were marked by the block
    std::uint64_t small_lo = 1, small_hi = 1;  // split points [lo, hi) marked by the block
    std::uint64_t mid_lo = 1, mid_hi = 1;
  };
  struct Slot {
    int state = 0;  // kEmpty, kBusy, kReady
    std::uint64_t block = ~std::uint64_t{0};
    std::uint64_t epoch = 0;
    std::vector<PerSplit> per_split;
    std::vector<std::uint8_t> rows;
    std::vector<std::uint64_t> pos;  // scratch for the block's entries
    std::vector<Value> val;
    // Rare parts not marked but tested against each row's first candidates (kernels.h): the
    // parts of split digit ki are the engine's tested_pos_[tested[ki].first .. .second).
    std::vector<std::pair<std::size_t, std::size_t>> tested;
    bool any_tested() const {
      return std::any_of(tested.begin(), tested.end(), [](auto r) { return r.second > r.first; });
    }
    std::vector<Value> candidates;  // kCandidates x kBlock, as test_candidates takes them
    std::vector<std::uint32_t> hits;
    // Bit j: row j's candidates were all hit, so the block marked every tested rare part in the
    // row itself (as finish() would) and took its candidate from the row.
    std::uint32_t fully_marked = 0;
    // Each row's scan of the pairs [small_hi, mid_lo) of every split digit (block_scans): the
    // candidate it assumed (kNoScan: not scanned) and the values it looked for and did not
    // find there (need_words() words a row).
    std::vector<std::uint32_t> scan_c;
    std::vector<std::uint64_t> scan_left;
    std::uint64_t scan_pairs = 0, scan_farthest = 0;
  };
  static constexpr std::uint32_t kNoScan = ~std::uint32_t{0};
  static constexpr std::uint64_t kBlock = 32;
  static constexpr std::size_t kSlots = 8;

  bool is_rare(std::uint64_t x, std::uint32_t g) const;
  std::uint32_t compute(std::uint64_t n);
  std::uint32_t finish(std::uint64_t n, std::uint8_t* row, const Slot* slot, std::size_t active,
                       unsigned parities, bool sparse);
  bool scan(std::uint64_t s, std::uint64_t lo, std::uint64_t hi, bool alternate);
  void mark_rare(std::uint64_t s, std::size_t begin, std::size_t end, std::uint8_t* row) const;
  std::uint32_t candidate(const std::uint8_t* row, unsigned parities, bool sparse,
                          const std::uint64_t* also_marked = nullptr);
  unsigned parities_of(std::uint64_t n) const;
  std::uint32_t least_needed() const;
  void prepare(Slot& slot, std::uint64_t block, std::uint64_t known) const;
  void scan_rows(Slot& slot, std::uint64_t block) const;
  std::size_t need_words() const;
  const std::uint64_t* class_bits(unsigned parities) const;
  Slot* acquire_block(std::uint64_t block);
  bool blocks_allowed(std::uint64_t block) const;
  void helper_loop();
  void pause_helper();  // waits until no block is being prepared and drops every prepared one
  void resume_helper();
  void record(std::uint64_t n, std::uint32_t g);
  void grow_bits(std::uint32_t g);
  void choose_mask();
  void split_rare(bool appended);
  void reset_classes();
  void check_stop() const;

  OctalCode code_;
  EngineOptions options_;
  ValueStore owned_;
  ValueStore* store_ = nullptr;
  Value* g_ = nullptr;  // store_->data()
  std::uint64_t capacity_ = 0;
  std::vector<std::uint64_t> take_ks_;   // k with digit bit 2 (leave one heap)
  std::vector<std::uint64_t> whole_ks_;  // k with digit bit 1
  std::vector<std::uint64_t> split_ks_;  // k with digit bit 4
  bool unequal_ = false;                 // Grundy's game: the two parts must differ

  std::atomic<std::uint64_t> n_{0};
  std::vector<std::uint64_t> rare_pos_;
  std::vector<Value> rare_val_;
  // The rare list split once for the blocks (options_.sampled_rare): every step-th rare part is
  // marked, the others only tested against each row's candidates. Rebuilt or extended while
  // the helper is paused, so a prepared block's ranges into them stay valid.
  std::vector<std::uint64_t> marked_pos_, tested_pos_;
  std::vector<Value> marked_val_, tested_val_;
  std::size_t sample_step_ = 0;
  std::vector<std::uint64_t> ext_counts_;  // how many heaps have each ext value
  std::uint32_t value_bits_ = 1;           // every value so far is below 2^value_bits_
  std::size_t stride_ = 0;                 // bytes per row of marks (2^value_bits_ + padding)
  std::uint32_t mask_ = 0;
  std::uint64_t next_remask_ = 64;
  EngineStats stats_;

  // need_class_[p][v] = 1 when the option value v of a part-sum with parity p (index 2: either
  // parity) is of the even class, so it may come from two common parts.
  std::vector<std::uint8_t> need_class_[3];
  std::vector<std::uint64_t> need_class_bits_[3];  // the same as bitmaps
  std::vector<std::uint8_t> seen_;                 // the row of a heap finished on its own
  std::vector<std::uint64_t> need_;                // bitmap of the values the scan still looks for
  std::vector<std::uint64_t> also_marked_;         // candidates hit by a block's tested rare parts
  std::uint64_t remaining_ = 0;                    // bits set in need_

  // Blocks: slots_[q % kSlots] holds block q (heaps [q * kBlock, (q + 1) * kBlock)). A slot is
  // prepared by whichever thread claims it; the owner thread finishes blocks in order.
  Slot slots_[kSlots];
  Slot* current_ = nullptr;  // the block the owner is finishing
  std::uint64_t current_block_ = ~std::uint64_t{0};
  std::uint64_t epoch_ = 0;
  int busy_ = 0;
  bool paused_ = false, stop_helper_ = false;
  std::mutex mutex_;
  // Bumped (and notified) when the owner moves to a new block or unpauses, and when a prepared
  // block is ready: the other thread spins briefly on them, then sleeps (atomic wait).
  std::atomic<std::uint32_t> owner_signal_{0}, ready_signal_{0};
  std::thread helper_;
};

// G(0..count-1) through the sparse engine.
std::vector<std::uint32_t> sparse_values(const OctalCode& code, std::uint64_t count,
                                         EngineOptions options = {});

}  // namespace grundy::octal
