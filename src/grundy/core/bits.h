#pragma once
// Bit counts for the hot loops of the games, fast in the portable build.
//
// The baseline x86-64 has no POPCNT instruction, so std::popcount compiles to a library call
// there (a table walk, a third of a Dots and Boxes solve's time). grundy::popcount uses the
// instruction whenever the active kernel set has it (avx2 and avx512: core/kernel_set.h), at
// the price of one predictable test, and std::popcount otherwise (the scalar set, other
// architectures). Code compiled for a kernel set (a target region, core/target.h, or
// -march=native) uses the instruction directly.
#include <bit>
#include <cstdint>

#include "grundy/core/kernel_set.h"
#include "grundy/core/target.h"

namespace grundy {

inline int popcount(std::uint64_t x) {
#if defined(__POPCNT__) || !GRUNDY_HAVE_TARGETS
  return std::popcount(x);
#else
  if (active_kernel_set() != KernelSet::scalar) [[likely]] {
    std::uint64_t n;
    asm volatile("popcntq %1, %0" : "=r"(n) : "rm"(x) : "cc");
    return static_cast<int>(n);
  }
  return std::popcount(x);
#endif
}

}  // namespace grundy
