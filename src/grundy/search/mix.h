#pragma once
// The 64-bit finaliser of MurmurHash3: spreads a position key's bits before the tables of
// search/ take an index from its low bits and a check from its high bits.
#include <cstdint>

namespace grundy::search {

inline std::uint64_t mix64(std::uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull;
  return k ^ (k >> 33);
}

}  // namespace grundy::search
