#pragma once
// Long table runs that survive interruption.
//
// Files, for an output path OUT:
//   OUT.part  the table being written (values for n < the checkpoint's count are final)
//   OUT.ckpt  the last checkpoint: the engine state and how many values/bytes of OUT.part it
//             covers. Replaced atomically (write OUT.ckpt.tmp, fsync, rename), always after
//             OUT.part has been fsynced up to that point, so any crash leaves a consistent pair.
//   OUT       the finished table, renamed from OUT.part after a final fsync.
// Resuming truncates OUT.part to the checkpoint's byte count and continues, so the finished
// file is byte-identical to that of an uninterrupted run.
//
// Binary table (OUT not ending in ".txt"), little-endian:
//   8 bytes  magic "GRUNDYT1"
//   u32      format version (1)
//   u32      value width in bytes (2)
//   u32      code length L, then L bytes of the code ("0.77", "grundy")
//   u64      count N
//   N values G(0..N-1), each u16
// Text table (OUT ending in ".txt"): one line "n value" per n, n = 0..N-1.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/sparse.h"

namespace grundy::octal {

struct RunProgress {
  std::uint64_t done = 0;
  std::uint64_t total = 0;
  double seconds = 0;  // since this process started the run
  double rate = 0;     // values per second over the last interval
};

struct RunOptions {
  std::string out;
  std::uint64_t count = 0;
  bool resume = false;
  double checkpoint_seconds = 30;
  const std::atomic<bool>* stop = nullptr;              // set from a signal handler
  std::function<void(const RunProgress&)> on_progress;  // about once a second
};

struct RunResult {
  std::uint64_t done = 0;  // values in the table (all of them unless interrupted)
  std::uint64_t resumed_from = 0;
  bool interrupted = false;
  EngineStats stats;
};

// Throws InputError for unusable paths, an existing checkpoint without `resume`, or a
// checkpoint of another game or count.
RunResult run_table(const OctalCode& code, const RunOptions& options);

// Reads a binary or text table written by run_table (tests and tools).
std::vector<std::uint32_t> read_table(const std::string& path, std::string* code = nullptr);

}  // namespace grundy::octal
