#pragma once
// Long runs that survive interruption: a table (--out), a summary (--summary), or both.
//
// Files, for a table target OUT (or, without one, the summary target S in its place):
//   OUT.part   the table being written, locked (flock) for the run: a second run on the same
//              target stops at once, touching nothing
//   S.part     the summary as of the last checkpoint (locked likewise)
//   OUT.values the engine's table of values (all of them: the recurrence may need any), a
//              memory-mapped file allocated up front; not used once a period is proven
//   OUT.ckpt   the last checkpoint: engine state, summary state, and the length and CRC-32C of
//              OUT.part. Replaced atomically (OUT.ckpt.tmp, fsync, rename), always after the
//              part and the values it covers were made durable, so any crash (even SIGKILL)
//              leaves a consistent set, losing at most the time since the last checkpoint.
//   OUT, S     the finished files, renamed from the parts after a final fsync; the checkpoint
//              and the value store are then removed.
// Resuming checks the part against the checkpoint (length and checksum; a part that was
// truncated, appended to after a clean stop, or altered is refused with InputError and left as
// it is), cuts it to the checkpoint and continues: the finished table is byte-identical to that
// of an uninterrupted run. --resume without a checkpoint starts from the beginning (on_note says
// so), and on finished outputs it reports them complete.
//
// Targets are classified by core/output_file.h: symlinks are followed (the files above sit
// beside the file the link points to, which is replaced); FIFOs and character devices
// (/dev/stdout, /dev/null) are written straight, without part, checkpoint or value file, so such
// a run cannot be resumed (an interrupted one just stops), and its values are kept in memory.
//
// Binary table (OUT not ending in ".txt"), little-endian:
//   8 bytes  magic "GRUNDYT1"
//   u32      format version (1)
//   u32      value width in bytes (2)
//   u32      code length L, then L bytes of the code ("0.77", "grundy")
//   u64      count N
//   N values G(0..N-1), each u16
// Text table (OUT ending in ".txt"): one line "n value" per n, n = 0..N-1.
//
// Sources of values: a period proven first (a quick search of the first 2^16 values, then again
// at each power of two up to 2^24 while an engine runs) makes every further value O(1), so
// proven games are written at disk speed; otherwise the engine of engine.h.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "grundy/games/octal/engine.h"
#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/summary.h"

namespace grundy::octal {

struct RunProgress {
  std::uint64_t done = 0;
  std::uint64_t total = 0;
  double seconds = 0;      // since this process started the run
  double rate = 0;         // values per second over the last interval
  bool quadratic = false;  // each value costs time in proportion to n (no sparse structure)
};

struct RunOptions {
  std::string out;      // table; empty: none
  std::string summary;  // JSON summary; empty: none
  std::uint64_t count = 0;
  bool resume = false;
  double checkpoint_seconds = 30;
  const std::atomic<bool>* stop = nullptr;              // set from a signal handler
  std::function<void(const RunProgress&)> on_progress;  // about once a second
  std::function<void(const std::string&)> on_note;      // one-line remarks for the user
  std::function<void(std::uint64_t done)> on_chunk;     // after each chunk of values (tests)
  EngineOptions engine;                                 // capacity and stop are set by the run
  std::uint64_t quick_proof = std::uint64_t{1} << 16;   // values of the first proof search
};

struct RunResult {
  std::uint64_t done = 0;  // values written (all of them unless interrupted)
  std::uint64_t resumed_from = 0;
  bool interrupted = false;
  bool already_complete = false;  // --resume found the outputs finished: nothing was done
  bool resumable = true;          // false: a target is a FIFO or a device
  std::string source;             // "proven period ..." or "sparse engine" / "split-set engine"
  Summary summary;                // of the values written
  EngineStats stats;
};

// Throws InputError for unusable targets, a checkpoint without `resume`, a checkpoint of another
// game, count or set of outputs, a damaged part, or another run holding the lock.
RunResult run_table(const OctalCode& code, const RunOptions& options);

// Reads a binary or text table written by run_table (tests and tools).
std::vector<std::uint32_t> read_table(const std::string& path, std::string* code = nullptr);

}  // namespace grundy::octal
