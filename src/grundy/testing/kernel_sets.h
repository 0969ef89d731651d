#pragma once
// Tests parameterised over the kernel sets this CPU runs (core/kernel_set.h):
//   INSTANTIATE_TEST_SUITE_P(Sets, Suite, ::testing::ValuesIn(supported_kernel_sets()),
//                            kernel_set_test_name);
#include <string>

#include <gtest/gtest.h>

#include "grundy/core/kernel_set.h"

namespace grundy {

inline std::string kernel_set_test_name(const ::testing::TestParamInfo<KernelSet>& p) {
  return std::string(kernel_set_name(p.param));
}

// Makes `set` the active one for a scope, then restores the one before.
class ScopedKernelSet {
 public:
  explicit ScopedKernelSet(KernelSet set) : before_(active_kernel_set()) { use_kernel_set(set); }
  ~ScopedKernelSet() { use_kernel_set(before_); }
  ScopedKernelSet(const ScopedKernelSet&) = delete;
  ScopedKernelSet& operator=(const ScopedKernelSet&) = delete;

 private:
  KernelSet before_;
};

}  // namespace grundy
