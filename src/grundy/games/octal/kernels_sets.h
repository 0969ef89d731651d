#pragma once
// The kernel tables of each set (kernels.h), defined in kernels.cpp (scalar: the reference
// versions), kernels_avx2.cpp and kernels_avx512.cpp.
#include "grundy/games/octal/kernels.h"

namespace grundy::octal::kernels::detail {

extern const Table kScalarTable;
extern const Table kAvx2Table;
extern const Table kAvx512Table;

// Steps of find_needed, in pairs.
inline constexpr unsigned kStep = 32;

inline bool needed(const std::uint64_t* need, unsigned x) {
  return (need[x >> 6] >> (x & 63)) & 1;
}

}  // namespace grundy::octal::kernels::detail
