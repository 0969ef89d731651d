#include "grundy/games/octal/sparse.h"

#include <algorithm>
#include <bit>

#ifdef __AVX2__
#include <immintrin.h>
#endif
#include <istream>
#include <ostream>
#include <string>

#include "grundy/core/error.h"
#include "grundy/games/octal/state_io.h"

namespace grundy::octal {
namespace {

bool odd_parity(std::uint64_t x) {
  return (std::popcount(x) & 1) != 0;
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

constexpr char kStateMagic[8] = {'G', 'R', 'S', 'P', 'E', 'N', 'G', '1'};

}  // namespace

SparseEngine::SparseEngine(const OctalCode& code, EngineOptions options)
    : code_(code), options_(options) {
  if (!std::has_single_bit(options_.window) || options_.window < 1024)
    throw InputError("the engine window must be a power of two of at least 1024");
  for (std::size_t k = 0; k <= code.last(); ++k) {
    const std::uint32_t d = code.digit(k);
    if (k > 0 && (d & kLeaveNone)) whole_ks_.push_back(k);
    if (k > 0 && (d & kLeaveOne)) take_ks_.push_back(k);
    if (d & kLeaveTwo) split_ks_.push_back(k);
  }
  unequal_ = code.is_grundy();
  ring_.assign(1024, 0);
  ring_mask_ = ring_.size() - 1;
  ext_counts_.assign(std::size_t{1} << (value_bits_ + 1), 0);
  reset_scratch();
}

bool SparseEngine::is_rare(std::uint64_t x, std::uint32_t g) const {
  return !odd_parity(((std::uint64_t{g} << 1) | (x & 1)) & mask_);
}

bool SparseEngine::in_memory(std::uint64_t i) const {
  return i < prefix_.size() || i + ring_.size() >= n_;
}

Value SparseEngine::old(std::uint64_t i) const {
  return i < prefix_.size() ? prefix_[i] : ring_[i & ring_mask_];
}

std::uint32_t SparseEngine::value(std::uint64_t i) const {
  if (i >= n_ || !in_memory(i))
    throw LimitError("G(" + std::to_string(i) + ") is no longer in memory");
  return old(i);
}

void SparseEngine::reset_scratch() {
  const std::size_t size = (std::size_t{1} << value_bits_) + 1;
  seen_.assign(size, 0);
  seen_ptr_ = seen_.data();
  block_end_ = 0;  // sizes or classes changed: prepared blocks are stale
  for (std::uint64_t par = 0; par < 2; ++par) {
    even_class_[par].assign(size, 0);
    for (std::uint64_t v = 0; v < size; ++v)
      even_class_[par][v] = !odd_parity(((v << 1) | par) & mask_);
  }
  even_class_[2].assign(size, 0);
  for (std::size_t v = 0; v < size; ++v) even_class_[2][v] = even_class_[0][v] | even_class_[1][v];
}

void SparseEngine::grow_ring() {
  // No heap has wrapped yet (n == size), so index i sits at i in the doubled ring too.
  ring_.resize(ring_.size() * 2, 0);
  ring_mask_ = ring_.size() - 1;
}

namespace {

// seen[low[i] ^ high_end[-i]] = 1 for i < count: the parts of consecutive split points, the
// small one read forwards and the large one backwards.
void mark_pairs(std::uint8_t* seen, const Value* low, const Value* high_end, std::uint64_t count) {
  std::uint64_t i = 0;
#ifdef __AVX2__
  // 16 pairs per step: reverse the large parts' 16-bit lanes, xor, then 16 byte stores.
  const __m256i reverse_words =
      _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11,
                       8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  alignas(32) std::uint16_t x[16];
  for (; i + 16 <= count; i += 16) {
    const __m256i l = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(low + i));
    __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(high_end - i - 15));
    h = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(h, reverse_words), 0x4E);
    _mm256_store_si256(reinterpret_cast<__m256i*>(x), _mm256_xor_si256(l, h));
    for (int j = 0; j < 16; ++j) seen[x[j]] = 1;
  }
#endif
  for (; i < count; ++i) seen[low[i] ^ high_end[-static_cast<std::ptrdiff_t>(i)]] = 1;
}

}  // namespace

// Marks G(a) ^ G(s - a) for a in [lo, hi). Usually both parts are contiguous in memory (the
// small one in the prefix, the large one in the ring without wrapping around its end).
void SparseEngine::scan_chunk(std::uint64_t s, std::uint64_t lo, std::uint64_t hi) {
  const bool wrapped = n_ > ring_.size();
  const std::uint64_t count = hi - lo;
  const std::uint64_t top = (s - lo) & ring_mask_;  // ring slot of the largest part
  if (!wrapped) {  // the whole table is in the ring, at its own index
    mark_pairs(seen_ptr_, ring_.data() + lo, ring_.data() + (s - lo), count);
    return;
  }
  if (hi <= prefix_.size() && top + 1 >= count && (!wrapped || in_memory(s - hi + 1))) {
    mark_pairs(seen_ptr_, prefix_.data() + lo, ring_.data() + top, count);
    return;
  }
  std::uint8_t* seen = seen_ptr_;
  for (std::uint64_t a = lo; a < hi; ++a) {
    if (wrapped && (!in_memory(a) || !in_memory(s - a)))
      throw LimitError("heap " + std::to_string(n_) + " needs G(" + std::to_string(a) +
                       "), beyond the kept prefix and window; use a larger window");
    seen[old(a) ^ old(s - a)] = 1;
  }
}

// Scans split pairs from where the last call stopped until w is seen (true) or every pair of
// every split digit has been visited (false), in chunks of 64 pairs (overscanning a little is
// cheaper than testing after every pair). The values hardest to find are small xors, which
// need two parts of similar value; near the middle of the heap both parts have typical values,
// so while the whole table is in memory, chunks alternate between the small end and the
// middle (about a quarter fewer pairs for Grundy's game). Either way every pair is visited
// before a value is declared absent.
bool SparseEngine::scan_until(std::uint32_t w) {
  constexpr std::uint64_t kChunk = 64;
  const bool whole_table = n_ <= ring_.size();
  while (scan_k_ < split_ks_.size()) {
    const std::uint64_t k = split_ks_[scan_k_];
    if (n_ >= k + 2) {
      const std::uint64_t s = n_ - k;
      // Split points a with a < s - a, plus a = s / 2 when equal parts are allowed.
      if (scan_end_ == 0) scan_end_ = unequal_ ? (s + 1) / 2 : s / 2 + 1;
      while (scan_a_ < scan_end_) {
        const std::uint64_t count = std::min(scan_end_ - scan_a_, kChunk);
        if (whole_table && (scan_turn_++ & 1)) {
          scan_chunk(s, scan_end_ - count, scan_end_);
          scan_end_ -= count;
        } else {
          scan_chunk(s, scan_a_, scan_a_ + count);
          scan_a_ += count;
        }
        stats_.scanned_pairs += count;
        if (seen_ptr_[w]) return true;
      }
    }
    ++scan_k_;
    scan_a_ = 1;
    scan_end_ = 0;
  }
  return seen_ptr_[w] != 0;
}

void SparseEngine::scan_all_pairs() {
  ++stats_.plain_fallbacks;
  scan_k_ = 0;
  scan_a_ = 1;
  scan_end_ = 0;
  scan_until(static_cast<std::uint32_t>(seen_.size() - 1));
  scan_k_ = split_ks_.size();
}

// Marks G(r) ^ G(s - r) for the rare parts with indices in [begin, end) and r < s.
void SparseEngine::mark_rare(std::uint64_t s, std::size_t begin, std::size_t end) {
  const std::uint64_t* rp = rare_pos_.data();
  const Value* rv = rare_val_.data();
  while (end > begin && rp[end - 1] >= s) --end;
  // Grundy's game: r = s / 2 pairs with itself, which is not a move.
  std::size_t skip = end;
  if (unequal_ && s % 2 == 0) {
    const std::size_t at =
        static_cast<std::size_t>(std::lower_bound(rp + begin, rp + end, s / 2) - rp);
    if (at < end && rp[at] == s / 2) skip = at;
  }
  std::uint8_t* seen = seen_ptr_;
  const Value* ring = ring_.data();
  const std::uint64_t ring_mask = ring_mask_;
  for (std::size_t i = begin; i < skip; ++i) seen[rv[i] ^ ring[(s - rp[i]) & ring_mask]] = 1;
  for (std::size_t i = std::max(skip + 1, begin); i < end; ++i)
    seen[rv[i] ^ ring[(s - rp[i]) & ring_mask]] = 1;
}

SparseEngine::BlockJob SparseEngine::make_job(std::uint64_t begin, std::uint64_t threshold) const {
  BlockJob job;
  job.begin = begin;
  job.end = std::min(begin + kBlock, next_remask_);
  job.stride = (seen_.size() + 63) / 64 * 64;
  job.rare_count = rare_pos_.size();
  const std::uint64_t* rp = rare_pos_.data();
  job.small_end =
      static_cast<std::size_t>(std::lower_bound(rp, rp + job.rare_count, threshold) - rp);
  return job;
}

// Heap begin + j, part sum s = begin + j - k, rare part r at index >= job.small_end: the other
// part s - r lies before the values still being computed (see make_job's thresholds) and is
// larger than r (the caller's condition for blocks). Reads only state that the owner thread
// does not change while a job runs.
void SparseEngine::fill_block(std::vector<std::uint8_t>& rows_seen, const BlockJob& job) const {
  rows_seen.assign(kBlock * job.stride, 0);
  const std::uint64_t* rp = rare_pos_.data();
  const Value* rv = rare_val_.data();
  const Value* ring = ring_.data();
  const std::uint64_t ring_mask = ring_mask_;
  const std::uint64_t rows = job.end - job.begin;
  const std::size_t stride = job.stride;
  std::uint8_t* out = rows_seen.data();
  for (std::uint64_t k : split_ks_) {
    for (std::size_t i = job.small_end; i < job.rare_count; ++i) {
      const std::uint64_t base = job.begin - k - rp[i];
      const Value v = rv[i];
      if ((base & ring_mask) + rows <= ring_.size()) {
        const Value* from = ring + (base & ring_mask);
        for (std::uint64_t j = 0; j < rows; ++j) out[j * stride + (v ^ from[j])] = 1;
      } else {
        for (std::uint64_t j = 0; j < rows; ++j)
          out[j * stride + (v ^ ring[(base + j) & ring_mask])] = 1;
      }
    }
  }
}

void SparseEngine::helper_loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    cv_.wait(lock, [&] { return stop_helper_ || job_pending_; });
    if (stop_helper_) return;
    const BlockJob job = next_job_;
    job_pending_ = false;
    job_running_ = true;
    lock.unlock();
    fill_block(next_block_seen_, job);
    lock.lock();
    job_running_ = false;
    next_job_.valid = true;
    cv_.notify_all();
  }
}

void SparseEngine::settle_helper() {
  if (!helper_.joinable()) return;
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [&] { return !job_pending_ && !job_running_; });
}

void SparseEngine::invalidate_helper() {
  settle_helper();
  next_job_.valid = false;
}

SparseEngine::~SparseEngine() {
  if (!helper_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stop_helper_ = true;
  }
  cv_.notify_all();
  helper_.join();
}

void SparseEngine::prepare_block() {
  const std::uint64_t n0 = n_;
  BlockJob job = make_job(n0, kBlock);
  settle_helper();
  const BlockJob& ready = next_job_;
  if (ready.valid && ready.begin == n0 && ready.end == job.end && ready.stride == job.stride &&
      ready.rare_count == job.rare_count) {
    // The helper marked the parts of rare r >= 2 * kBlock; the rest are done heap by heap.
    std::swap(block_seen_, next_block_seen_);
    job = ready;
  } else {
    fill_block(block_seen_, job);
  }
  next_job_.valid = false;
  block_begin_ = job.begin;
  block_end_ = job.end;
  block_stride_ = job.stride;
  block_small_end_ = job.small_end;
  block_rare_count_ = job.rare_count;
  // Prepare the following block on the other core while this one is computed. Its rare parts
  // must pair with heaps before this block: r >= 2 * kBlock.
  if (options_.helper_thread && job.end == n0 + kBlock && job.end + kBlock <= next_remask_) {
    if (!helper_.joinable()) helper_ = std::thread([this] { helper_loop(); });
    {
      std::lock_guard lock(mutex_);
      next_job_ = make_job(job.end, 2 * kBlock);
      job_pending_ = true;
    }
    cv_.notify_all();
  }
}

std::uint32_t SparseEngine::compute() {
  const std::uint64_t n = n_;
  std::size_t active = 0;
  unsigned parities = 0;
  for (std::uint64_t k : split_ks_) {
    if (n < k + 2) continue;
    ++active;
    parities |= 1u << ((n - k) & 1);
  }
  const bool sparse = active > 0 && rare_pos_.size() * active * 2 <= n;
  // Blocks need every split heap's parts to be past the rare ones (so no part pairs with
  // itself and every other part is already known when the block is prepared).
  const bool blocked = options_.blocks && sparse && active == split_ks_.size() &&
                       n > 2 * (stats_.last_rare + kBlock + code_.last()) + 2;
  if (blocked && (n < block_begin_ || n >= block_end_)) prepare_block();
  if (blocked && n >= block_begin_ && n < block_end_) {
    seen_ptr_ = block_seen_.data() + (n - block_begin_) * block_stride_;
  } else {
    seen_ptr_ = seen_.data();
    std::fill(seen_.begin(), seen_.end(), 0);
  }
  const bool use_block = seen_ptr_ != seen_.data();
  for (std::uint64_t k : whole_ks_)
    if (n == k) mark(0);
  for (std::uint64_t k : take_ks_)
    if (n > k) mark(ring_[(n - k) & ring_mask_]);
  scan_k_ = 0;
  scan_a_ = 1;
  scan_end_ = 0;
  if (active > 0) {
    if (!sparse) {
      scan_all_pairs();
    } else {
      if (n > ring_.size() && stats_.last_rare + code_.last() > ring_.size())
        throw LimitError("rare heap " + std::to_string(stats_.last_rare) +
                         " lies beyond the window of " + std::to_string(ring_.size()) +
                         " values; use a larger window");
      for (std::uint64_t k : split_ks_) {
        if (n < k + 2) continue;
        if (use_block) {
          mark_rare(n - k, 0, block_small_end_);
          mark_rare(n - k, block_rare_count_, rare_pos_.size());
        } else {
          mark_rare(n - k, 0, rare_pos_.size());
        }
      }
    }
  }
  const std::uint8_t* need = even_class_[parities == 3 ? 2 : (parities == 2 ? 1 : 0)].data();
  for (std::uint32_t w = 0;; ++w) {
    if (seen_ptr_[w]) continue;
    if (active == 0 || !need[w] || !scan_until(w)) return w;
  }
}

void SparseEngine::grow_bits(std::uint32_t g) {
  while (g >= (std::uint32_t{1} << value_bits_)) ++value_bits_;
  std::vector<std::uint64_t> counts(std::size_t{1} << (value_bits_ + 1), 0);
  std::copy(ext_counts_.begin(), ext_counts_.end(), counts.begin());
  ext_counts_ = std::move(counts);
  reset_scratch();
}

void SparseEngine::choose_mask() {
  invalidate_helper();
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
  reset_scratch();
  rare_pos_.clear();
  rare_val_.clear();
  stats_.last_rare = 0;
  for (std::uint64_t x = 1; x < n_; ++x) {
    const Value g = ring_[x];
    if (is_rare(x, g)) {
      rare_pos_.push_back(x);
      rare_val_.push_back(g);
      stats_.last_rare = x;
    }
  }
}

void SparseEngine::record(std::uint32_t g) {
  if (g > kMaxValue)
    throw LimitError("G(" + std::to_string(n_) + ") exceeds " + std::to_string(kMaxValue));
  ring_[n_ & ring_mask_] = static_cast<Value>(g);
  if (n_ < options_.prefix) prefix_.push_back(static_cast<Value>(g));
  if (g >= (std::uint32_t{1} << value_bits_)) {
    invalidate_helper();
    grow_bits(g);
  }
  if (n_ >= 1) {
    ++ext_counts_[(std::size_t{g} << 1) | (n_ & 1)];
    if (is_rare(n_, g)) {
      invalidate_helper();  // the helper reads the rare list
      rare_pos_.push_back(n_);
      rare_val_.push_back(static_cast<Value>(g));
      stats_.last_rare = n_;
    }
  }
  stats_.max_value = std::max(stats_.max_value, g);
  ++n_;
  // Re-choosing the mask reclassifies every heap, so it needs the whole table in memory.
  if (n_ == next_remask_) {
    if (n_ <= ring_.size()) choose_mask();
    next_remask_ *= 2;
  }
}

std::uint32_t SparseEngine::next() {
  if (n_ == ring_.size() && ring_.size() < options_.window) {
    invalidate_helper();  // the helper reads the ring
    grow_ring();
  }
  const std::uint32_t g = compute();
  record(g);
  return g;
}

EngineStats SparseEngine::stats() const {
  EngineStats s = stats_;
  s.rare_positions = rare_pos_.size();
  s.mask = mask_;
  s.window = ring_.size();
  return s;
}

void SparseEngine::save(std::ostream& out) const {
  out.write(kStateMagic, sizeof kStateMagic);
  write_string(out, code_.to_string());
  write_pod(out, options_.window);
  write_pod(out, options_.prefix);
  write_pod(out, n_);
  write_pod(out, value_bits_);
  write_pod(out, mask_);
  write_pod(out, next_remask_);
  write_pod(out, stats_);
  write_vector(out, ring_);
  write_vector(out, prefix_);
  write_vector(out, rare_pos_);
  write_vector(out, rare_val_);
  write_vector(out, ext_counts_);
}

void SparseEngine::load(std::istream& in) {
  invalidate_helper();
  char magic[sizeof kStateMagic];
  in.read(magic, sizeof magic);
  if (!in || !std::equal(magic, magic + sizeof magic, kStateMagic))
    throw InputError("the checkpoint is not an octal engine state");
  if (read_string(in) != code_.to_string())
    throw InputError("the checkpoint belongs to another game");
  read_pod(in, options_.window);
  read_pod(in, options_.prefix);
  read_pod(in, n_);
  read_pod(in, value_bits_);
  read_pod(in, mask_);
  read_pod(in, next_remask_);
  read_pod(in, stats_);
  read_vector(in, ring_);
  read_vector(in, prefix_);
  read_vector(in, rare_pos_);
  read_vector(in, rare_val_);
  read_vector(in, ext_counts_);
  if (value_bits_ > 16 || !std::has_single_bit(ring_.size()) ||
      ext_counts_.size() != (std::size_t{1} << (value_bits_ + 1)) ||
      rare_pos_.size() != rare_val_.size())
    throw InputError("the checkpoint's engine state is inconsistent");
  ring_mask_ = ring_.size() - 1;
  reset_scratch();
}

std::vector<std::uint32_t> sparse_values(const OctalCode& code, std::uint64_t count,
                                         EngineOptions options) {
  SparseEngine engine(code, options);
  std::vector<std::uint32_t> g(count);
  for (std::uint64_t n = 0; n < count; ++n) g[n] = engine.next();
  return g;
}

}  // namespace grundy::octal
