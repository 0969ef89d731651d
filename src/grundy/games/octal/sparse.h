#pragma once
// The sparse-space (rare/common) path: exact Grundy values of an octal game or Grundy's game,
// usually at a cost per value proportional to the number of rare positions instead of n.
//
// With a mask m over the value bits and, optionally, the heap's parity bit ("ext" = 2*G(x) +
// (x & 1)), a heap x is rare when popcount(ext(x) & m) is even. The xor of two ext values
// carries the parity of the pair, so a split option whose ext class is odd ("common") comes
// from exactly one rare part: all of those are enumerated from the rare list. A value of the
// even class can also come from two common parts; those pairs are scanned lazily, only while
// such a value below the current candidate is still unexplained, and the scan runs to the end
// when needed. So every value is exact whatever the mask; the mask only decides the speed. The
// engine picks the mask with the fewest rare positions (Walsh-Hadamard transform of the ext
// counts) at powers of two, and falls back to scanning every pair while the rare list is longer
// than half the heap (then the sparse path would cost more than the plain one).
//
// Memory: a ring of the last W values (W grows with n until `window` is reached, so by default
// the whole table stays in memory) plus a prefix of the first values and the rare list. Once
// the ring stops growing, rare positions must stay below W and the lazy scans within the prefix;
// otherwise next() throws LimitError (the values already returned stay exact).
#include <condition_variable>
#include <cstdint>
#include <iosfwd>
#include <mutex>
#include <thread>
#include <vector>

#include "grundy/games/octal/octal_code.h"

namespace grundy::octal {

using Value = std::uint16_t;
inline constexpr std::uint32_t kMaxValue = 65534;

struct EngineOptions {
  std::uint64_t window = std::uint64_t{1} << 40;  // ring capacity cap (a power of two)
  std::uint64_t prefix = std::uint64_t{1} << 20;  // first values kept for the scans
  bool blocks = true;         // false: heap by heap only (tests compare the two)
  bool helper_thread = true;  // prepare the next block on a second thread
};

struct EngineStats {
  std::uint64_t rare_positions = 0;
  std::uint64_t last_rare = 0;
  std::uint32_t mask = 0;  // over ext values: bit 0 = heap parity, bit i+1 = value bit i
  std::uint64_t remasks = 0;
  std::uint64_t scanned_pairs = 0;    // pairs visited by the lazy scans
  std::uint64_t plain_fallbacks = 0;  // heaps computed by scanning every pair
  std::uint32_t max_value = 0;
  std::uint64_t window = 0;  // current ring capacity
};

class SparseEngine {
 public:
  explicit SparseEngine(const OctalCode& code, EngineOptions options = {});
  ~SparseEngine();
  SparseEngine(const SparseEngine&) = delete;
  SparseEngine& operator=(const SparseEngine&) = delete;

  std::uint64_t position() const { return n_; }  // the heap next() computes
  std::uint32_t next();
  // G(i) for a heap still in memory (i < position(), within the ring or the prefix).
  std::uint32_t value(std::uint64_t i) const;
  EngineStats stats() const;
  const OctalCode& code() const { return code_; }

  // The whole state, for checkpoints. load() throws InputError on a malformed or foreign state.
  void save(std::ostream& out) const;
  void load(std::istream& in);

 private:
  Value old(std::uint64_t i) const;
  bool in_memory(std::uint64_t i) const;
  void mark(std::uint32_t v) { seen_ptr_[v] = 1; }
  struct BlockJob {
    std::uint64_t begin = 0, end = 0;
    std::size_t stride = 0, small_end = 0, rare_count = 0;
    bool valid = false;  // the helper finished it
  };
  BlockJob make_job(std::uint64_t begin, std::uint64_t threshold) const;
  void fill_block(std::vector<std::uint8_t>& rows_seen, const BlockJob& job) const;
  void prepare_block();
  void helper_loop();
  void settle_helper();      // waits until no job is pending or running
  void invalidate_helper();  // settle, and drop a finished job (state it read is changing)
  void mark_rare(std::uint64_t s, std::size_t begin, std::size_t end);
  bool is_rare(std::uint64_t x, std::uint32_t g) const;
  std::uint32_t compute();
  void scan_all_pairs();
  bool scan_until(std::uint32_t w);
  void scan_chunk(std::uint64_t s, std::uint64_t lo, std::uint64_t hi);
  void reset_scratch();
  void record(std::uint32_t g);
  void grow_bits(std::uint32_t g);
  void choose_mask();
  void grow_ring();

  OctalCode code_;
  EngineOptions options_;
  std::vector<std::uint64_t> take_ks_;   // k with digit bit 2 (leave one heap)
  std::vector<std::uint64_t> whole_ks_;  // k with digit bit 1
  std::vector<std::uint64_t> split_ks_;  // k with digit bit 4
  bool unequal_ = false;                 // Grundy's game: the two parts must differ

  std::uint64_t n_ = 0;
  std::vector<Value> ring_;
  std::uint64_t ring_mask_ = 0;
  std::vector<Value> prefix_;
  std::vector<std::uint64_t> rare_pos_;
  std::vector<Value> rare_val_;
  std::vector<std::uint64_t> ext_counts_;  // how many heaps have each ext value
  std::uint32_t value_bits_ = 1;           // every value so far is below 2^value_bits_
  std::uint32_t mask_ = 0;
  std::uint64_t next_remask_ = 64;
  EngineStats stats_;

  // Per-heap scratch.
  // seen_[v] = 1 once v is known to be an option of the current heap. Bytes, not bits: the hot
  // loops then store without read-modify-write dependencies.
  std::vector<std::uint8_t> seen_;
  std::uint8_t* seen_ptr_ = nullptr;  // seen_, or the current heap's row of block_seen_
  // Blocks of kBlock heaps: the pairs of every rare part r >= kBlock are marked for the whole
  // block at once, reading B consecutive values per rare part (cache lines used B times)
  // instead of one scattered read per heap and rare part.
  static constexpr std::uint64_t kBlock = 32;
  std::vector<std::uint8_t> block_seen_;
  std::size_t block_stride_ = 0;
  std::uint64_t block_begin_ = 0, block_end_ = 0;  // heaps [begin, end) are prepared
  std::size_t block_small_end_ = 0;                // rare indices below this have r < kBlock
  std::size_t block_rare_count_ = 0;               // rare indices from here on were added since
  // The helper thread fills next_block_seen_ for next_job_; the owner touches them only after
  // settle_helper(), and waits for it before changing the ring, the rare list or the sizes.
  std::vector<std::uint8_t> next_block_seen_;
  BlockJob next_job_;
  bool job_pending_ = false, job_running_ = false, stop_helper_ = false;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::thread helper_;
  // even_class_[p][v] = 1 when a split option v of a part-sum with parity p may come from two
  // common parts (index 2 = either parity), so its absence needs the scan.
  std::vector<std::uint8_t> even_class_[3];
  std::size_t scan_k_ = 0;
  std::uint64_t scan_a_ = 1;    // next split point from the small end
  std::uint64_t scan_end_ = 0;  // split points >= this are done (0: not started)
  std::uint64_t scan_turn_ = 0;
};

// G(0..count-1) through the engine.
std::vector<std::uint32_t> sparse_values(const OctalCode& code, std::uint64_t count,
                                         EngineOptions options = {});

}  // namespace grundy::octal
