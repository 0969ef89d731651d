#pragma once
#include <cstdint>
#include <span>

namespace grundy {

// The nim-sum of nimbers *a + *b is *(a xor b).
template <class T>
constexpr T nim_sum(std::span<const T> values) {
  T x = 0;
  for (T v : values) x ^= v;
  return x;
}

}  // namespace grundy
