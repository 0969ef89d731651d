#pragma once
// Checkpoints of a long exact solve (grundy dots solve --checkpoint FILE): the position, what is
// proven about its value so far, the work done, and the transposition-table entries that stand
// for big solved subtrees (those whose search took at least 2^min_weight nodes). Resuming loads
// them into a fresh table and goes on from the proven bounds: only the null-window test that
// was running is searched again, and its big subtrees are found in the table.
//
// File: "grundy-dots-checkpoint 1\n", then little-endian fields (see checkpoint.cpp), then a
// 64-bit FNV-1a checksum of everything before it. A file that is cut short, altered or
// written for another position is refused with a message naming what is wrong.
#include <cstdint>
#include <string>

#include "grundy/games/dots/line_set.h"
#include "grundy/search/transposition_table.h"

namespace grundy::dots {

struct SolveCheckpoint {
  int rows = 0, cols = 0;
  LineSet drawn;
  int to_move = 0;
  int lower = 0, upper = 0;  // proven bounds on the value
  std::uint64_t nodes = 0;   // work done before this checkpoint
  double seconds = 0;
  std::uint64_t entries = 0;  // table entries in the file
};

// Writes atomically (core/output_file.h). Returns the number of entries written.
std::uint64_t save_checkpoint(const std::string& path, SolveCheckpoint c,
                              const search::TranspositionTable& tt, int min_weight);
// Reads `path` into `c` and stores its entries in `tt`. InputError if the file is not a
// checkpoint, is damaged, or is cut short.
void load_checkpoint(const std::string& path, SolveCheckpoint& c, search::TranspositionTable& tt);

}  // namespace grundy::dots
