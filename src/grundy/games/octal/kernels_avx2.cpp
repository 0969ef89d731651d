// The AVX2 kernel set: 16 lanes of 16 bits per register, no mask registers and no word permute
// across the register, so the scans compare with the few values still needed instead of
// looking each lane up in the bitmap (kernels.h; docs/octal.md "Kernel sets").
#include <algorithm>
#include <bit>

#include <immintrin.h>

#include "grundy/core/target.h"
#include "grundy/games/octal/kernels_sets.h"

namespace grundy::octal::kernels {

#if GRUNDY_HAVE_TARGETS
GRUNDY_TARGET_AVX2_BEGIN
namespace avx2 {
namespace {

using detail::kStep;

__m256i load(const Value* p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

// The 16 values p[15], p[14], ..., p[0]: the halves swapped on the way in, then the words of
// each half reversed.
__m256i load_reversed(const Value* p) {
  const __m256i reverse = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14,
                                           15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
  const __m256i swapped = _mm256_inserti128_si256(
      _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 8))),
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), 1);
  return _mm256_shuffle_epi8(swapped, reverse);
}

// The xors g[lo + i + k] ^ g[hi - i - k] for k < 16.
__m256i pair_xors(const Value* low, const Value* high, std::uint64_t i) {
  return _mm256_xor_si256(load(low + i), load_reversed(high - i - 15));
}

// The 16-bit mask of the lanes of a compare result (two bits per lane from movemask).
std::uint32_t lane_mask(__m256i eq) {
  return _pext_u32(static_cast<std::uint32_t>(_mm256_movemask_epi8(eq)), 0x55555555u);
}

void mark_rows(std::uint8_t* out, std::size_t stride, std::size_t rows, const Value* g,
               std::uint64_t base, const std::uint64_t* pos, const Value* val, std::size_t count) {
  // 16-bit indices j * stride + x must not wrap.
  if (rows != 32 || 32 * stride > 65536)
    return mark_rows_reference(out, stride, rows, g, base, pos, val, count);
  alignas(32) std::uint16_t offsets[32];
  for (std::size_t j = 0; j < 32; ++j) offsets[j] = static_cast<std::uint16_t>(j * stride);
  const __m256i off0 = _mm256_load_si256(reinterpret_cast<const __m256i*>(offsets));
  const __m256i off1 = _mm256_load_si256(reinterpret_cast<const __m256i*>(offsets + 16));
  // Four parts per round: 128 independent byte stores (in a standalone test on an AVX-512 host
  // forced to this set, two parts a round marked 1.15-1.4x slower, and eight 1.3x slower: their
  // indices spill).
  constexpr std::size_t kParts = 4;
  alignas(32) std::uint16_t idx[kParts][32];
  const auto indices = [&](std::size_t e, std::uint16_t* out_idx) {
    const Value* from = g + base - pos[e];
    const __m256i v = _mm256_set1_epi16(static_cast<short>(val[e]));
    _mm256_store_si256(reinterpret_cast<__m256i*>(out_idx),
                       _mm256_add_epi16(_mm256_xor_si256(load(from), v), off0));
    _mm256_store_si256(reinterpret_cast<__m256i*>(out_idx + 16),
                       _mm256_add_epi16(_mm256_xor_si256(load(from + 16), v), off1));
  };
  std::size_t e = 0;
  for (; e + kParts <= count; e += kParts) {
    for (std::size_t p = 0; p < kParts; ++p) indices(e + p, idx[p]);
    // Read the indices back from memory (one load each) rather than let the compiler extract
    // them from the registers (two operations each, and registers spilled).
    asm volatile("" : "+m"(idx));
#pragma GCC unroll 32
    for (std::size_t j = 0; j < 32; ++j)
#pragma GCC unroll 4
      for (std::size_t p = 0; p < kParts; ++p) out[idx[p][j]] = 1;
  }
  for (; e < count; ++e) {
    indices(e, idx[0]);
    for (std::size_t j = 0; j < 32; ++j) out[idx[0][j]] = 1;
  }
}

// test_candidates when every candidate is below 255 (nearly every block of Grundy's game): the
// 32 rows' xors clamped into the bytes of one register (a value of 255 or more becomes 255,
// which no candidate equals), so each part costs 8 byte compares for all 32 rows instead of 16
// word compares. _mm256_packus_epi16 interleaves its halves: the bytes hold rows 0-7, 16-23,
// 8-15, 24-31, and the candidates are packed the same way.
void test_candidates_bytes(const Value* g, std::uint64_t base, const std::uint64_t* pos,
                           const Value* val, std::size_t count, const Value* candidates,
                           std::uint32_t* hits) {
  __m256i c[kCandidates], h[kCandidates];
  for (unsigned i = 0; i < kCandidates; ++i) {
    c[i] = _mm256_packus_epi16(load(candidates + 32 * i), load(candidates + 32 * i + 16));
    h[i] = _mm256_setzero_si256();
  }
  const Value* from = g + base;
  const __m256i clamp = _mm256_set1_epi16(255);
  for (std::size_t e = 0; e < count; ++e) {
    const __m256i v = _mm256_set1_epi16(static_cast<short>(val[e]));
    const Value* p = from - pos[e];
    // Clamped first: packus reads words as signed, and would take 32768 and up to 0.
    const __m256i x =
        _mm256_packus_epi16(_mm256_min_epu16(_mm256_xor_si256(load(p), v), clamp),
                            _mm256_min_epu16(_mm256_xor_si256(load(p + 16), v), clamp));
    for (unsigned i = 0; i < kCandidates; ++i)
      h[i] = _mm256_or_si256(h[i], _mm256_cmpeq_epi8(x, c[i]));
  }
  for (unsigned i = 0; i < kCandidates; ++i) {
    const auto m = static_cast<std::uint32_t>(_mm256_movemask_epi8(h[i]));
    // Bytes 8-15 are rows 16-23 and bytes 16-23 rows 8-15: swap them back.
    hits[i] |= (m & 0xff0000ffu) | ((m & 0x0000ff00u) << 8) | ((m & 0x00ff0000u) >> 8);
  }
}

void test_candidates(const Value* g, std::uint64_t base, const std::uint64_t* pos, const Value* val,
                     std::size_t count, const Value* candidates, std::uint32_t* hits) {
  static_assert(kCandidates == 8);
  {
    __m256i top = _mm256_setzero_si256();
    for (unsigned k = 0; k < 2 * kCandidates; ++k)
      top = _mm256_max_epu16(top, load(candidates + 16 * k));
    const __m256i small = _mm256_set1_epi16(254);
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi16(_mm256_max_epu16(top, small), small)) == -1)
      return test_candidates_bytes(g, base, pos, val, count, candidates, hits);
  }
  // Rows 0-15, then 16-31: eight candidates and eight hit vectors fill the 16 registers.
  for (unsigned half = 0; half < 2; ++half) {
    const Value* cand = candidates + 16 * half;
    const __m256i c0 = load(cand), c1 = load(cand + 32), c2 = load(cand + 64), c3 = load(cand + 96),
                  c4 = load(cand + 128), c5 = load(cand + 160), c6 = load(cand + 192),
                  c7 = load(cand + 224);
    __m256i h0 = _mm256_setzero_si256(), h1 = h0, h2 = h0, h3 = h0, h4 = h0, h5 = h0, h6 = h0,
            h7 = h0;
    const Value* from = g + base + 16 * half;
    for (std::size_t e = 0; e < count; ++e) {
      const __m256i x =
          _mm256_xor_si256(load(from - pos[e]), _mm256_set1_epi16(static_cast<short>(val[e])));
      h0 = _mm256_or_si256(h0, _mm256_cmpeq_epi16(x, c0));
      h1 = _mm256_or_si256(h1, _mm256_cmpeq_epi16(x, c1));
      h2 = _mm256_or_si256(h2, _mm256_cmpeq_epi16(x, c2));
      h3 = _mm256_or_si256(h3, _mm256_cmpeq_epi16(x, c3));
      h4 = _mm256_or_si256(h4, _mm256_cmpeq_epi16(x, c4));
      h5 = _mm256_or_si256(h5, _mm256_cmpeq_epi16(x, c5));
      h6 = _mm256_or_si256(h6, _mm256_cmpeq_epi16(x, c6));
      h7 = _mm256_or_si256(h7, _mm256_cmpeq_epi16(x, c7));
    }
    const unsigned shift = 16 * half;
    hits[0] |= lane_mask(h0) << shift, hits[1] |= lane_mask(h1) << shift;
    hits[2] |= lane_mask(h2) << shift, hits[3] |= lane_mask(h3) << shift;
    hits[4] |= lane_mask(h4) << shift, hits[5] |= lane_mask(h5) << shift;
    hits[6] |= lane_mask(h6) << shift, hits[7] |= lane_mask(h7) << shift;
  }
}

void mark_pairs(std::uint8_t* seen, const Value* g, std::uint64_t lo, std::uint64_t hi,
                std::uint64_t count) {
  alignas(32) std::uint16_t xs[16];
  std::uint64_t i = 0;
  for (; i + 16 <= count; i += 16) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(xs), pair_xors(g + lo, g + hi, i));
    for (unsigned j = 0; j < 16; ++j) seen[xs[j]] = 1;
  }
  for (; i < count; ++i) seen[g[lo + i] ^ g[hi - i]] = 1;
}

// find_needed, in steps of 32 pairs: the xors of pairs j..j+15 and j+16..j+31 of step j.

// The first `count` values set in the first `words` words of `need` (fewer if it holds fewer).
constexpr unsigned kListMax = 8;
unsigned list_needed(const std::uint64_t* need, std::size_t words, std::uint16_t* values,
                     unsigned count) {
  unsigned found = 0;
  for (std::size_t w = 0; w < words && found < count; ++w)
    for (std::uint64_t b = need[w]; b != 0 && found < count; b &= b - 1)
      values[found++] = static_cast<std::uint16_t>(64 * w + std::countr_zero(b));
  return found;
}

// Few values needed (the common case: a sparse heap's scan looks for a handful, most often the
// last one): each lane is compared with each of them, `Count` compares per register (the list
// padded with repeats of its first value).
template <unsigned Count>
class List {
 public:
  explicit List(const std::uint16_t* values) {
    for (unsigned k = 0; k < Count; ++k)
      want_[k] = _mm256_set1_epi16(static_cast<short>(values[k]));
  }
  // Nonzero where some lane equals some value.
  __m256i any(__m256i x0, __m256i x1) const {
    __m256i m = _mm256_setzero_si256();
    for (unsigned k = 0; k < Count; ++k)
      m = _mm256_or_si256(
          m, _mm256_or_si256(_mm256_cmpeq_epi16(x0, want_[k]), _mm256_cmpeq_epi16(x1, want_[k])));
    return m;
  }
  // Bit k set when value k equals some lane.
  unsigned which(__m256i x0, __m256i x1) const {
    unsigned bits = 0;
    for (unsigned k = 0; k < Count; ++k) {
      const __m256i m =
          _mm256_or_si256(_mm256_cmpeq_epi16(x0, want_[k]), _mm256_cmpeq_epi16(x1, want_[k]));
      bits |= static_cast<unsigned>(!_mm256_testz_si256(m, m)) << k;
    }
    return bits;
  }

 private:
  __m256i want_[Count];
};

// Whole steps from *i until one holds a listed value: returns which values it holds (bit k:
// values[k]) with *i past that step, or 0 with *i past the last whole step.
template <unsigned Count>
unsigned scan_list(const Value* low, const Value* high, std::uint64_t* i, std::uint64_t count,
                   const std::uint16_t* values) {
  const List<Count> list(values);
  std::uint64_t j = *i;
  for (; j + kStep <= count; j += kStep) {
    const __m256i x0 = pair_xors(low, high, j), x1 = pair_xors(low, high, j + 16);
    const __m256i any = list.any(x0, x1);
    if (!_mm256_testz_si256(any, any)) [[unlikely]] {
      *i = j + kStep;
      return list.which(x0, x1);
    }
  }
  *i = j;
  return 0;
}

// The last step, n < 32 pairs from i, read whole (the caller checked that every read is allowed);
// lanes from n on become 0xffff, which no list holds (bits <= 15).
template <unsigned Count>
unsigned tail_list(const Value* low, const Value* high, std::uint64_t i, std::uint64_t n,
                   const std::uint16_t* values) {
  const __m256i index0 = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m256i index1 = _mm256_add_epi16(index0, _mm256_set1_epi16(16));
  const __m256i last = _mm256_set1_epi16(static_cast<short>(n - 1));
  const List<Count> list(values);
  return list.which(
      _mm256_or_si256(pair_xors(low, high, i), _mm256_cmpgt_epi16(index0, last)),
      _mm256_or_si256(pair_xors(low, high, i + 16), _mm256_cmpgt_epi16(index1, last)));
}

// Calls Scan<Count> with Count the least power of two >= found (1 <= found <= kListMax), the
// list padded to it.
template <template <unsigned> class Scan, class... Args>
unsigned with_list(unsigned found, std::uint16_t* values, Args... args) {
  for (unsigned k = found; k < std::bit_ceil(found); ++k) values[k] = values[0];
  switch (std::bit_ceil(found)) {
    case 1:
      return Scan<1>::run(args..., values);
    case 2:
      return Scan<2>::run(args..., values);
    case 4:
      return Scan<4>::run(args..., values);
    default:
      return Scan<8>::run(args..., values);
  }
}
template <unsigned Count>
struct ScanList {
  static unsigned run(const Value* low, const Value* high, std::uint64_t* i, std::uint64_t count,
                      const std::uint16_t* values) {
    return scan_list<Count>(low, high, i, count, values);
  }
};
template <unsigned Count>
struct TailList {
  static unsigned run(const Value* low, const Value* high, std::uint64_t i, std::uint64_t n,
                      const std::uint16_t* values) {
    return tail_list<Count>(low, high, i, n, values);
  }
};

// Takes the listed values that `matched` names out of the bitmap and the list.
void take_listed(unsigned matched, std::uint16_t* values, unsigned* found, std::uint64_t* need,
                 std::uint64_t* remaining) {
  unsigned kept = 0;
  for (unsigned k = 0; k < *found; ++k) {
    const unsigned v = values[k];
    if ((matched >> k) & 1) {
      need[v >> 6] &= ~(std::uint64_t{1} << (v & 63));
      --*remaining;
    } else {
      values[kept++] = static_cast<std::uint16_t>(v);
    }
  }
  *found = kept;
}

// Takes the needed values among the lanes of a step that `lanes` flags (bit k: pair k) out of
// the bitmap; a value may occur twice in a step, and a flagged lane need not be needed.
void take_flagged(std::uint32_t lanes, __m256i x0, __m256i x1, std::uint64_t* need,
                  std::uint64_t* remaining) {
  alignas(32) std::uint16_t xs[32];
  _mm256_store_si256(reinterpret_cast<__m256i*>(xs), x0);
  _mm256_store_si256(reinterpret_cast<__m256i*>(xs + 16), x1);
  for (std::uint32_t m = lanes; m != 0; m &= m - 1) {
    const unsigned v = xs[std::countr_zero(m)];
    const std::uint64_t b = std::uint64_t{1} << (v & 63);
    if (need[v >> 6] & b) {
      need[v >> 6] &= ~b;
      --*remaining;
    }
  }
}

// Several values needed, all below 256 (most scans of Grundy's game): the step's 32 xors packed
// into bytes (saturated: 255 stands for every value from 255 on, so it may flag a lane that is
// not needed, never miss one), each looked up in the 256-bit bitmap with byte shuffles (its
// byte: two 16-entry tables; its bit: a third). The same cost whatever the number of values.
class ByteLookup {
 public:
  explicit ByteLookup(const std::uint64_t* need) : need_(need) { reload(); }
  // The bitmap changed.
  void reload() {
    const auto* bytes = reinterpret_cast<const __m128i*>(need_);
    table_lo_ = _mm256_broadcastsi128_si256(_mm_loadu_si128(bytes));
    table_hi_ = _mm256_broadcastsi128_si256(_mm_loadu_si128(bytes + 1));
  }
  // Nonzero bytes where the lane may be needed: bytes 0-7 and 16-23 are pairs 0-7 and 8-15
  // (x0), bytes 8-15 and 24-31 pairs 16-23 and 24-31 (x1).
  __m256i test(__m256i x0, __m256i x1) const {
    const __m256i bit_of =
        _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16,
                         32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128);
    const __m256i b = _mm256_packus_epi16(x0, x1);
    const __m256i byte = _mm256_and_si256(_mm256_srli_epi16(b, 3), _mm256_set1_epi8(0x1f));
    // Shuffle indices with bit 7 set give 0: +0x70 sets it for bytes 16-31 of the bitmap, -16
    // for bytes 0-15.
    const __m256i word = _mm256_or_si256(
        _mm256_shuffle_epi8(table_lo_, _mm256_add_epi8(byte, _mm256_set1_epi8(0x70))),
        _mm256_shuffle_epi8(table_hi_, _mm256_sub_epi8(byte, _mm256_set1_epi8(16))));
    return _mm256_and_si256(word,
                            _mm256_shuffle_epi8(bit_of, _mm256_and_si256(b, _mm256_set1_epi8(7))));
  }
  // Bit k: pair k of the step flagged by test().
  static std::uint32_t flagged(__m256i hit) {
    const auto bytes = ~static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256())));
    return _pext_u32(bytes, 0x00ff00ffu) | _pext_u32(bytes, 0xff00ff00u) << 16;
  }

 private:
  const std::uint64_t* need_;
  __m256i table_lo_, table_hi_;
};

// Whole steps from *i, taking the needed values found out of the bitmap, until at most
// kBytesMin are left (true, *i past that step) or no whole step is (false, *i past the last).
constexpr std::uint64_t kBytesMin = 2;
bool scan_bytes(const Value* low, const Value* high, std::uint64_t* i, std::uint64_t count,
                std::uint64_t* need, std::uint64_t* remaining) {
  ByteLookup lookup(need);
  std::uint64_t j = *i;
  for (; j + kStep <= count; j += kStep) {
    const __m256i x0 = pair_xors(low, high, j), x1 = pair_xors(low, high, j + 16);
    const __m256i hit = lookup.test(x0, x1);
    if (!_mm256_testz_si256(hit, hit)) [[unlikely]] {
      take_flagged(ByteLookup::flagged(hit), x0, x1, need, remaining);
      if (*remaining <= kBytesMin) {
        *i = j + kStep;
        return true;
      }
      lookup.reload();
    }
  }
  *i = j;
  return false;
}

// Many values needed (a plain heap): each lane's bitmap word is gathered. Whole steps from *i
// until one finds a needed value (taken out of the bitmap; true, *i past that step) or none is
// left (false, *i past the last whole step).
bool scan_bitmap(const Value* low, const Value* high, std::uint64_t* i, std::uint64_t count,
                 std::uint64_t* need, std::uint64_t* remaining) {
  const auto* words = reinterpret_cast<const int*>(need);
  const __m256i low16 = _mm256_set1_epi32(0xffff), bit = _mm256_set1_epi32(31),
                one = _mm256_set1_epi32(1);
  // 16-bit lanes: 1 where the lane's value is needed, else 0.
  const auto test = [&](__m256i x) {
    const auto lookup = [&](__m256i v) {
      const __m256i w = _mm256_i32gather_epi32(words, _mm256_srli_epi32(v, 5), 4);
      return _mm256_and_si256(_mm256_srlv_epi32(w, _mm256_and_si256(v, bit)), one);
    };
    return _mm256_or_si256(lookup(_mm256_and_si256(x, low16)),
                           _mm256_slli_epi32(lookup(_mm256_srli_epi32(x, 16)), 16));
  };
  std::uint64_t j = *i;
  for (; j + kStep <= count; j += kStep) {
    const __m256i x0 = pair_xors(low, high, j), x1 = pair_xors(low, high, j + 16);
    const __m256i t0 = test(x0), t1 = test(x1);
    const __m256i any = _mm256_or_si256(t0, t1);
    if (!_mm256_testz_si256(any, any)) [[unlikely]] {
      const __m256i ones = _mm256_set1_epi16(1);
      take_flagged(lane_mask(_mm256_cmpeq_epi16(t0, ones)) | lane_mask(_mm256_cmpeq_epi16(t1, ones))
                                                                 << 16,
                   x0, x1, need, remaining);
      *i = j + kStep;
      return true;
    }
  }
  *i = j;
  return false;
}

std::uint64_t find_needed(const Value* g, std::uint64_t lo, std::uint64_t hi, std::uint64_t count,
                          std::uint64_t* need, unsigned bits, std::uint64_t* remaining) {
  if (*remaining == 0) return 0;
  const std::size_t words = bits >= 6 ? std::size_t{1} << (bits - 6) : 1;
  const Value* low = g + lo;
  const Value* high = g + hi;
  // *remaining is the bitmap's count (kernels.h): all its values lie below 256 when the first
  // four words hold them all, and the list of a few stops at the last.
  const auto below_256 = [&] {
    return static_cast<std::uint64_t>(std::popcount(need[0]) + std::popcount(need[1]) +
                                      std::popcount(need[2]) + std::popcount(need[3])) ==
           *remaining;
  };
  const auto listed = [&](std::uint16_t* values) {
    return list_needed(need, words, values,
                       static_cast<unsigned>(std::min<std::uint64_t>(*remaining, kListMax)));
  };
  std::uint16_t values[kListMax];
  std::uint64_t i = 0;
  for (;;) {
    bool more;  // a step found something, and whole steps may be left
    if (*remaining > kBytesMin && below_256()) {
      more = scan_bytes(low, high, &i, count, need, remaining);
    } else if (*remaining <= kListMax) {
      unsigned found = listed(values);
      if (found == 0) return count;  // (a caller whose count is wrong: nothing to find)
      const unsigned matched = with_list<ScanList>(found, values, low, high, &i, count);
      take_listed(matched, values, &found, need, remaining);
      more = matched != 0;
    } else {
      more = scan_bitmap(low, high, &i, count, need, remaining);
    }
    if (*remaining == 0) return i;
    if (!more) break;
  }
  if (i >= count) return count;
  // The last, shorter step, read whole (lanes past count masked) when no read falls below
  // g[0] (all of them are at most lo + hi: kernels.h).
  if (hi >= i + 31 && bits <= 15 && *remaining <= kListMax) {
    unsigned found = listed(values);
    if (found == 0) return count;
    const unsigned matched = with_list<TailList>(found, values, low, high, i, count - i);
    take_listed(matched, values, &found, need, remaining);
    return count;
  }
  if (hi >= i + 31 && below_256()) {
    const __m256i x0 = pair_xors(low, high, i), x1 = pair_xors(low, high, i + 16);
    const std::uint32_t lanes = (std::uint32_t{1} << (count - i)) - 1;
    take_flagged(ByteLookup::flagged(ByteLookup(need).test(x0, x1)) & lanes, x0, x1, need,
                 remaining);
    return count;
  }
  return i + find_needed_reference(g, lo + i, hi - i, count - i, need, bits, remaining);
}

}  // namespace
}  // namespace avx2
GRUNDY_TARGET_END

const Table detail::kAvx2Table = {avx2::mark_rows, avx2::mark_pairs, avx2::find_needed,
                                  avx2::test_candidates};
#else
const Table detail::kAvx2Table = {mark_rows_reference, mark_pairs_reference, find_needed_reference,
                                  test_candidates_reference};
#endif

}  // namespace grundy::octal::kernels
