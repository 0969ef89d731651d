#include "grundy/games/octal/split_set.h"

#include <algorithm>
#include <bit>
#include <istream>
#include <ostream>
#include <string>

#include "grundy/core/error.h"
#include "grundy/games/octal/kernels.h"
#include "grundy/games/octal/sparse.h"
#include "grundy/games/octal/state_io.h"

namespace grundy::octal {
namespace {

constexpr char kSplitStateMagic[8] = {'G', 'R', 'S', 'P', 'L', 'I', 'T', '1'};

// Moves bit i of x to bit i ^ s (s < 64): one swap of blocks of 2^j bits per set bit j of s.
std::uint64_t xor_permute(std::uint64_t x, unsigned s) {
  constexpr std::uint64_t kLow[6] = {0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f,
                                     0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff};
  for (unsigned j = 0; j < 6; ++j)
    if (s & (1u << j)) {
      const unsigned shift = 1u << j;
      x = ((x & kLow[j]) << shift) | ((x >> shift) & kLow[j]);
    }
  return x;
}

}  // namespace

SplitSetEngine::SplitSetEngine(const OctalCode& code, EngineOptions options, ValueStore* store)
    : code_(code), options_(options) {
  if (code.is_grundy()) throw InputError("Grundy's game goes to the sparse engine");
  if (!store) {
    owned_ = ValueStore::memory(options_.capacity);
    store = &owned_;
  }
  store_ = store;
  g_ = store->data();
  capacity_ = store->capacity();
  row_.assign((std::size_t{1} << bits_) + 64, 0);
}

void SplitSetEngine::grow_bits(std::uint32_t g) {
  std::uint32_t bits = bits_;
  while (g >= (std::uint32_t{1} << bits)) ++bits;
  const std::size_t words = std::size_t{1} << (bits - 6);
  const std::uint64_t sets = pairs_.size() / words_;
  std::vector<std::uint64_t> pairs(sets * words, 0);
  for (std::uint64_t m = 0; m < sets; ++m)
    std::copy_n(pairs_.data() + m * words_, words_, pairs.data() + m * words);
  pairs_ = std::move(pairs);
  bits_ = bits;
  words_ = words;
  row_.assign((std::size_t{1} << bits_) + 64, 0);
}

void SplitSetEngine::compute_pair_set(std::uint64_t m) {
  pairs_.resize((m + 1) * words_, 0);
  if (m < 2) return;
  std::fill(row_.begin(), row_.end(), 0);
  kernels::mark_pairs(row_.data(), g_, 1, m - 1, m / 2);
  std::uint64_t* out = pairs_.data() + m * words_;
  for (std::size_t w = 0; w < words_; ++w) out[w] = ~kernels::unmarked64(row_.data() + 64 * w);
}

void SplitSetEngine::add_triples(std::uint64_t t, std::uint64_t* out) {
  const std::size_t values = std::size_t{1} << bits_;
  by_value_.assign(values * words_, 0);
  std::vector<std::uint8_t> touched(values, 0);
  for (std::uint64_t c = 1; c + 2 <= t; ++c) {
    const Value u = g_[c];
    const std::uint64_t* set = pair_set(t - c);
    std::uint64_t* acc = by_value_.data() + std::size_t{u} * words_;
    for (std::size_t w = 0; w < words_; ++w) acc[w] |= set[w];
    touched[u] = 1;
  }
  for (std::size_t u = 0; u < values; ++u) {
    if (!touched[u]) continue;
    const std::uint64_t* acc = by_value_.data() + u * words_;
    for (std::size_t w = 0; w < words_; ++w)
      out[w ^ (u >> 6)] |= xor_permute(acc[w], static_cast<unsigned>(u & 63));
  }
}

std::uint32_t SplitSetEngine::next() {
  const std::uint64_t n = n_;
  if (n >= capacity_)
    throw LimitError("the engine's table holds " + std::to_string(capacity_) + " values");
  if (options_.stop && options_.stop->load(std::memory_order_relaxed)) throw Interrupted();
  if (n >= store_->size()) {
    store_->ensure(n + 1);
    g_ = store_->data();
  }
  compute_pair_set(n);
  std::vector<std::uint64_t> options(words_, 0);
  const auto set_bit = [&](std::uint32_t v) { options[v >> 6] |= std::uint64_t{1} << (v & 63); };
  bool splits = false;
  for (std::uint64_t k = 0; k <= code_.last() && k <= n; ++k) {
    const std::uint32_t d = code_.digit(k);
    const std::uint64_t rest = n - k;
    if ((d & kLeaveNone) && rest == 0 && k > 0) set_bit(0);
    if ((d & kLeaveOne) && rest > 0 && k > 0) set_bit(g_[rest]);
    if ((d & kLeaveTwo) && rest >= 2) {
      const std::uint64_t* set = pair_set(rest);
      for (std::size_t w = 0; w < words_; ++w) options[w] |= set[w];
      splits = true;
    }
    if ((d & kLeaveThree) && rest >= 3) {
      add_triples(rest, options.data());
      splits = true;
    }
  }
  std::uint32_t mex = std::uint32_t{1} << bits_;
  for (std::size_t w = 0; w < words_; ++w)
    if (~options[w] != 0) {
      mex = static_cast<std::uint32_t>(64 * w) +
            static_cast<std::uint32_t>(std::countr_one(options[w]));
      break;
    }
  if (mex > kMaxValue)
    throw LimitError("G(" + std::to_string(n) + ") exceeds " + std::to_string(kMaxValue));
  g_[n] = static_cast<Value>(mex);
  if (mex >= (std::uint32_t{1} << bits_)) grow_bits(mex);
  if (splits) ++stats_.plain_fallbacks;
  if (mex > stats_.max_value || n == 0) {
    stats_.max_value = mex;
    stats_.max_value_at = n;
  }
  ++n_;
  return mex;
}

void SplitSetEngine::save(std::ostream& out) const {
  out.write(kSplitStateMagic, sizeof kSplitStateMagic);
  write_string(out, code_.to_string());
  write_pod(out, n_);
  write_pod(out, bits_);
  write_pod(out, stats_);
  write_vector(out, pairs_);
}

void SplitSetEngine::load(std::istream& in) {
  char magic[sizeof kSplitStateMagic];
  in.read(magic, sizeof magic);
  if (!in || !std::equal(magic, magic + sizeof magic, kSplitStateMagic))
    throw InputError("the checkpoint is not a split-set engine state");
  if (read_string(in) != code_.to_string())
    throw InputError("the checkpoint belongs to another game");
  std::uint64_t n = 0;
  std::uint32_t bits = 0;
  read_pod(in, n);
  read_pod(in, bits);
  read_pod(in, stats_);
  read_vector(in, pairs_);
  if (bits < 6 || bits > 16 || n > capacity_ || pairs_.size() != n * (std::size_t{1} << (bits - 6)))
    throw InputError("the checkpoint's engine state is inconsistent");
  n_ = n;
  bits_ = bits;
  words_ = std::size_t{1} << (bits - 6);
  row_.assign((std::size_t{1} << bits_) + 64, 0);
}

std::unique_ptr<ValueEngine> make_engine(const OctalCode& code, EngineOptions options,
                                         ValueStore* store) {
  if (code.max_parts() > 2) return std::make_unique<SplitSetEngine>(code, options, store);
  return std::make_unique<SparseEngine>(code, options, store);
}

}  // namespace grundy::octal
