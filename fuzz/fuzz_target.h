#pragma once
// Shared by the fuzz targets (fuzz/<target>.cpp, docs/reliability.md). A target feeds the bytes
// to one input surface exactly as the command line does, and checks what must hold for any
// input: bad input is an InputError (LimitError, CycleError) and nothing else; anything else
// (another exception, a crash, a sanitizer report, a hang) is a bug the fuzzer reports.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "grundy/core/error.h"

namespace grundy::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Runs f; an InputError is an accepted outcome, so it is swallowed (its message is checked to be
// non-empty). Anything else propagates and crashes the run.
template <class F>
void expect_only_input_errors(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    if (e.what()[0] == '\0') {
      std::fputs("an InputError without a message\n", stderr);
      std::abort();
    }
  }
}

// A property that must hold: report and crash if not.
inline void require(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz property violated: %s\n", what);
    std::abort();
  }
}

}  // namespace grundy::fuzz

#define GRUNDY_FUZZ_TARGET extern "C" int LLVMFuzzerTestOneInput
