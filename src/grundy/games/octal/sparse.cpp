#include "grundy/games/octal/sparse.h"

#include <algorithm>
#include <bit>
#include <istream>
#include <ostream>
#include <string>
#include <tuple>

#include "grundy/core/bits.h"
#include "grundy/core/error.h"
#include "grundy/games/octal/kernels.h"
#include "grundy/games/octal/state_io.h"

namespace grundy::octal {
namespace {

bool odd_parity(std::uint64_t x) {
  return (grundy::popcount(x) & 1) != 0;
}

// In-place Walsh-Hadamard transform: h[m] = sum_e c[e] * (-1)^popcount(e & m).
void walsh_hadamard(std::vector<std::int64_t>& h) {
  for (std::size_t len = 1; len < h.size(); len <<= 1)
    for (std::size_t i = 0; i < h.size(); i += 2 * len)
      for (std::size_t j = i; j < i + len; ++j) {
        const std::int64_t a = h[j], b = h[j + len];
        h[j] = a + b;
        h[j + len] = a - b;
      }
}

// Waits until `signal` differs from `seen`: a short spin (the other thread usually answers
// within microseconds), then a futex sleep.
void await_change(const std::atomic<std::uint32_t>& signal, std::uint32_t seen) {
  for (int spin = 0; spin < 4000; ++spin) {
    if (signal.load(std::memory_order_acquire) != seen) return;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  signal.wait(seen, std::memory_order_acquire);
}

void bump(std::atomic<std::uint32_t>& signal) {
  signal.fetch_add(1, std::memory_order_release);
  signal.notify_all();
}

constexpr char kSparseStateMagic[8] = {'G', 'R', 'S', 'P', 'E', 'N', 'G', '2'};

// The statistics as checkpoints store them (the layout of version 2 states).
struct SavedStats {
  std::uint64_t rare_positions, last_rare;
  std::uint32_t mask;
  std::uint64_t remasks, scanned_pairs, plain_fallbacks;
  std::uint32_t max_value;
  std::uint64_t max_value_at, farthest_part, blocked_heaps;
};

SavedStats saved(const EngineStats& s) {
  return {s.rare_positions,  s.last_rare, s.mask,         s.remasks,       s.scanned_pairs,
          s.plain_fallbacks, s.max_value, s.max_value_at, s.farthest_part, s.blocked_heaps};
}

EngineStats restored(const SavedStats& s) {
  EngineStats e;
  e.rare_positions = s.rare_positions;
  e.last_rare = s.last_rare;
  e.mask = s.mask;
  e.remasks = s.remasks;
  e.scanned_pairs = s.scanned_pairs;
  e.plain_fallbacks = s.plain_fallbacks;
  e.max_value = s.max_value;
  e.max_value_at = s.max_value_at;
  e.farthest_part = s.farthest_part;
  e.blocked_heaps = s.blocked_heaps;
  return e;
}
constexpr int kEmpty = 0, kBusy = 1, kReady = 2;

// row[val[i] ^ g[s - pos[i]]] = 1 for i < count (every pos[i] < s). The pointers are loaded
// once: a byte store may alias anything, and reloading them made this loop latency-bound.
void mark_parts(std::uint8_t* __restrict row, const Value* __restrict g, std::uint64_t s,
                const std::uint64_t* __restrict pos, const Value* __restrict val,
                std::size_t count) {
  const Value* top = g + s;
  std::size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    const unsigned x0 = val[i] ^ top[-static_cast<std::ptrdiff_t>(pos[i])];
    const unsigned x1 = val[i + 1] ^ top[-static_cast<std::ptrdiff_t>(pos[i + 1])];
    const unsigned x2 = val[i + 2] ^ top[-static_cast<std::ptrdiff_t>(pos[i + 2])];
    const unsigned x3 = val[i + 3] ^ top[-static_cast<std::ptrdiff_t>(pos[i + 3])];
    row[x0] = 1;
    row[x1] = 1;
    row[x2] = 1;
    row[x3] = 1;
  }
  for (; i < count; ++i) row[val[i] ^ top[-static_cast<std::ptrdiff_t>(pos[i])]] = 1;
}
// The first values below `limit` of the common class (not in `cls`) that `row` leaves unmarked,
// at most `count` of them, written to out[0], out[step], ...; returns how many there were.
unsigned unmarked_common(const std::uint8_t* row, const std::uint64_t* cls, std::uint32_t limit,
                         Value* out, std::size_t step, unsigned count) {
  const std::size_t words = (limit + 63) / 64;
  const std::uint64_t tail = limit >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << limit) - 1;
  unsigned found = 0;
  for (std::size_t w = 0; w < words && found < count; ++w) {
    std::uint64_t common = kernels::unmarked64(row + 64 * w) & ~cls[w];
    if (w + 1 == words) common &= tail;
    for (; common != 0 && found < count; common &= common - 1)
      out[found++ * step] =
          static_cast<Value>(64 * w + static_cast<std::size_t>(std::countr_zero(common)));
  }
  return found;
}

// Pairs tested between two looks at the stop flag inside one heap's scan.
constexpr std::uint64_t kStopCheckPairs = std::uint64_t{1} << 18;

struct ScanCount {
  std::uint64_t pairs = 0, farthest = 0;
};
enum class ScanEnd { found, exhausted, stopped };

// Tests the split points a in [lo, hi) of part-sum s against `need` (kernels::find_needed), in
// steps that grow from 256 pairs, from both ends alternately when `alternate` (small xors, the
// hardest values to find, are more common near the middle of the heap). Found values leave
// `need`. Looks at `stop` every kStopCheckPairs pairs.
ScanEnd scan_pairs(const Value* g, std::uint64_t s, std::uint64_t lo, std::uint64_t hi,
                   bool alternate, std::uint64_t* need, unsigned bits, std::uint64_t* remaining,
                   ScanCount& count, const std::atomic<bool>* stop) {
  std::uint64_t step = 256;
  bool from_top = false;
  std::uint64_t since_check = 0;
  while (lo < hi) {
    const std::uint64_t n = std::min(step, hi - lo);
    const std::uint64_t a = from_top && alternate ? hi - n : lo;
    if (from_top && alternate) {
      hi -= n;
    } else {
      lo += n;
    }
    from_top = !from_top;
    step = std::min<std::uint64_t>(step * 2, std::uint64_t{1} << 16);
    const std::uint64_t used = kernels::find_needed(g, a, s - a, n, need, bits, remaining);
    count.pairs += used;
    count.farthest = std::max(count.farthest, a + used - 1);
    if (*remaining == 0) return ScanEnd::found;
    since_check += n;
    if (since_check >= kStopCheckPairs) {
      since_check = 0;
      if (stop && stop->load(std::memory_order_relaxed)) return ScanEnd::stopped;
    }
  }
  return *remaining == 0 ? ScanEnd::found : ScanEnd::exhausted;
}

}  // namespace

SparseEngine::SparseEngine(const OctalCode& code, EngineOptions options, ValueStore* store)
    : code_(code), options_(options) {
  if (code.max_parts() > 2)
    throw InputError("the sparse engine handles moves that leave at most two heaps");
  if (!store) {
    owned_ = ValueStore::memory(options_.capacity);
    store = &owned_;
  }
  store_ = store;
  g_ = store->data();
  capacity_ = store->capacity();
  for (std::size_t k = 0; k <= code.last(); ++k) {
    const std::uint32_t d = code.digit(k);
    if (k > 0 && (d & kLeaveNone)) whole_ks_.push_back(k);
    if (k > 0 && (d & kLeaveOne)) take_ks_.push_back(k);
    if (d & kLeaveTwo) split_ks_.push_back(k);
  }
  unequal_ = code.is_grundy();
  ext_counts_.assign(std::size_t{1} << (value_bits_ + 1), 0);
  grow_bits(0);
}

SparseEngine::~SparseEngine() {
  if (!helper_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stop_helper_ = true;
  }
  bump(owner_signal_);
  helper_.join();
}

bool SparseEngine::is_rare(std::uint64_t x, std::uint32_t g) const {
  return !odd_parity(((std::uint64_t{g} << 1) | (x & 1)) & mask_);
}

void SparseEngine::check_stop() const {
  if (options_.stop && options_.stop->load(std::memory_order_relaxed)) throw Interrupted();
}

void SparseEngine::reset_classes() {
  const std::size_t size = (std::size_t{1} << value_bits_) + 1;
  for (std::uint64_t par = 0; par < 2; ++par) {
    need_class_[par].assign(size, 0);
    for (std::uint64_t v = 0; v < size; ++v)
      need_class_[par][v] = !odd_parity(((v << 1) | par) & mask_);
  }
  need_class_[2].assign(size, 0);
  for (std::size_t v = 0; v < size; ++v) need_class_[2][v] = need_class_[0][v] | need_class_[1][v];
  for (int p = 0; p < 3; ++p) {
    need_class_bits_[p].assign((size + 63) / 64, 0);
    for (std::size_t v = 0; v < size; ++v)
      if (need_class_[p][v]) need_class_bits_[p][v >> 6] |= std::uint64_t{1} << (v & 63);
  }
}

void SparseEngine::grow_bits(std::uint32_t g) {
  while (g >= (std::uint32_t{1} << value_bits_)) ++value_bits_;
  const std::size_t size = std::size_t{1} << (value_bits_ + 1);
  if (ext_counts_.size() < size) ext_counts_.resize(size, 0);
  stride_ = ((std::size_t{1} << value_bits_) + 1 + 63) / 64 * 64;
  seen_.assign(stride_, 0);
  need_.assign(need_words(), 0);
  reset_classes();
}

// The even class (values that may come from two common parts) for a heap whose active part-sums
// have these parities (bit 0: even, bit 1: odd), as a bitmap.
const std::uint64_t* SparseEngine::class_bits(unsigned parities) const {
  return need_class_bits_[parities == 3 ? 2 : (parities == 2 ? 1 : 0)].data();
}

std::size_t SparseEngine::need_words() const {
  return std::max<std::size_t>(16, (std::size_t{1} << value_bits_) / 64 + 1);
}

// ---------------------------------------------------------------------------------------------
// Blocks

bool SparseEngine::blocks_allowed(std::uint64_t block) const {
  // Sparse heaps whose split digits are all active; rare parts that are not the smaller part of
  // every heap of the block are left to finish().
  return block >= 1024 && block >= 2 * rare_pos_.size() * split_ks_.size() &&
         block + kBlock <= capacity_;
}

unsigned SparseEngine::parities_of(std::uint64_t n) const {
  unsigned parities = 0;
  for (std::uint64_t k : split_ks_)
    if (n >= k + 2) parities |= 1u << ((n - k) & 1);
  return parities;
}

void SparseEngine::prepare(Slot& slot, std::uint64_t block, std::uint64_t known) const {
  slot.rows.assign(kBlock * stride_, 0);
  slot.fully_marked = 0;
  slot.per_split.assign(split_ks_.size(), PerSplit{});
  slot.tested.assign(split_ks_.size(), {0, 0});
  std::uint8_t* rows = slot.rows.data();
  for (std::size_t ki = 0; ki < split_ks_.size(); ++ki) {
    const std::uint64_t k = split_ks_[ki];
    const std::uint64_t s0 = block - k, smax = s0 + kBlock - 1;
    // A pair (p, s - p) of every row has both parts known when p >= p0.
    const std::uint64_t p0 = smax + 1 > known ? smax + 1 - known : 1;
    const std::uint64_t half = unequal_ ? (s0 - 1) / 2 : s0 / 2;  // largest split point, row 0
    PerSplit& ps = slot.per_split[ki];
    // Rare parts r with p0 <= r <= half are the smaller part of every row (and never half of
    // a row's part-sum for Grundy's game, where row 0's half is below s0 / 2).
    const auto range = [&](const std::vector<std::uint64_t>& v) {
      const auto lo = std::lower_bound(v.begin(), v.end(), p0);
      const auto hi = std::max(lo, std::lower_bound(lo, v.end(), half + 1));
      return std::pair<std::size_t, std::size_t>(lo - v.begin(), hi - v.begin());
    };
    std::tie(ps.rare_lo, ps.rare_hi) = range(rare_pos_);
    // The sampled rare parts are marked, the others tested against the candidates the marks
    // leave (the candidate rarely lies past the first eight).
    const auto [marked_lo, marked_hi] = range(marked_pos_);
    kernels::mark_rows(rows, stride_, kBlock, g_, s0, marked_pos_.data() + marked_lo,
                       marked_val_.data() + marked_lo, marked_hi - marked_lo);
    slot.tested[ki] = range(tested_pos_);
    const auto mark_range = [&](std::uint64_t lo, std::uint64_t hi) {
      slot.pos.resize(hi - lo);
      slot.val.resize(hi - lo);
      for (std::uint64_t a = lo; a < hi; ++a) {
        slot.pos[a - lo] = a;
        slot.val[a - lo] = g_[a];
      }
      kernels::mark_rows(rows, stride_, kBlock, g_, s0, slot.pos.data(), slot.val.data(),
                         slot.pos.size());
    };
    ps.small_lo = std::max<std::uint64_t>(p0, 1);
    ps.small_hi = std::max(ps.small_lo, std::min(ps.small_lo + options_.prescan, half + 1));
    if (ps.small_hi > ps.small_lo) mark_range(ps.small_lo, ps.small_hi);
    ps.mid_hi = half + 1;
    ps.mid_lo =
        std::max(ps.small_hi, ps.mid_hi > options_.prescan ? ps.mid_hi - options_.prescan : 0);
    if (ps.mid_lo >= ps.mid_hi) {
      ps.mid_lo = ps.mid_hi = ps.small_hi;
    } else {
      mark_range(ps.mid_lo, ps.mid_hi);
    }
  }
  const bool tested = slot.any_tested();
  if (!tested && !options_.block_scans) return;
  // Each row's first candidates: the least values of the common class (for its part-sum
  // parities) that the marks left; `limit` (no option reaches it) pads a short list.
  constexpr unsigned kq = kernels::kCandidates;
  const std::uint32_t limit = std::uint32_t{1} << value_bits_;
  slot.candidates.assign(kq * kBlock, static_cast<Value>(limit));
  slot.hits.assign(kq, 0);
  for (std::uint64_t j = 0; j < kBlock; ++j)
    unmarked_common(rows + j * stride_, class_bits(parities_of(block + j)), limit,
                    slot.candidates.data() + j, kBlock, kq);
  for (std::size_t ki = 0; ki < split_ks_.size() && tested; ++ki) {
    const auto [from, to] = slot.tested[ki];
    kernels::test_candidates(g_, block - split_ks_[ki], tested_pos_.data() + from,
                             tested_val_.data() + from, to - from, slot.candidates.data(),
                             slot.hits.data());
  }
  if (options_.block_scans) scan_rows(slot, block);
}

// Each row's candidate is the first of its candidates that no tested rare part hit: the
// finishing thread's too, unless a pair only it marks (a rare part below p0, a move that leaves
// one heap) hits it (1.7% of Grundy's game's heaps near 2·10^7). The values of the even class
// below it that the marks left are looked for among the pairs whose parts are both known,
// [small_hi, mid_lo) of every split digit, which is most of each heap's scan.
void SparseEngine::scan_rows(Slot& slot, std::uint64_t block) const {
  constexpr unsigned kq = kernels::kCandidates;
  const std::size_t words = need_words();
  const std::uint32_t limit = std::uint32_t{1} << value_bits_;
  const bool tested = slot.any_tested();
  slot.scan_c.assign(kBlock, kNoScan);
  slot.scan_left.assign(kBlock * words, 0);
  slot.scan_pairs = slot.scan_farthest = 0;
  ScanCount count;
  for (std::uint64_t j = 0; j < kBlock; ++j) {
    std::uint32_t c = limit;
    unsigned i = 0;
    for (; i < kq; ++i)
      if (!tested || ((slot.hits[i] >> j) & 1) == 0) {
        c = slot.candidates[i * kBlock + j];
        break;
      }
    const unsigned parities = parities_of(block + j);
    const std::uint64_t* cls = class_bits(parities);
    std::uint8_t* row = slot.rows.data() + j * stride_;
    if (i == kq && slot.candidates[(kq - 1) * kBlock + j] < limit) {
      // Every candidate was hit: mark what every tested part gives this row, here rather than
      // on the thread that finishes heaps in order, and take the candidate from the row.
      for (std::size_t ki = 0; ki < split_ks_.size(); ++ki) {
        const auto [from, to] = slot.tested[ki];
        mark_parts(row, g_, block + j - split_ks_[ki], tested_pos_.data() + from,
                   tested_val_.data() + from, to - from);
      }
      slot.fully_marked |= std::uint32_t{1} << j;
      Value first = 0;
      if (unmarked_common(row, cls, limit, &first, 1, 1) == 1) c = first;
    }
    if (c >= limit) continue;  // no candidate below 2^bits: finish() decides
    std::uint64_t* left = slot.scan_left.data() + j * words;
    std::uint64_t remaining = 0;
    for (std::size_t w = 0; 64 * w < c; ++w) {
      std::uint64_t need = kernels::unmarked64(row + 64 * w) & cls[w];
      if (64 * w + 64 > c) need &= (std::uint64_t{1} << (c - 64 * w)) - 1;
      left[w] = need;
      remaining += static_cast<std::uint64_t>(grundy::popcount(need));
    }
    for (std::size_t ki = 0; ki < split_ks_.size() && remaining > 0; ++ki) {
      const PerSplit& ps = slot.per_split[ki];
      if (ps.mid_lo <= ps.small_hi) continue;
      if (scan_pairs(g_, block + j - split_ks_[ki], ps.small_hi, ps.mid_lo, true, left, value_bits_,
                     &remaining, count, options_.stop) == ScanEnd::stopped) {
        slot.scan_pairs = count.pairs;  // the rows from this one on are left to finish()
        slot.scan_farthest = count.farthest;
        return;
      }
    }
    slot.scan_c[j] = c;
  }
  slot.scan_pairs = count.pairs;
  slot.scan_farthest = count.farthest;
}

SparseEngine::Slot* SparseEngine::acquire_block(std::uint64_t block) {
  std::unique_lock lock(mutex_);
  if (current_) slots_[(current_block_ / kBlock) % kSlots].state = kEmpty;
  current_ = nullptr;
  current_block_ = block;
  Slot& slot = slots_[(block / kBlock) % kSlots];
  const auto claim_and_prepare = [&](Slot& s, std::uint64_t b) {
    s.state = kBusy;
    s.block = b;
    s.epoch = epoch_;
    ++busy_;
    const std::uint64_t known = n_.load(std::memory_order_acquire);
    lock.unlock();
    prepare(s, b, known);
    lock.lock();
    --busy_;
    s.state = kReady;  // the epoch only changes in pause_helper(), on this thread
  };
  for (;;) {
    if (slot.state == kReady && slot.block == block && slot.epoch == epoch_) break;
    if (slot.state != kBusy) {
      claim_and_prepare(slot, block);
      break;
    }
    // The helper is preparing this block: prepare a later one meanwhile, or wait.
    bool worked = false;
    for (std::uint64_t q = 1; q < kSlots && !worked; ++q) {
      const std::uint64_t b = block + q * kBlock;
      if (!blocks_allowed(b)) break;
      Slot& other = slots_[(b / kBlock) % kSlots];
      if (other.state == kBusy ||
          (other.state == kReady && other.block == b && other.epoch == epoch_))
        continue;
      claim_and_prepare(other, b);
      worked = true;
    }
    if (!worked) {
      const std::uint32_t seen = ready_signal_.load(std::memory_order_acquire);
      lock.unlock();
      await_change(ready_signal_, seen);
      lock.lock();
    }
  }
  current_ = &slot;
  lock.unlock();
  stats_.scanned_pairs += slot.scan_pairs;
  if (slot.scan_pairs > 0)
    stats_.farthest_part = std::max(stats_.farthest_part, slot.scan_farthest);
  if (options_.helper_thread) {
    if (!helper_.joinable()) helper_ = std::thread([this] { helper_loop(); });
    bump(owner_signal_);
  }
  return &slot;
}

void SparseEngine::helper_loop() {
  for (;;) {
    const std::uint32_t seen = owner_signal_.load(std::memory_order_acquire);
    std::unique_lock lock(mutex_);
    if (stop_helper_) return;
    Slot* job = nullptr;
    std::uint64_t block = 0;
    if (!paused_ && current_block_ != ~std::uint64_t{0}) {
      for (std::uint64_t q = 1; q < kSlots; ++q) {
        const std::uint64_t b = current_block_ + q * kBlock;
        if (!blocks_allowed(b)) break;
        Slot& s = slots_[(b / kBlock) % kSlots];
        if (s.state == kBusy || (s.state == kReady && s.block == b && s.epoch == epoch_)) continue;
        job = &s;
        block = b;
        break;
      }
    }
    if (!job) {
      lock.unlock();
      await_change(owner_signal_, seen);
      continue;
    }
    job->state = kBusy;
    job->block = block;
    job->epoch = epoch_;
    ++busy_;
    const std::uint64_t known = n_.load(std::memory_order_acquire);
    lock.unlock();
    prepare(*job, block, known);
    lock.lock();
    --busy_;
    job->state = job->epoch == epoch_ ? kReady : kEmpty;
    lock.unlock();
    bump(ready_signal_);
  }
}

void SparseEngine::pause_helper() {
  std::unique_lock lock(mutex_);
  paused_ = true;
  while (busy_ > 0) {
    const std::uint32_t seen = ready_signal_.load(std::memory_order_acquire);
    lock.unlock();
    await_change(ready_signal_, seen);
    lock.lock();
  }
  ++epoch_;
  for (Slot& s : slots_) s.state = kEmpty;
  current_ = nullptr;
  current_block_ = ~std::uint64_t{0};
}

void SparseEngine::resume_helper() {
  {
    std::lock_guard lock(mutex_);
    paused_ = false;
  }
  bump(owner_signal_);
}

// ---------------------------------------------------------------------------------------------
// One heap

void SparseEngine::mark_rare(std::uint64_t s, std::size_t begin, std::size_t end,
                             std::uint8_t* row) const {
  const std::uint64_t* rp = rare_pos_.data();
  const Value* rv = rare_val_.data();
  const Value* g = g_;
  // The parts below s / 2 need no test (the common case), the rest are checked one by one.
  const std::size_t low =
      end == begin || rp[end - 1] < (s + 1) / 2
          ? end
          : static_cast<std::size_t>(std::lower_bound(rp + begin, rp + end, (s + 1) / 2) - rp);
  mark_parts(row, g, s, rp + begin, rv + begin, low - begin);
  for (std::size_t i = low; i < end; ++i) {
    const std::uint64_t r = rp[i];
    if (r >= s) break;
    if (unequal_ && 2 * r == s) continue;  // Grundy's game: r = s / 2 with itself is no move
    row[rv[i] ^ g[s - r]] = 1;
  }
}

// Fills need_ (and remaining_) with the values the scan must find and returns the candidate:
// sparse heaps, the least value of the common class not marked, and the even-class values below
// it not marked; plain heaps, every value below 2^bits not marked.
std::uint32_t SparseEngine::candidate(const std::uint8_t* row, unsigned parities, bool sparse,
                                      const std::uint64_t* also_marked) {
  const std::uint32_t limit = std::uint32_t{1} << value_bits_;
  const std::size_t words = (limit + 63) / 64;
  const std::uint64_t tail = limit >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << limit) - 1;
  const std::uint64_t* cls = class_bits(parities);
  std::fill(need_.begin(), need_.end(), 0);
  remaining_ = 0;
  std::uint32_t c = limit;
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t u = kernels::unmarked64(row + 64 * w);
    if (also_marked) u &= ~also_marked[w];
    if (w + 1 == words) u &= tail;
    if (!sparse) {
      need_[w] = u;
      remaining_ += static_cast<std::uint64_t>(grundy::popcount(u));
      continue;
    }
    const std::uint64_t common = u & ~cls[w];
    std::uint64_t need = u & cls[w];
    if (common != 0) {
      const int bit = std::countr_zero(common);
      need &= (std::uint64_t{1} << bit) - 1;
      c = static_cast<std::uint32_t>(64 * w) + static_cast<std::uint32_t>(bit);
    }
    need_[w] = need;
    remaining_ += static_cast<std::uint64_t>(grundy::popcount(need));
    if (common != 0) break;
  }
  return c;
}

std::uint32_t SparseEngine::least_needed() const {
  for (std::size_t w = 0; w < need_.size(); ++w)
    if (need_[w])
      return static_cast<std::uint32_t>(64 * w) +
             static_cast<std::uint32_t>(std::countr_zero(need_[w]));
  return std::uint32_t{1} << value_bits_;
}

// Tests the split points a in [lo, hi) of part-sum s against need_, in steps that grow from 256
// pairs, from both ends alternately when `alternate` (small xors, the hardest values to find,
// are more common near the middle of the heap). Found values leave need_. True when nothing is
// needed any more.
bool SparseEngine::scan(std::uint64_t s, std::uint64_t lo, std::uint64_t hi, bool alternate) {
  ScanCount count;
  const ScanEnd end = scan_pairs(g_, s, lo, hi, alternate, need_.data(), value_bits_, &remaining_,
                                 count, options_.stop);
  stats_.scanned_pairs += count.pairs;
  if (count.pairs > 0) stats_.farthest_part = std::max(stats_.farthest_part, count.farthest);
  if (end == ScanEnd::stopped) check_stop();
  return end == ScanEnd::found;
}

std::uint32_t SparseEngine::finish(std::uint64_t n, std::uint8_t* row, const Slot* slot,
                                   std::size_t active, unsigned parities, bool sparse) {
  const std::vector<PerSplit>* done = slot ? &slot->per_split : nullptr;
  for (std::uint64_t k : whole_ks_)
    if (n == k) row[0] = 1;
  for (std::uint64_t k : take_ks_)
    if (n > k) row[g_[n - k]] = 1;
  const auto half_of = [&](std::uint64_t s) { return unequal_ ? (s - 1) / 2 : s / 2; };
  if (active == 0) {
    candidate(row, parities, false);
    return least_needed();
  }
  if (!sparse) {
    // Every pair counts. Mark the first pairs from both ends (most values show up there), then
    // test the rest against the values still unseen (each found one is a hit and leaves the
    // bitmap; the value is the least never found).
    ++stats_.plain_fallbacks;
    constexpr std::uint64_t kEnds = 4096;
    for (std::uint64_t k : split_ks_) {
      if (n < k + 2) continue;
      const std::uint64_t s = n - k, half = half_of(s);
      const std::uint64_t ends = std::min<std::uint64_t>(kEnds, half / 2);
      kernels::mark_pairs(row, g_, 1, s - 1, ends);
      kernels::mark_pairs(row, g_, half + 1 - ends, s - (half + 1 - ends), ends);
    }
    candidate(row, parities, false);
    for (std::uint64_t k : split_ks_) {
      if (n < k + 2 || remaining_ == 0) continue;
      const std::uint64_t s = n - k, half = half_of(s);
      const std::uint64_t ends = std::min<std::uint64_t>(kEnds, half / 2);
      if (scan(s, 1 + ends, half + 1 - ends, true)) break;
    }
    return least_needed();
  }
  // Heap by heap: mark the first pairs from both ends before choosing the candidate.
  if (!done) {
    for (std::uint64_t k : split_ks_) {
      if (n < k + 2) continue;
      const std::uint64_t s = n - k, half = half_of(s);
      const std::uint64_t ends = std::min<std::uint64_t>(options_.prescan, half / 2);
      kernels::mark_pairs(row, g_, 1, s - 1, ends);
      kernels::mark_pairs(row, g_, half + 1 - ends, s - (half + 1 - ends), ends);
    }
  }
  for (std::size_t ki = 0; ki < split_ks_.size(); ++ki) {
    const std::uint64_t k = split_ks_[ki];
    if (n < k + 2) continue;
    if (done) {
      mark_rare(n - k, 0, (*done)[ki].rare_lo, row);
      mark_rare(n - k, (*done)[ki].rare_hi, rare_pos_.size(), row);
    } else {
      mark_rare(n - k, 0, rare_pos_.size(), row);
    }
  }
  std::uint32_t c = 0;
  if (slot && ((slot->fully_marked >> (n - slot->block)) & 1)) {
    // The block marked every tested part in this row.
    ++stats_.block_fallbacks;
    c = candidate(row, parities, true);
  } else if (slot && slot->any_tested()) {
    // The tested rare parts hit some of this row's candidates: those are options too.
    const std::uint64_t j = n - slot->block;
    constexpr unsigned kq = kernels::kCandidates;
    also_marked_.assign(need_.size(), 0);
    for (unsigned i = 0; i < kq; ++i)
      if ((slot->hits[i] >> j) & 1) {
        const Value v = slot->candidates[i * kBlock + j];
        also_marked_[v >> 6] |= std::uint64_t{1} << (v & 63);
      }
    c = candidate(row, parities, true, also_marked_.data());
    if (c > slot->candidates[(kq - 1) * kBlock + j]) {
      // Past the tested candidates: mark what the tested parts give this heap after all.
      ++stats_.candidate_fallbacks;
      for (std::size_t ki = 0; ki < split_ks_.size(); ++ki) {
        const std::uint64_t s = n - split_ks_[ki];
        const auto [from, to] = slot->tested[ki];
        mark_parts(row, g_, s, tested_pos_.data() + from, tested_val_.data() + from, to - from);
      }
      c = candidate(row, parities, true);
    }
  } else {
    c = candidate(row, parities, true);
  }
  if (remaining_ == 0) return c;
  // The block scanned the pairs of known parts for the values below its candidate cb (c, or
  // below c when a pair marked here hit cb): of those, only the ones it did not find there are
  // still needed. When nothing from cb up is needed either, the pairs it scanned are skipped.
  bool block_scanned = false;
  const std::uint32_t cb = slot && !slot->scan_c.empty() ? slot->scan_c[n - slot->block] : kNoScan;
  if (cb <= c) {
    const std::size_t words = need_words();
    const std::uint64_t* left = slot->scan_left.data() + (n - slot->block) * words;
    remaining_ = 0;
    std::uint64_t beyond = 0;
    for (std::size_t w = 0; w < words; ++w) {
      const std::uint64_t from_cb = 64 * w + 64 <= cb ? 0
                                    : 64 * w >= cb    ? ~std::uint64_t{0}
                                                      : ~((std::uint64_t{1} << (cb - 64 * w)) - 1);
      need_[w] &= left[w] | from_cb;
      beyond |= need_[w] & from_cb;
      remaining_ += static_cast<std::uint64_t>(grundy::popcount(need_[w]));
    }
    block_scanned = beyond == 0;
    stats_.block_scanned += block_scanned;
    if (remaining_ == 0) return c;
  }
  for (std::size_t ki = 0; ki < split_ks_.size(); ++ki) {
    const std::uint64_t k = split_ks_[ki];
    if (n < k + 2) continue;
    const std::uint64_t s = n - k, half = half_of(s);
    if (done) {
      const PerSplit& ps = (*done)[ki];
      const std::uint64_t top = half + 1;
      if (scan(s, 1, std::min(ps.small_lo, top), false) ||
          scan(s, std::min(ps.mid_hi, top), top, false) ||
          (!block_scanned && scan(s, std::min(ps.small_hi, top), std::min(ps.mid_lo, top), true)))
        return c;
    } else {
      const std::uint64_t ends = std::min<std::uint64_t>(options_.prescan, half / 2);
      if (scan(s, 1 + ends, half + 1 - ends, true)) return c;
    }
  }
  // Some even-class value below c is no option at all: the least of them is the value.
  return least_needed();
}

std::uint32_t SparseEngine::compute(std::uint64_t n) {
  std::size_t active = 0;
  unsigned parities = 0;
  for (std::uint64_t k : split_ks_) {
    if (n < k + 2) continue;
    ++active;
    parities |= 1u << ((n - k) & 1);
  }
  const bool sparse = active > 0 && rare_pos_.size() * active * 2 <= n;
  if (sparse && options_.blocks && active == split_ks_.size()) {
    const std::uint64_t block = n / kBlock * kBlock;
    Slot* slot = nullptr;
    if (block == current_block_ && current_) {
      slot = current_;
    } else if (blocks_allowed(block) && (n == block || block == current_block_)) {
      slot = acquire_block(block);
    }
    if (slot) {
      ++stats_.blocked_heaps;
      std::uint8_t* row = slot->rows.data() + (n - block) * stride_;
      return finish(n, row, slot, active, parities, true);
    }
  }
  std::fill(seen_.begin(), seen_.end(), 0);
  return finish(n, seen_.data(), nullptr, active, parities, sparse);
}

// ---------------------------------------------------------------------------------------------
// Bookkeeping

void SparseEngine::choose_mask() {
  std::vector<std::int64_t> h(ext_counts_.begin(), ext_counts_.end());
  walsh_hadamard(h);
  std::int64_t total = 0;
  for (auto c : ext_counts_) total += static_cast<std::int64_t>(c);
  std::uint32_t best = mask_;
  std::int64_t best_rare = mask_ < h.size() ? (total + h[mask_]) / 2 : total;
  for (std::uint32_t m = 1; m < h.size(); ++m) {
    const std::int64_t rare = (total + h[m]) / 2;
    if (rare < best_rare) best = m, best_rare = rare;
  }
  if (best == mask_) return;
  mask_ = best;
  ++stats_.remasks;
  reset_classes();
  rare_pos_.clear();
  rare_val_.clear();
  stats_.last_rare = 0;
  const std::uint64_t n = position();
  for (std::uint64_t x = 1; x < n; ++x) {
    const Value g = g_[x];
    if (is_rare(x, g)) {
      rare_pos_.push_back(x);
      rare_val_.push_back(g);
      stats_.last_rare = x;
    }
  }
  split_rare(false);
}

void SparseEngine::split_rare(bool appended) {
  const std::size_t total = rare_pos_.size();
  const std::size_t most = options_.sampled_rare;
  const std::size_t step = most == 0 || total <= most ? 1 : (total + most - 1) / most;
  std::size_t from = 0;
  if (appended && step == sample_step_ && total > 0) {
    from = total - 1;  // the lists hold every rare part but the new one
  } else {
    marked_pos_.clear();
    marked_val_.clear();
    tested_pos_.clear();
    tested_val_.clear();
    sample_step_ = step;
  }
  for (std::size_t i = from; i < total; ++i) {
    const bool marked = i % step == 0;
    (marked ? marked_pos_ : tested_pos_).push_back(rare_pos_[i]);
    (marked ? marked_val_ : tested_val_).push_back(rare_val_[i]);
  }
}

void SparseEngine::record(std::uint64_t n, std::uint32_t g) {
  if (g > kMaxValue)
    throw LimitError("G(" + std::to_string(n) + ") exceeds " + std::to_string(kMaxValue));
  g_[n] = static_cast<Value>(g);
  bool paused = false;
  const auto pause = [&] {
    if (!paused) pause_helper();
    paused = true;
  };
  if (g >= (std::uint32_t{1} << value_bits_)) {
    pause();
    grow_bits(g);
  }
  if (n >= 1) {
    ++ext_counts_[(std::size_t{g} << 1) | (n & 1)];
    if (is_rare(n, g)) {
      pause();
      rare_pos_.push_back(n);
      rare_val_.push_back(static_cast<Value>(g));
      stats_.last_rare = n;
      split_rare(true);
    }
  }
  if (g > stats_.max_value || n == 0) {
    stats_.max_value = g;
    stats_.max_value_at = n;
  }
  n_.store(n + 1, std::memory_order_release);
  if (n + 1 == next_remask_) {
    pause();
    choose_mask();
    next_remask_ *= 2;
  }
  if (paused) resume_helper();
}

std::uint32_t SparseEngine::next() {
  const std::uint64_t n = position();
  if (n >= capacity_)
    throw LimitError("the engine's table holds " + std::to_string(capacity_) + " values");
  check_stop();
  if (n >= store_->size()) {
    pause_helper();  // the helper reads the values, which may move
    store_->ensure(n + 1);
    g_ = store_->data();
    resume_helper();
  }
  const std::uint32_t g = compute(n);
  record(n, g);
  return g;
}

EngineStats SparseEngine::stats() const {
  EngineStats s = stats_;
  s.rare_positions = rare_pos_.size();
  s.mask = mask_;
  return s;
}

std::vector<std::pair<std::uint64_t, std::uint32_t>> SparseEngine::rare_heaps() const {
  std::vector<std::pair<std::uint64_t, std::uint32_t>> out;
  out.reserve(rare_pos_.size());
  for (std::size_t i = 0; i < rare_pos_.size(); ++i) out.emplace_back(rare_pos_[i], rare_val_[i]);
  return out;
}

void SparseEngine::save(std::ostream& out) const {
  out.write(kSparseStateMagic, sizeof kSparseStateMagic);
  write_string(out, code_.to_string());
  write_pod(out, position());
  write_pod(out, value_bits_);
  write_pod(out, mask_);
  write_pod(out, next_remask_);
  write_pod(out, saved(stats_));
  write_vector(out, rare_pos_);
  write_vector(out, rare_val_);
  write_vector(out, ext_counts_);
}

void SparseEngine::load(std::istream& in) {
  pause_helper();
  char magic[sizeof kSparseStateMagic];
  in.read(magic, sizeof magic);
  if (!in || !std::equal(magic, magic + sizeof magic, kSparseStateMagic))
    throw InputError("the checkpoint is not an octal engine state");
  if (read_string(in) != code_.to_string())
    throw InputError("the checkpoint belongs to another game");
  std::uint64_t n = 0;
  std::uint32_t bits = 0;
  read_pod(in, n);
  read_pod(in, bits);
  read_pod(in, mask_);
  read_pod(in, next_remask_);
  SavedStats st{};
  read_pod(in, st);
  stats_ = restored(st);
  read_vector(in, rare_pos_);
  read_vector(in, rare_val_);
  read_vector(in, ext_counts_);
  if (bits < 1 || bits > 16 || n > capacity_ ||
      ext_counts_.size() != (std::size_t{1} << (bits + 1)) ||
      rare_pos_.size() != rare_val_.size() || !std::is_sorted(rare_pos_.begin(), rare_pos_.end()) ||
      (!rare_pos_.empty() && rare_pos_.back() >= n))
    throw InputError("the checkpoint's engine state is inconsistent");
  value_bits_ = bits;
  grow_bits(0);
  split_rare(false);
  n_.store(n, std::memory_order_release);
  resume_helper();
}

std::vector<std::uint32_t> sparse_values(const OctalCode& code, std::uint64_t count,
                                         EngineOptions options) {
  options.capacity = std::max<std::uint64_t>(count, 1);
  SparseEngine engine(code, options);
  std::vector<std::uint32_t> g(count);
  for (std::uint64_t n = 0; n < count; ++n) g[n] = engine.next();
  return g;
}

}  // namespace grundy::octal
