#pragma once
// Target regions: the functions defined between GRUNDY_TARGET_AVX2_BEGIN (or _AVX512_) and
// GRUNDY_TARGET_END are compiled for that kernel set (core/kernel_set.h), the rest of the file
// and every header for the baseline. Only code that active_kernel_set() has chosen may call
// them.
//
// Why regions and not per-file -mavx2: an inline function of a header (std::min, a board's
// play()) that a file compiled with -mavx2 emits out of line may be the copy the linker keeps
// for the whole program, and a baseline CPU would then meet an AVX2 instruction. Functions of
// a region are compiled for its target; header functions they call are inlined into them
// (and compiled for the target there) or called as the one baseline copy. Include every header
// before the region.
//
// GRUNDY_HAVE_TARGETS is 1 where the regions exist (x86-64 with GCC or Clang); elsewhere only
// the scalar set is built.
// clang-format off
#if defined(__x86_64__) && defined(__clang__)
#define GRUNDY_HAVE_TARGETS 1
#define GRUNDY_TARGET_AVX2_BEGIN _Pragma("clang attribute push(__attribute__((target(\"avx2,bmi,bmi2,popcnt\"))), apply_to = function)")
#define GRUNDY_TARGET_AVX512_BEGIN _Pragma("clang attribute push(__attribute__((target(\"avx2,bmi,bmi2,popcnt,avx512f,avx512bw,avx512dq,avx512vl\"))), apply_to = function)")
#define GRUNDY_TARGET_END _Pragma("clang attribute pop")
#elif defined(__x86_64__) && defined(__GNUC__)
#define GRUNDY_HAVE_TARGETS 1
#define GRUNDY_TARGET_AVX2_BEGIN \
  _Pragma("GCC push_options") _Pragma("GCC target(\"avx2,bmi,bmi2,popcnt\")")
#define GRUNDY_TARGET_AVX512_BEGIN \
  _Pragma("GCC push_options")      \
      _Pragma("GCC target(\"avx2,bmi,bmi2,popcnt,avx512f,avx512bw,avx512dq,avx512vl\")")
#define GRUNDY_TARGET_END _Pragma("GCC pop_options")
#else
#define GRUNDY_HAVE_TARGETS 0
#endif
// clang-format on
