#include "grundy/core/kernel_set.h"

#include <array>
#include <cstdlib>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/text_check.h"

namespace grundy {
namespace detail {
std::atomic<std::uint8_t> active_kernel_set{kKernelSetUnset};
}  // namespace detail

namespace {

constexpr std::array<std::string_view, kKernelSetCount> kNames = {"scalar", "avx2", "avx512"};

// What each set needs beyond the one below it, for the messages.
constexpr std::array<std::string_view, kKernelSetCount> kNeeds = {"", "AVX2, BMI1, BMI2 and POPCNT",
                                                                  "AVX-512 F, BW, DQ and VL"};

bool detect(KernelSet set) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  // libgcc's detection also asks the operating system (XGETBV) whether it saves the AVX and
  // AVX-512 registers. Initialised here, not by its constructor: this may run before it (a
  // static initialiser of a shared object).
  __builtin_cpu_init();
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                    __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
  switch (set) {
    case KernelSet::scalar:
      return true;
    case KernelSet::avx2:
      return avx2;
    case KernelSet::avx512:
      return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  }
  return false;
#else
  return set == KernelSet::scalar;
#endif
}

std::string supported_list() {
  std::string s;
  for (KernelSet k : supported_kernel_sets())
    s += (s.empty() ? "" : ", ") + std::string(kNames[static_cast<int>(k)]);
  return s;
}

const char* environment_value() {
  const char* value = std::getenv("GRUNDY_KERNELS");
  return value ? value : "";
}

}  // namespace

KernelSet kernel_set_named(std::string_view name) {
  if (name.empty()) return best_kernel_set();
  for (int i = 0; i < kKernelSetCount; ++i) {
    if (name != kNames[i]) continue;
    const auto set = static_cast<KernelSet>(i);
    if (!cpu_supports(set))
      throw InputError("GRUNDY_KERNELS=" + std::string(name) + ": this CPU lacks " +
                       std::string(kNeeds[i]) + "; it runs " + supported_list());
    return set;
  }
  throw InputError("GRUNDY_KERNELS='" + printable(name) +
                   "' is not a kernel set; use scalar, avx2 or avx512 (or leave it unset)");
}

std::string_view kernel_set_name(KernelSet set) {
  return kNames[static_cast<int>(set)];
}

bool cpu_supports(KernelSet set) {
  static const std::array<bool, kKernelSetCount> supported = [] {
    std::array<bool, kKernelSetCount> s{};
    for (int i = 0; i < kKernelSetCount; ++i) s[i] = detect(static_cast<KernelSet>(i));
    return s;
  }();
  return supported[static_cast<int>(set)];
}

std::vector<KernelSet> supported_kernel_sets() {
  std::vector<KernelSet> sets;
  for (int i = 0; i < kKernelSetCount; ++i)
    if (cpu_supports(static_cast<KernelSet>(i))) sets.push_back(static_cast<KernelSet>(i));
  return sets;
}

KernelSet best_kernel_set() {
  return supported_kernel_sets().back();
}

void select_kernel_set_from_environment() {
  use_kernel_set(kernel_set_named(environment_value()));
}

void use_kernel_set(KernelSet set) {
  if (!cpu_supports(set))
    throw InputError("this CPU lacks " + std::string(kNeeds[static_cast<int>(set)]) + " for the " +
                     std::string(kernel_set_name(set)) + " kernels");
  detail::active_kernel_set.store(static_cast<std::uint8_t>(set), std::memory_order_relaxed);
}

namespace detail {
KernelSet resolve_kernel_set() {
  KernelSet set;
  try {
    set = kernel_set_named(environment_value());
  } catch (const InputError&) {
    set = best_kernel_set();
  }
  std::uint8_t expected = kKernelSetUnset;
  // A choice made meanwhile by another thread wins.
  if (!active_kernel_set.compare_exchange_strong(expected, static_cast<std::uint8_t>(set),
                                                 std::memory_order_relaxed))
    return static_cast<KernelSet>(expected);
  return set;
}
}  // namespace detail

}  // namespace grundy
