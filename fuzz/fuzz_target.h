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

// A target's entry point: `GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {...}`.
// For libFuzzer (`make fuzz`) it is LLVMFuzzerTestOneInput, one binary per target. For `make
// test` every target is compiled into one program, fuzz_replay (replay_main.cpp), where each
// registers itself under its file's name (fuzz/octal_code.cpp: octal_code) and is run by name:
// one build of the shared headers for all of them instead of one per target.
#ifdef GRUNDY_FUZZ_REPLAY
namespace grundy::fuzz {
using Target = int (*)(const std::uint8_t* data, std::size_t size);
bool register_target(const char* file, Target target);  // replay_main.cpp
}  // namespace grundy::fuzz
#define GRUNDY_FUZZ_JOIN2(a, b) a##b
#define GRUNDY_FUZZ_JOIN(a, b) GRUNDY_FUZZ_JOIN2(a, b)
#define GRUNDY_FUZZ_TARGET_AS(id)                                        \
  static int id(const std::uint8_t*, std::size_t);                       \
  [[maybe_unused]] static const bool GRUNDY_FUZZ_JOIN(id, _registered) = \
      grundy::fuzz::register_target(__FILE__, id);                       \
  static int id
#define GRUNDY_FUZZ_TARGET GRUNDY_FUZZ_TARGET_AS(GRUNDY_FUZZ_JOIN(grundy_fuzz_target_, __COUNTER__))
#else
#define GRUNDY_FUZZ_TARGET extern "C" int LLVMFuzzerTestOneInput
#endif
