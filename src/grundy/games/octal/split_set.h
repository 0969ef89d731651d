#pragma once
// Values of hexadecimal codes (moves that leave three heaps) in O(n * V/64) word operations per
// heap instead of the O(n^2) triples of the definition.
//
// S2(m), the set of values G(x) ^ G(m - x) of the two-heap splits of m, is kept as a bitset for
// every m. The three-heap splits of t are then the union over the smallest part's value u of
// u ^ (the union of S2(t - c) over the parts c with G(c) = u): one OR of a bitset per part c, and
// one translation of a bitset by xor (delta swaps) per distinct value u. Two-heap splits of the
// code read S2 directly. V is 2^bits, the bound of the values so far.
#include <cstdint>
#include <vector>

#include "grundy/games/octal/engine.h"

namespace grundy::octal {

class SplitSetEngine : public ValueEngine {
 public:
  explicit SplitSetEngine(const OctalCode& code, EngineOptions options = {},
                          ValueStore* store = nullptr);

  std::uint64_t position() const override { return n_; }
  std::uint32_t next() override;
  const Value* values() const override { return g_; }
  std::uint64_t capacity() const override { return capacity_; }
  EngineStats stats() const override { return stats_; }
  std::vector<std::pair<std::uint64_t, std::uint32_t>> rare_heaps() const override { return {}; }
  void save(std::ostream& out) const override;
  void load(std::istream& in) override;

 private:
  void grow_bits(std::uint32_t g);
  void compute_pair_set(std::uint64_t m);  // S2(m) from G(1 .. m-1)
  void add_triples(std::uint64_t t, std::uint64_t* out);
  const std::uint64_t* pair_set(std::uint64_t m) const { return pairs_.data() + m * words_; }

  OctalCode code_;
  EngineOptions options_;
  ValueStore owned_;
  ValueStore* store_ = nullptr;
  Value* g_ = nullptr;  // store_->data()
  std::uint64_t capacity_ = 0;
  std::uint64_t n_ = 0;
  std::uint32_t bits_ = 6;            // values below 2^bits_
  std::size_t words_ = 1;             // 2^bits_ / 64
  std::vector<std::uint64_t> pairs_;  // S2(m) at m * words_, for m < n_
  std::vector<std::uint8_t> row_;
  std::vector<std::uint64_t> by_value_;  // scratch: one union of pair sets per value
  EngineStats stats_;
};

}  // namespace grundy::octal
