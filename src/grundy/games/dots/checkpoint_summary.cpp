#include "grundy/games/dots/checkpoint_summary.h"

#include <fstream>

#include "grundy/core/error.h"

namespace grundy::dots {
namespace {

CheckpointSummary summarize(std::istream& in, const std::string& name) {
  CheckpointSummary s;
  scan_checkpoint(in, name, s.header, [&s](std::uint64_t, const search::TTEntry& e) {
    ++s.by_weight[weight_class(e)];
  });
  s.keys_match = keys_match(s.header);
  return s;
}

}  // namespace

CheckpointSummary summarize_checkpoint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + path + "'");
  return summarize(in, path);
}

ShrinkResult shrink_checkpoint(const std::string& in_path, const std::string& out_path,
                               std::uint64_t max_entries) {
  // One stream for both passes: a run that replaces the file meanwhile (by renaming a new one
  // over it) does not change what the second pass reads.
  std::ifstream in(in_path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + in_path + "'");
  ShrinkResult r;
  r.before = summarize(in, in_path);
  r.weight = weight_within(r.before.by_weight, max_entries);
  in.clear();
  in.seekg(0);
  CheckpointWriter out(out_path, r.before.header);
  SolveCheckpoint again;
  scan_checkpoint(in, in_path, again, [&](std::uint64_t key, const search::TTEntry& e) {
    if (weight_class(e) >= r.weight) out.add(key, e);
  });
  r.kept = out.commit();
  return r;
}

}  // namespace grundy::dots
