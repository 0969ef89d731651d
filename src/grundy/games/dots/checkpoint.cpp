#include "grundy/games/dots/checkpoint.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string_view>
#include <vector>

#include "grundy/core/bytes.h"
#include "grundy/core/error.h"
#include "grundy/core/output_file.h"

namespace grundy::dots {
namespace {

constexpr char kMagic1[] = "grundy-dots-checkpoint 1\n";
constexpr char kMagic2[] = "grundy-dots-checkpoint 2\n";

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
  return default_checkpoint_entries(tt.bytes());
}

std::uint64_t default_checkpoint_entries(std::size_t table_bytes) {
  using TT = search::TranspositionTable;
  const std::uint64_t slots =
      std::max<std::uint64_t>(1, table_bytes / TT::kBucketBytes) * TT::kEntriesPerBucket;
  return std::min<std::uint64_t>(slots / 8, std::uint64_t{1} << 25);
}

namespace {

void put_header(ByteWriter& w, const SolveCheckpoint& c) {
  w.put<std::int32_t>(c.rows);
  w.put<std::int32_t>(c.cols);
  w.put<std::uint64_t>(c.drawn.lo);
  w.put<std::uint64_t>(c.drawn.hi);
  w.put<std::int32_t>(c.to_move);
  w.put<std::int32_t>(c.lower);
  w.put<std::int32_t>(c.upper);
  w.put<std::uint64_t>(c.nodes);
  w.put<double>(c.seconds);
}

constexpr std::size_t kHeaderBytes = 4 + 4 + 8 + 8 + 4 + 4 + 4 + 8 + 8;
constexpr std::size_t kEntryBytes = 8 + 2 + 2 + 2 + 1;
constexpr std::size_t kTrailerBytes = 8 + 8;  // the count, the seal

void get_header(ByteReader& r, SolveCheckpoint& c) {
  c.rows = r.get<std::int32_t>();
  c.cols = r.get<std::int32_t>();
  c.drawn.lo = r.get<std::uint64_t>();
  c.drawn.hi = r.get<std::uint64_t>();
  c.to_move = r.get<std::int32_t>();
  c.lower = r.get<std::int32_t>();
  c.upper = r.get<std::int32_t>();
  c.nodes = r.get<std::uint64_t>();
  c.seconds = r.get<double>();
}

// A file written for `expected`'s position, or InputError (before any entry is read).
void check_position(const SolveCheckpoint& c, const SolveCheckpoint& expected,
                    const std::string& name) {
  if (c.rows != expected.rows || c.cols != expected.cols || !(c.drawn == expected.drawn) ||
      c.to_move != expected.to_move)
    throw InputError(name + " belongs to another position");
}

void store_entry(ByteReader& r, search::TranspositionTable& tt) {
  const auto key = r.get<std::uint64_t>();
  search::TTEntry e;
  e.lower = r.get<std::int16_t>();
  e.upper = r.get<std::int16_t>();
  e.move = r.get<std::uint16_t>();
  e.weight = r.get<std::uint8_t>();
  e.depth = search::TranspositionTable::kExactDepth;
  tt.store(key, e);
}

// Version 1: the count before the entries, the whole file read at once.
void read_version_1(std::istream& in, const std::string& name, const SolveCheckpoint& expected,
                    SolveCheckpoint& c, search::TranspositionTable& tt) {
  std::ostringstream ss;
  ss << kMagic1 << in.rdbuf();
  const std::string data = ss.str();
  ByteReader r(data, name);
  r.skip(sizeof kMagic1 - 1);
  get_header(r, c);
  c.entries = r.get<std::uint64_t>();
  if (c.entries > r.left() / kEntryBytes || r.at() + c.entries * kEntryBytes + 8 != data.size())
    throw InputError(name + " has the wrong length (cut short or appended to)");
  if (!seal_matches(data)) throw InputError(name + " is damaged (its checksum does not match)");
  check_position(c, expected, name);
  for (std::uint64_t i = 0; i < c.entries; ++i) store_entry(r, tt);
}

// Version 2: the entries streamed, then their count and the seal. Entries are stored as they
// are read; a file found damaged at its end leaves the table cleared.
void read_version_2(std::istream& in, const std::string& name, const SolveCheckpoint& expected,
                    SolveCheckpoint& c, search::TranspositionTable& tt) {
  Fnv64 hash;
  hash.add(kMagic2, sizeof kMagic2 - 1);
  std::string header(kHeaderBytes, '\0');
  if (!in.read(header.data(), static_cast<std::streamsize>(header.size())))
    throw InputError(name + " is cut short");
  hash.add(header.data(), header.size());
  ByteReader hr(header, name);
  get_header(hr, c);
  check_position(c, expected, name);
  // Records are taken from the front of `pending` while more than a trailer's bytes stay behind
  // them: the last 16 bytes of the file are the count and the seal, not an entry.
  std::string pending;
  std::uint64_t count = 0;
  // 64 KiB a read: a buffer of 1 MiB, zeroed and mapped afresh for every file, made a reader of
  // small files (the fuzz target's) 2.5 times slower, and big files read as fast either way.
  std::vector<char> chunk(std::size_t{64} << 10);
  bool end = false;
  try {
    while (!end) {
      in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
      const auto got = static_cast<std::size_t>(in.gcount());
      end = got < chunk.size();
      pending.append(chunk.data(), got);
      std::size_t records = 0;
      if (pending.size() >= kTrailerBytes) records = (pending.size() - kTrailerBytes) / kEntryBytes;
      const std::size_t used = records * kEntryBytes;
      hash.add(pending.data(), used);
      ByteReader r(std::string_view(pending).substr(0, used), name);
      for (std::size_t i = 0; i < records; ++i) store_entry(r, tt);
      count += records;
      pending.erase(0, used);
    }
    if (pending.size() != kTrailerBytes)
      throw InputError(name + " has the wrong length (cut short or appended to)");
    hash.add(pending.data(), 8);
    ByteReader r(pending, name);
    c.entries = r.get<std::uint64_t>();
    const auto seal = r.get<std::uint64_t>();
    if (seal != hash.h) throw InputError(name + " is damaged (its checksum does not match)");
    if (c.entries != count)
      throw InputError(name + " has the wrong length (cut short or appended to)");
  } catch (const InputError&) {
    tt.clear();
    throw;
  }
}

}  // namespace

std::uint64_t save_checkpoint(const std::string& path, SolveCheckpoint c,
                              const search::TranspositionTable& tt, int min_weight) {
  OutputFile out(path);
  Fnv64 hash;
  ByteWriter w;
  w.bytes() = kMagic2;
  put_header(w, c);
  const auto flush = [&] {
    hash.add(w.bytes().data(), w.bytes().size());
    out.write(w.bytes());
    w.bytes().clear();
  };
  std::uint64_t count = 0;
  tt.for_each([&](std::uint64_t key, const search::TTEntry& e) {
    if (e.weight < min_weight || e.depth != search::TranspositionTable::kExactDepth) return;
    w.put<std::uint64_t>(key);
    w.put<std::int16_t>(e.lower);
    w.put<std::int16_t>(e.upper);
    w.put<std::uint16_t>(e.move);
    w.put<std::uint8_t>(e.weight);
    ++count;
    if (w.bytes().size() >= (std::size_t{1} << 20)) flush();
  });
  w.put<std::uint64_t>(count);
  flush();
  w.put<std::uint64_t>(hash.h);
  out.write(w.bytes());
  out.commit();
  return count;
}

void read_checkpoint(std::istream& in, const std::string& name, const SolveCheckpoint& expected,
                     SolveCheckpoint& c, search::TranspositionTable& tt) {
  std::string magic(sizeof kMagic1 - 1, '\0');
  static_assert(sizeof kMagic1 == sizeof kMagic2);
  if (!in.read(magic.data(), static_cast<std::streamsize>(magic.size())) ||
      magic.compare(0, magic.size() - 2, kMagic1, magic.size() - 2) != 0)
    throw InputError("'" + name + "' is not a grundy dots checkpoint");
  const std::string what = "checkpoint '" + name + "'";
  if (magic == kMagic1) return read_version_1(in, what, expected, c, tt);
  if (magic == kMagic2) return read_version_2(in, what, expected, c, tt);
  throw InputError(what + " has a version this grundy cannot read (" +
                   magic.substr(magic.size() - 2, 1) + ")");
}

void load_checkpoint(const std::string& path, const SolveCheckpoint& expected, SolveCheckpoint& c,
                     search::TranspositionTable& tt) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + path + "'");
  read_checkpoint(in, path, expected, c, tt);
}

}  // namespace grundy::dots
