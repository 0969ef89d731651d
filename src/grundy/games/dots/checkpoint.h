#pragma once
// Checkpoints of a long exact solve (grundy dots solve --checkpoint FILE): the position, what is
// proven about its value so far, the work done, and the transposition-table entries that stand
// for solved subtrees (those whose search took at least 2^(min_weight - 1) nodes). Resuming
// loads them into a fresh table and goes on from the proven bounds: only the null-window test
// that was running is searched again, and the subtrees kept are found in the table.
//
// How many entries to keep decides what a resume costs: the remaining moves of an interrupted
// test transpose into the subtrees already searched, and every one the file drops is searched
// again. A 4x5 mid-game stopped half-way searched 2.7x the nodes it had left after a resume
// when only subtrees of 2^11 nodes or more were kept, and the nodes it had left with the budget
// (docs/benchmarks.md). checkpoint_weight() keeps as many as a budget allows.
//
// File (version 3): "grundy-dots-checkpoint 3\n", the position and what is proven (little-endian
// fields, see checkpoint.cpp), the fingerprint of the solver's keys (solver_keys.h), the entries
// (15 bytes each), their count, then a 64-bit FNV-1a checksum of everything before it. Entries
// are written and read in a stream, so a checkpoint of millions of entries never sits in memory
// whole. Versions 2 (no fingerprint) and 1 (no fingerprint, the count before the entries) are
// still read, as keys 0: resumed only while legacy_keys_hold(). A file that is cut short,
// altered, written for another position or by a solver that keys positions differently is
// refused with a message naming what is wrong.
#include <array>
#include <cstdint>
#include <functional>
#include <istream>
#include <string>

#include "grundy/core/bytes.h"
#include "grundy/core/output_file.h"
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
  std::uint64_t keys = 0;     // the solver's key fingerprint (0: a file of version 1 or 2)
  int version = 3;            // the file's version (set when read)
};

// The least weight (log2 of a subtree's nodes, plus one) whose solved entries, with every heavier
// one, number at most `max_entries` (at least 1: entries of weight 0 are never kept).
int checkpoint_weight(const search::TranspositionTable& tt, std::uint64_t max_entries);
// Solved entries by weight (32: 32 or more), and an entry's place in them.
using WeightCounts = std::array<std::uint64_t, 33>;
inline int weight_class(const search::TTEntry& e) {
  return e.weight < 32 ? e.weight : 32;
}
// The same from counts by weight.
int weight_within(WeightCounts counts, std::uint64_t max_entries);
// The entries a checkpoint keeps at most by default: an eighth of the table's entries, and no
// more than 2^25 (a file of about 500 MB, written every --checkpoint-every seconds).
std::uint64_t default_checkpoint_entries(const search::TranspositionTable& tt);
// The same for a table of `table_bytes` (a distributed run's, which the master does not hold).
std::uint64_t default_checkpoint_entries(std::size_t table_bytes);
// The most a user may ask for (--checkpoint-entries): 2^34 entries, a file of 240 GiB.
constexpr std::uint64_t kMaxCheckpointEntries = std::uint64_t{1} << 34;

// Writes atomically (core/output_file.h). Returns the number of entries written.
std::uint64_t save_checkpoint(const std::string& path, SolveCheckpoint c,
                              const search::TranspositionTable& tt, int min_weight);
// Writes a checkpoint entry by entry, atomically (nothing appears at `path` before commit()):
// version 3, or version 2 when c.keys is 0 (a copy of a file without a fingerprint).
class CheckpointWriter {
 public:
  CheckpointWriter(const std::string& path, const SolveCheckpoint& c);
  ~CheckpointWriter();
  CheckpointWriter(const CheckpointWriter&) = delete;
  CheckpointWriter& operator=(const CheckpointWriter&) = delete;
  void add(std::uint64_t key, const search::TTEntry& e);  // a solved entry
  std::uint64_t commit();                                 // the number of entries written

 private:
  void flush();
  OutputFile out_;
  ByteWriter w_;
  Fnv64 hash_;
  std::uint64_t count_ = 0;
};

// Reads the checkpoint at `path` into `c` and stores its entries in `tt`. InputError if the file
// is not a checkpoint, is of another position than `expected` (rows, cols, drawn, to_move) or
// of other keys (expected.keys, when not 0; a file without a fingerprint unless
// legacy_keys_hold()) -- both said before any entry is stored --, is damaged or is cut short
// (then `tt` is left cleared).
void load_checkpoint(const std::string& path, const SolveCheckpoint& expected, SolveCheckpoint& c,
                     search::TranspositionTable& tt);
// The same from a stream; `name` is the file's name in messages.
void read_checkpoint(std::istream& in, const std::string& name, const SolveCheckpoint& expected,
                     SolveCheckpoint& c, search::TranspositionTable& tt);
// Whether a checkpoint with this header can be resumed by this grundy's solver: its keys are
// today's, with the board's symmetries (as every command solves) or without them.
bool keys_match(const SolveCheckpoint& c);
// Reads a checkpoint of any position (InputError if its header describes no board): its header
// into `c`, each entry to `sink` as it is read. A damaged file may have sent entries before the
// InputError that says so.
using CheckpointSink = std::function<void(std::uint64_t key, const search::TTEntry& e)>;
void scan_checkpoint(std::istream& in, const std::string& name, SolveCheckpoint& c,
                     const CheckpointSink& sink);

}  // namespace grundy::dots
