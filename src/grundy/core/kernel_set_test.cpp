#include "grundy/core/kernel_set.h"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "grundy/core/error.h"

namespace grundy {
namespace {

// The suite runs under the kernel set GRUNDY_KERNELS names (CTest runs it under scalar and
// avx2 too); a bad value stops it at once, as it stops the command.
class KernelSetFromEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    try {
      select_kernel_set_from_environment();
    } catch (const InputError& e) {
      std::fprintf(stderr, "grundy_tests: %s\n", e.what());
      std::exit(2);
    }
  }
};
[[maybe_unused]] ::testing::Environment* const kernel_set_environment =
    ::testing::AddGlobalTestEnvironment(new KernelSetFromEnvironment);

// Sets GRUNDY_KERNELS (or unsets it) for one test, then restores it and the active set.
class ScopedKernelVariable {
 public:
  explicit ScopedKernelVariable(const char* value) : active_(active_kernel_set()) {
    if (const char* old = std::getenv("GRUNDY_KERNELS")) old_ = old;
    if (value)
      ::setenv("GRUNDY_KERNELS", value, 1);
    else
      ::unsetenv("GRUNDY_KERNELS");
  }
  ~ScopedKernelVariable() {
    if (old_)
      ::setenv("GRUNDY_KERNELS", old_->c_str(), 1);
    else
      ::unsetenv("GRUNDY_KERNELS");
    use_kernel_set(active_);
  }

 private:
  KernelSet active_;
  std::optional<std::string> old_;
};

std::string kernels_message_of(const char* value) {
  ScopedKernelVariable v(value);
  try {
    select_kernel_set_from_environment();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(KernelSet, ScalarAlwaysRunsAndTheBestComesLast) {
  const auto sets = supported_kernel_sets();
  ASSERT_FALSE(sets.empty());
  EXPECT_EQ(sets.front(), KernelSet::scalar);
  EXPECT_EQ(sets.back(), best_kernel_set());
  EXPECT_TRUE(cpu_supports(KernelSet::scalar));
  // avx512 includes avx2.
  if (cpu_supports(KernelSet::avx512)) {
    EXPECT_TRUE(cpu_supports(KernelSet::avx2));
  }
  EXPECT_EQ(kernel_set_name(KernelSet::scalar), "scalar");
  EXPECT_EQ(kernel_set_name(KernelSet::avx2), "avx2");
  EXPECT_EQ(kernel_set_name(KernelSet::avx512), "avx512");
}

TEST(KernelSet, TheEnvironmentChoosesASupportedSet) {
  for (KernelSet set : supported_kernel_sets()) {
    const std::string name(kernel_set_name(set));
    ScopedKernelVariable v(name.c_str());
    select_kernel_set_from_environment();
    EXPECT_EQ(active_kernel_set(), set) << name;
  }
  {
    ScopedKernelVariable v(nullptr);
    select_kernel_set_from_environment();
    EXPECT_EQ(active_kernel_set(), best_kernel_set());
  }
  ScopedKernelVariable v("");
  select_kernel_set_from_environment();
  EXPECT_EQ(active_kernel_set(), best_kernel_set());
}

TEST(KernelSet, UnknownNamesAndMissingSetsAreRefusedByName) {
  EXPECT_EQ(kernels_message_of("avx3"),
            "GRUNDY_KERNELS='avx3' is not a kernel set; use scalar, avx2 or avx512 (or leave it "
            "unset)");
  EXPECT_NE(kernels_message_of("AVX2").find("'AVX2' is not a kernel set"), std::string::npos);
  EXPECT_NE(kernels_message_of("scalar\n").find("'scalar\\n'"), std::string::npos);
  EXPECT_NE(
      kernels_message_of(std::string(100, 'x').c_str()).find("'" + std::string(40, 'x') + "...'"),
      std::string::npos);  // a long value is cut off
  for (KernelSet set : {KernelSet::avx2, KernelSet::avx512}) {
    if (cpu_supports(set)) continue;
    const std::string name(kernel_set_name(set));
    const std::string m = kernels_message_of(name.c_str());
    EXPECT_NE(m.find("GRUNDY_KERNELS=" + name + ": this CPU lacks"), std::string::npos) << m;
    EXPECT_THROW(use_kernel_set(set), InputError);
  }
}

TEST(KernelSet, UseKernelSetSwitchesAndRefusesNothingSupported) {
  const KernelSet before = active_kernel_set();
  for (KernelSet set : supported_kernel_sets()) {
    use_kernel_set(set);
    EXPECT_EQ(active_kernel_set(), set);
  }
  use_kernel_set(before);
}

}  // namespace
}  // namespace grundy
