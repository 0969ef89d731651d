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
#include "grundy/core/hex.h"
#include "grundy/core/output_file.h"
#include "grundy/games/dots/board.h"
#include "grundy/games/dots/solver_keys.h"

namespace grundy::dots {
namespace {

constexpr char kMagic1[] = "grundy-dots-checkpoint 1\n";
constexpr char kMagic2[] = "grundy-dots-checkpoint 2\n";
constexpr char kMagic3[] = "grundy-dots-checkpoint 3\n";

}  // namespace

int checkpoint_weight(const search::TranspositionTable& tt, std::uint64_t max_entries) {
  WeightCounts counts{};
  tt.for_each([&](std::uint64_t, const search::TTEntry& e) {
    if (e.depth == search::TranspositionTable::kExactDepth) ++counts[weight_class(e)];
  });
  return weight_within(counts, max_entries);
}

int weight_within(WeightCounts counts, std::uint64_t max_entries) {
  for (int w = 31; w >= 0; --w) counts[w] += counts[w + 1];  // now: weight w or more
  int weight = 32;
  while (weight > 1 && counts[weight - 1] <= max_entries) --weight;
  return weight;
}

std::uint64_t default_checkpoint_entries(const search::TranspositionTable& tt) {
  return std::min<std::uint64_t>(tt.entry_count() / 8, std::uint64_t{1} << 25);
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

// A file written for `expected`'s position and keys, or InputError (before any entry is read).
void check_position(const SolveCheckpoint& c, const SolveCheckpoint& expected,
                    const std::string& name) {
  if (c.rows != expected.rows || c.cols != expected.cols || !(c.drawn == expected.drawn) ||
      c.to_move != expected.to_move)
    throw InputError(name + " belongs to another position");
  if (expected.keys == 0) return;
  if (c.keys == 0 && !legacy_keys_hold())
    throw InputError(name + " (version " + std::to_string(c.version) +
                     ", written before key fingerprints) was written by a solver that keys "
                     "positions differently from this grundy's: its entries would stand for other "
                     "positions; resume it with the grundy that wrote it, or start again");
  if (c.keys != 0 && c.keys != expected.keys)
    throw InputError(name + " was written by a solver that keys positions differently (keys " +
                     hex64(c.keys) + ", this grundy's " + hex64(expected.keys) +
                     "): its entries would stand for other positions; resume it with the grundy "
                     "that wrote it, or start again");
}

void read_entry(ByteReader& r, const CheckpointSink& sink) {
  const auto key = r.get<std::uint64_t>();
  search::TTEntry e;
  e.lower = r.get<std::int16_t>();
  e.upper = r.get<std::int16_t>();
  e.move = r.get<std::uint16_t>();
  e.weight = r.get<std::uint8_t>();
  e.depth = search::TranspositionTable::kExactDepth;
  sink(key, e);
}

// A header read without a position to compare with must at least describe a board.
void check_board(const SolveCheckpoint& c, const std::string& name) {
  if (c.rows < 1 || c.cols < 1 || c.rows > kMaxBoxes || c.cols > kMaxBoxes ||
      c.rows * c.cols > kMaxBoxes || c.to_move < 0 || c.to_move > 1)
    throw InputError(name + " does not describe a board this grundy solves");
  if (!Board::get(c.rows, c.cols).all_lines().contains(c.drawn))
    throw InputError(name + " names lines its board does not have");
}

// The position of `expected` or, without one, any board.
void check_header(const SolveCheckpoint& c, const SolveCheckpoint* expected,
                  const std::string& name) {
  if (expected)
    check_position(c, *expected, name);
  else
    check_board(c, name);
}

// Version 1: the count before the entries, the whole file read at once.
void read_version_1(std::istream& in, const std::string& name, const SolveCheckpoint* expected,
                    SolveCheckpoint& c, const CheckpointSink& sink) {
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
  check_header(c, expected, name);
  for (std::uint64_t i = 0; i < c.entries; ++i) read_entry(r, sink);
}

// Versions 2 and 3: the entries streamed, then their count and the seal. Entries go to `sink` as
// they are read, before the seal at the end is checked.
void read_streamed(std::istream& in, const std::string& name, const SolveCheckpoint* expected,
                   SolveCheckpoint& c, const CheckpointSink& sink) {
  Fnv64 hash;
  hash.add(c.version == 3 ? kMagic3 : kMagic2, sizeof kMagic2 - 1);
  std::string header(kHeaderBytes + (c.version == 3 ? 8 : 0), '\0');
  if (!in.read(header.data(), static_cast<std::streamsize>(header.size())))
    throw InputError(name + " is cut short");
  hash.add(header.data(), header.size());
  ByteReader hr(header, name);
  get_header(hr, c);
  c.keys = c.version == 3 ? hr.get<std::uint64_t>() : 0;
  if (c.version == 3 && c.keys == 0)
    throw InputError(name + " is damaged (its key fingerprint is 0)");
  check_header(c, expected, name);
  // Records are taken from the front of `pending` while more than a trailer's bytes stay behind
  // them: the last 16 bytes of the file are the count and the seal, not an entry.
  std::string pending;
  std::uint64_t count = 0;
  // 64 KiB a read: a buffer of 1 MiB, zeroed and mapped afresh for every file, made a reader of
  // small files (the fuzz target's) 2.5 times slower, and big files read as fast either way.
  std::vector<char> chunk(std::size_t{64} << 10);
  bool end = false;
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
    for (std::size_t i = 0; i < records; ++i) read_entry(r, sink);
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
}

// Any version, after the magic line.
void read_any(std::istream& in, const std::string& name, const SolveCheckpoint* expected,
              SolveCheckpoint& c, const CheckpointSink& sink) {
  std::string magic(sizeof kMagic1 - 1, '\0');
  static_assert(sizeof kMagic1 == sizeof kMagic2 && sizeof kMagic2 == sizeof kMagic3);
  if (!in.read(magic.data(), static_cast<std::streamsize>(magic.size())) ||
      magic.compare(0, magic.size() - 2, kMagic1, magic.size() - 2) != 0)
    throw InputError("'" + name + "' is not a grundy dots checkpoint");
  const std::string what = "checkpoint '" + name + "'";
  c.keys = 0;
  c.version = magic[magic.size() - 2] - '0';
  if (magic == kMagic1) return read_version_1(in, what, expected, c, sink);
  if (magic == kMagic2 || magic == kMagic3) return read_streamed(in, what, expected, c, sink);
  throw InputError(what + " has a version this grundy cannot read (" +
                   magic.substr(magic.size() - 2, 1) + ")");
}

}  // namespace

CheckpointWriter::CheckpointWriter(const std::string& path, const SolveCheckpoint& c) : out_(path) {
  // Without a fingerprint (a copy of a version 1 or 2 file), version 2: what the source said.
  w_.bytes() = c.keys != 0 ? kMagic3 : kMagic2;
  put_header(w_, c);
  if (c.keys != 0) w_.put<std::uint64_t>(c.keys);
}

CheckpointWriter::~CheckpointWriter() = default;

void CheckpointWriter::flush() {
  hash_.add(w_.bytes().data(), w_.bytes().size());
  out_.write(w_.bytes());
  w_.bytes().clear();
}

void CheckpointWriter::add(std::uint64_t key, const search::TTEntry& e) {
  w_.put<std::uint64_t>(key);
  w_.put<std::int16_t>(e.lower);
  w_.put<std::int16_t>(e.upper);
  w_.put<std::uint16_t>(e.move);
  w_.put<std::uint8_t>(e.weight);
  ++count_;
  if (w_.bytes().size() >= (std::size_t{1} << 20)) flush();
}

std::uint64_t CheckpointWriter::commit() {
  w_.put<std::uint64_t>(count_);
  flush();
  w_.put<std::uint64_t>(hash_.h);
  out_.write(w_.bytes());
  out_.commit();
  return count_;
}

std::uint64_t save_checkpoint(const std::string& path, SolveCheckpoint c,
                              const search::TranspositionTable& tt, int min_weight) {
  CheckpointWriter out(path, c);
  tt.for_each([&](std::uint64_t key, const search::TTEntry& e) {
    if (e.weight >= min_weight && e.depth == search::TranspositionTable::kExactDepth)
      out.add(key, e);
  });
  return out.commit();
}

void read_checkpoint(std::istream& in, const std::string& name, const SolveCheckpoint& expected,
                     SolveCheckpoint& c, search::TranspositionTable& tt) {
  try {
    read_any(in, name, &expected, c,
             [&tt](std::uint64_t key, const search::TTEntry& e) { tt.store(key, e); });
  } catch (const InputError&) {
    tt.clear();
    throw;
  }
}

bool keys_match(const SolveCheckpoint& c) {
  if (c.keys == 0) return legacy_keys_hold();
  try {
    // Written with the board's symmetries (every command and the Python module) or without
    // (SolveOptions::symmetry off): either solver resumes it.
    const Board& b = Board::get(c.rows, c.cols);
    return c.keys == solver_keys(b, c.drawn, c.to_move, true) ||
           c.keys == solver_keys(b, c.drawn, c.to_move, false);
  } catch (const LimitError&) {
    return false;  // more undrawn lines than the solver takes: no solve wrote this
  }
}

void scan_checkpoint(std::istream& in, const std::string& name, SolveCheckpoint& c,
                     const CheckpointSink& sink) {
  read_any(in, name, nullptr, c, sink);
}

void load_checkpoint(const std::string& path, const SolveCheckpoint& expected, SolveCheckpoint& c,
                     search::TranspositionTable& tt) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + path + "'");
  read_checkpoint(in, path, expected, c, tt);
}

}  // namespace grundy::dots
