#pragma once
// The one dispatch point for hardware-specific code (vector kernels, bit tricks): which kernel
// set runs, chosen once per process from the CPU, or forced by GRUNDY_KERNELS.
//
// Every kernel set is compiled into every build (each in its own target region,
// core/target.h), so one binary runs on any x86-64 CPU and uses what it has:
//   scalar  plain C++ for the baseline x86-64 (SSE2); the reference the others are tested
//           against, and what runs on other architectures;
//   avx2    AVX2 with BMI1, BMI2 and POPCNT (Intel Haswell, AMD Zen and later);
//   avx512  the avx2 set plus AVX-512 F, BW, DQ and VL (Intel Skylake-SP, AMD Zen 4 and later).
// The kernels of a family read active_kernel_set() at each call (a load and a compare) and
// call their version for it; every version gives the same results, bit for bit.
#include <atomic>
#include <cstdint>
#include <string_view>
#include <vector>

namespace grundy {

enum class KernelSet : std::uint8_t { scalar = 0, avx2 = 1, avx512 = 2 };
inline constexpr int kKernelSetCount = 3;

std::string_view kernel_set_name(KernelSet set);
// Whether this CPU (and its operating system) runs `set`.
bool cpu_supports(KernelSet set);
// The sets this CPU runs, scalar first.
std::vector<KernelSet> supported_kernel_sets();
// The best set this CPU runs.
KernelSet best_kernel_set();

// The set a GRUNDY_KERNELS value names ("": the CPU's best). Throws InputError, one line naming
// the value (as printable() shows it), when the name is unknown or the CPU lacks the set.
KernelSet kernel_set_named(std::string_view name);
// Reads GRUNDY_KERNELS (unset or empty: the CPU's best) and makes that set the active one.
// Throws InputError when the name is unknown or the CPU lacks the set, naming both. Interfaces
// call it at start-up, so that a bad value is a one-line error (the command: exit status 2).
void select_kernel_set_from_environment();
// Makes `set` the active one from now on (tests compare the sets end to end). Throws
// InputError when the CPU lacks it. Not while another thread runs kernels.
void use_kernel_set(KernelSet set);

namespace detail {
inline constexpr std::uint8_t kKernelSetUnset = 0xff;
extern std::atomic<std::uint8_t> active_kernel_set;
KernelSet resolve_kernel_set();
}  // namespace detail

// The set in use. The first call without a choice made reads GRUNDY_KERNELS and falls back to
// the CPU's best when the variable is invalid (select_kernel_set_from_environment() reports it).
inline KernelSet active_kernel_set() {
  const std::uint8_t k = detail::active_kernel_set.load(std::memory_order_relaxed);
  if (k == detail::kKernelSetUnset) [[unlikely]]
    return detail::resolve_kernel_set();
  return static_cast<KernelSet>(k);
}

}  // namespace grundy
