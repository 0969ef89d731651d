#pragma once
// mex (minimum excludant): the least non-negative integer not in a set.
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

namespace grundy {

// mex of a set of values all below 64, given as a bit mask (bit v set = v present).
constexpr std::uint32_t mex_of_mask(std::uint64_t mask) {
  return static_cast<std::uint32_t>(std::countr_one(mask));
}

// mex of any list of values. The result is at most values.size(), so only values below that
// matter; a bitmap of that many bits is enough. Keep one Mex object per thread to reuse its buffer.
class Mex {
 public:
  template <class T>
  std::uint32_t operator()(std::span<const T> values) {
    const std::size_t bound = values.size();
    if (bound < 64) {
      std::uint64_t mask = 0;
      for (T v : values)
        if (static_cast<std::uint64_t>(v) < 64) mask |= std::uint64_t{1} << v;
      return mex_of_mask(mask);
    }
    words_.assign(bound / 64 + 1, 0);
    for (T v : values)
      if (static_cast<std::uint64_t>(v) <= bound) words_[v / 64] |= std::uint64_t{1} << (v % 64);
    for (std::size_t w = 0;; ++w)
      if (~words_[w] != 0) return static_cast<std::uint32_t>(w * 64 + std::countr_one(words_[w]));
  }

 private:
  std::vector<std::uint64_t> words_;
};

template <class T>
std::uint32_t mex(std::span<const T> values) {
  Mex m;
  return m(values);
}

}  // namespace grundy
