#pragma once
// What a checkpoint of the Dots and Boxes solver holds, and a smaller copy of it (grundy dots
// checkpoint FILE [--keep N --out SMALL]): a run's checkpoint keeps up to 2^25 entries (500 MB),
// too big to carry to another machine or to keep beside the code; its heaviest entries (the
// biggest solved subtrees) carry most of what a resume saves.
#include <cstdint>
#include <string>

#include "grundy/games/dots/checkpoint.h"

namespace grundy::dots {

struct CheckpointSummary {
  SolveCheckpoint header;    // the position, proven bounds, work done and entry count
  WeightCounts by_weight{};  // the entries by weight (a subtree of 2^(w-1) nodes or more)
  bool keys_match = false;   // this grundy's solver keys positions as the one that wrote it
};

// Reads the whole checkpoint at `path` (of any position), checking it as a resume would.
// InputError if it cannot be read or is not a sound checkpoint.
CheckpointSummary summarize_checkpoint(const std::string& path);

struct ShrinkResult {
  CheckpointSummary before;
  std::uint64_t kept = 0;  // entries written
  int weight = 0;          // the least weight kept
};

// Writes to `out` (atomically; it may be `in` itself) the checkpoint at `in` with only its
// heaviest entries: every entry of the least weight whose entries, with all heavier ones, number
// at most `max_entries`. The header is kept as it is, so the copy resumes the same run.
ShrinkResult shrink_checkpoint(const std::string& in, const std::string& out,
                               std::uint64_t max_entries);

}  // namespace grundy::dots
