#pragma once
// Checkpoints of a distributed search, written by the master alone: what it knows (bounds on
// position values, the positions too hard for one job), the driver's own progress (the bounds
// proven at the root, which questions are answered), the work done so far, and the heaviest
// table entries the workers shared (entry_pool.h). A resumed run finds every answered job in the
// knowledge, stores the entries in every worker's table, and searches only what was still open,
// so a run survives losing any of its processes without searching again what they had proved.
//
// File: "grundy-distributed-checkpoint 2\n", the tag (what is solved: game, position, rules),
// the driver's bytes, the counters, the knowledge, the table entries, then a 64-bit FNV-1a
// checksum. Files of version 1 (the same without the table entries) are still read. Written
// atomically (core/output_file.h): a crash while writing leaves the previous checkpoint.
#include <cstdint>
#include <string>
#include <string_view>

#include "grundy/search/distributed/entry_pool.h"
#include "grundy/search/distributed/knowledge.h"

namespace grundy::search::distributed {

struct MasterCheckpoint {
  std::string tag;    // a resumed run must solve the same thing
  std::string state;  // the driver's own fields
  std::uint64_t nodes = 0, jobs = 0;
  double seconds = 0;
};

// `pool`: the table entries to keep (none when null).
void save_checkpoint(const std::string& path, const MasterCheckpoint& c, const Knowledge& k,
                     const EntryPool* pool = nullptr);
// Whether `path` starts like a checkpoint of distributed search.
bool is_distributed_checkpoint(const std::string& path);
// Reads `path` into c (its tag must equal c.tag), k and, when given, pool (the entries are
// skipped when null). InputError naming the problem: not a checkpoint, damaged, cut short, or
// written for another search.
void load_checkpoint(const std::string& path, MasterCheckpoint& c, Knowledge& k,
                     EntryPool* pool = nullptr);
// A driver's resume: false when `path` does not exist; else load_checkpoint, after refusing
// (InputError) a file that is not a distributed checkpoint (a single-process one, say).
bool resume_checkpoint(const std::string& path, MasterCheckpoint& c, Knowledge& k,
                       EntryPool* pool = nullptr);
// The same from the file's bytes (`name` names it in errors).
void parse_checkpoint(std::string_view data, const std::string& name, MasterCheckpoint& c,
                      Knowledge& k, EntryPool* pool = nullptr);

}  // namespace grundy::search::distributed
