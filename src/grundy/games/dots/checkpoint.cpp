#include "grundy/games/dots/checkpoint.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>
#include <sstream>

#include "grundy/core/bytes.h"
#include "grundy/core/error.h"
#include "grundy/core/output_file.h"

namespace grundy::dots {
namespace {

constexpr char kMagic[] = "grundy-dots-checkpoint 1\n";

}  // namespace

int checkpoint_weight(const search::TranspositionTable& tt, std::uint64_t max_entries) {
  std::array<std::uint64_t, 33> heavier{};  // heavier[w]: solved entries of weight w
  tt.for_each([&](std::uint64_t, const search::TTEntry& e) {
    if (e.depth == search::TranspositionTable::kExactDepth) ++heavier[std::min<int>(e.weight, 32)];
  });
  for (int w = 31; w >= 0; --w) heavier[w] += heavier[w + 1];  // now: weight w or more
  int weight = 32;
  while (weight > 1 && heavier[weight - 1] <= max_entries) --weight;
  return weight;
}

std::uint64_t default_checkpoint_entries(const search::TranspositionTable& tt) {
  const std::uint64_t slots = tt.bucket_count() * search::TranspositionTable::kEntriesPerBucket;
  return std::min<std::uint64_t>(slots / 8, std::uint64_t{1} << 25);
}

std::uint64_t save_checkpoint(const std::string& path, SolveCheckpoint c,
                              const search::TranspositionTable& tt, int min_weight) {
  ByteWriter w;
  w.bytes() = kMagic;
  w.put<std::int32_t>(c.rows);
  w.put<std::int32_t>(c.cols);
  w.put<std::uint64_t>(c.drawn.lo);
  w.put<std::uint64_t>(c.drawn.hi);
  w.put<std::int32_t>(c.to_move);
  w.put<std::int32_t>(c.lower);
  w.put<std::int32_t>(c.upper);
  w.put<std::uint64_t>(c.nodes);
  w.put<double>(c.seconds);
  ByteWriter entries;
  std::uint64_t count = 0;
  tt.for_each([&](std::uint64_t key, const search::TTEntry& e) {
    if (e.weight < min_weight || e.depth != search::TranspositionTable::kExactDepth) return;
    entries.put<std::uint64_t>(key);
    entries.put<std::int16_t>(e.lower);
    entries.put<std::int16_t>(e.upper);
    entries.put<std::uint16_t>(e.move);
    entries.put<std::uint8_t>(e.weight);
    ++count;
  });
  w.put<std::uint64_t>(count);
  w.bytes() += entries.bytes();
  w.seal();
  write_output_file(path, w.bytes());
  return count;
}

void load_checkpoint(const std::string& path, SolveCheckpoint& c, search::TranspositionTable& tt) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string data = ss.str();
  const std::size_t magic = sizeof kMagic - 1;
  if (data.size() < magic || data.compare(0, magic, kMagic) != 0)
    throw InputError("'" + path + "' is not a grundy dots checkpoint");
  if (data.size() < magic + 8) throw InputError("checkpoint '" + path + "' is cut short");
  ByteReader r(data, "checkpoint '" + path + "'");
  r.skip(magic);
  c.rows = r.get<std::int32_t>();
  c.cols = r.get<std::int32_t>();
  c.drawn.lo = r.get<std::uint64_t>();
  c.drawn.hi = r.get<std::uint64_t>();
  c.to_move = r.get<std::int32_t>();
  c.lower = r.get<std::int32_t>();
  c.upper = r.get<std::int32_t>();
  c.nodes = r.get<std::uint64_t>();
  c.seconds = r.get<double>();
  c.entries = r.get<std::uint64_t>();
  constexpr std::size_t kEntryBytes = 8 + 2 + 2 + 2 + 1;
  if (c.entries > (data.size() - r.at()) / kEntryBytes ||
      r.at() + c.entries * kEntryBytes + 8 != data.size())
    throw InputError("checkpoint '" + path + "' has the wrong length (cut short or appended to)");
  if (!seal_matches(data))
    throw InputError("checkpoint '" + path + "' is damaged (its checksum does not match)");
  for (std::uint64_t i = 0; i < c.entries; ++i) {
    const auto key = r.get<std::uint64_t>();
    search::TTEntry e;
    e.lower = r.get<std::int16_t>();
    e.upper = r.get<std::int16_t>();
    e.move = r.get<std::uint16_t>();
    e.weight = r.get<std::uint8_t>();
    e.depth = search::TranspositionTable::kExactDepth;
    tt.store(key, e);
  }
}

}  // namespace grundy::dots
