#pragma once
// Checkpoints of a distributed search, written by the master alone: what it knows (bounds on
// position values, the positions too hard for one job), the driver's own progress (the bounds
// proven at the root, which questions are answered), and the work done so far. The workers'
// tables are not kept: a resumed run finds every answered job in the knowledge and searches
// only what was still open, so a run survives losing any of its processes.
//
// File: "grundy-distributed-checkpoint 1\n", the tag (what is solved: game, position, rules),
// the driver's bytes, the counters, the knowledge, then a 64-bit FNV-1a checksum. Written
// atomically (core/output_file.h): a crash while writing leaves the previous checkpoint.
#include <cstdint>
#include <string>
#include <string_view>

#include "grundy/search/distributed/knowledge.h"

namespace grundy::search::distributed {

struct MasterCheckpoint {
  std::string tag;    // a resumed run must solve the same thing
  std::string state;  // the driver's own fields
  std::uint64_t nodes = 0, jobs = 0;
  double seconds = 0;
};

void save_checkpoint(const std::string& path, const MasterCheckpoint& c, const Knowledge& k);
// Whether `path` starts like a checkpoint of distributed search.
bool is_distributed_checkpoint(const std::string& path);
// Reads `path` into c (its tag must equal c.tag) and k. InputError naming the problem: not a
// checkpoint, damaged, cut short, or written for another search.
void load_checkpoint(const std::string& path, MasterCheckpoint& c, Knowledge& k);
// A driver's resume: false when `path` does not exist; else load_checkpoint, after refusing
// (InputError) a file that is not a distributed checkpoint (a single-process one, say).
bool resume_checkpoint(const std::string& path, MasterCheckpoint& c, Knowledge& k);
// The same from the file's bytes (`name` names it in errors).
void parse_checkpoint(std::string_view data, const std::string& name, MasterCheckpoint& c,
                      Knowledge& k);

}  // namespace grundy::search::distributed
