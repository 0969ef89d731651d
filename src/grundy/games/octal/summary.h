#pragma once
// The product of a record run whose table does not fit a disk, as Flammenkamp publishes it: for
// each value how often it occurs and where it first and last occurs, the rare heaps (under the
// engine's final mask), the largest value and where, and a checksum of the whole sequence
// (CRC-32C of G(0), G(1), ... as little-endian u16: the payload of the binary table, so a table
// and a summary of the same run can be checked against each other).
#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/store.h"

namespace grundy::octal {

struct ValueStats {
  std::uint64_t count = 0;
  std::uint64_t first = 0;
  std::uint64_t last = 0;
};

class SummaryAccumulator {
 public:
  // G(n), G(n + 1), ... in order, starting where the last call stopped.
  void add(const Value* values, std::uint64_t count);
  std::uint64_t count() const { return n_; }
  std::uint32_t checksum() const { return crc_; }
  const std::vector<ValueStats>& by_value() const { return by_value_; }

  void save(std::ostream& out) const;
  void load(std::istream& in);  // InputError when malformed

 private:
  std::uint64_t n_ = 0;
  std::uint32_t crc_ = 0;
  std::vector<ValueStats> by_value_;  // index = value
};

struct Summary {
  std::string code;
  std::uint64_t count = 0;
  std::uint32_t checksum = 0;
  std::vector<ValueStats> by_value;
  std::uint32_t largest = 0;
  std::uint64_t largest_at = 0;
  std::uint32_t mask = 0;  // rare/common mask over ext values (bit 0: heap parity)
  std::uint64_t rare_count = 0;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> rare;  // (heap, value), maybe truncated
  std::string source;  // "sparse engine" or "proven period ..."
  bool complete = false;
  double seconds = 0;  // wall time of the computation (all sessions)
};

inline constexpr std::size_t kMaxSummaryRare = 100000;

Summary make_summary(const OctalCode& code, const SummaryAccumulator& acc);

// JSON text of a summary (one value per line in "values").
std::string summary_json(const Summary& s);
// Reads the fields of a summary file needed to tell whether it is complete: InputError if it is
// not a summary.
Summary read_summary(const std::string& path);

// "0x00e5": the checksum as printed.
std::string checksum_text(std::uint32_t crc);

}  // namespace grundy::octal
