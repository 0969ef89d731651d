#pragma once
// What every value engine offers (sparse.h for codes whose moves leave at most two heaps and
// Grundy's game, split_set.h for hexadecimal codes), and the factory that picks one.
#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/store.h"

namespace grundy::octal {

inline constexpr std::uint32_t kMaxValue = 65534;

// Thrown by engines when EngineOptions::stop is set (Ctrl-C); the values already returned stay
// valid and the engine can still be saved.
class Interrupted : public std::runtime_error {
 public:
  Interrupted() : std::runtime_error("interrupted") {}
};

struct EngineOptions {
  std::uint64_t capacity = std::uint64_t{1} << 26;  // values the engine's own store can hold
  bool blocks = true;           // sparse engine: false = heap by heap only (tests compare)
  bool helper_thread = true;    // sparse engine: prepare blocks on a second thread too
  std::uint32_t prescan = 192;  // sparse engine: pairs per heap a block marks at each end
  // Sparse engine: rare parts a block marks; the others only test the candidates (0: mark all).
  std::uint32_t sampled_rare = 512;
  // Sparse engine: a block also scans each heap's pairs for the values its candidate needs
  // (the pairs whose parts are both known), so that the thread finishing heaps in order does
  // little more than check; false leaves every scan to that thread (tests compare).
  bool block_scans = true;
  const std::atomic<bool>* stop = nullptr;  // checked between values and inside long scans
};

struct EngineStats {
  std::uint64_t rare_positions = 0;
  std::uint64_t last_rare = 0;
  std::uint32_t mask = 0;  // over ext values: bit 0 = heap parity, bit i+1 = value bit i
  std::uint64_t remasks = 0;
  std::uint64_t scanned_pairs = 0;    // pairs tested by the finishing scans
  std::uint64_t plain_fallbacks = 0;  // heaps computed by scanning every pair (O(n) each)
  std::uint32_t max_value = 0;
  std::uint64_t max_value_at = 0;   // first heap with max_value
  std::uint64_t farthest_part = 0;  // largest small part a finishing scan had to read
  std::uint64_t blocked_heaps = 0;  // heaps finished from a prepared block
  // Heaps whose candidate lay past those a block tested, so its tested rare parts were marked
  // one by one (not kept in checkpoints).
  std::uint64_t candidate_fallbacks = 0;
  // Heaps whose scan of the pairs of known parts their block did, so that finish() only looked
  // at the pairs the block could not (not kept in checkpoints).
  std::uint64_t block_scanned = 0;
  // Heaps whose block's candidates were all hit, so the block marked every tested rare part
  // for them (not kept in checkpoints).
  std::uint64_t block_fallbacks = 0;
};

class ValueEngine {
 public:
  virtual ~ValueEngine() = default;
  virtual std::uint64_t position() const = 0;  // the heap next() computes
  virtual std::uint32_t next() = 0;
  virtual const Value* values() const = 0;  // G(0 .. position()-1)
  virtual std::uint64_t capacity() const = 0;
  virtual EngineStats stats() const = 0;
  // (position, value) of every rare heap under the current mask (sparse engine only).
  virtual std::vector<std::pair<std::uint64_t, std::uint32_t>> rare_heaps() const = 0;
  // The engine's state for checkpoints (the values themselves stay in the store). load() throws
  // InputError on a malformed or foreign state; the store must hold the first position() values.
  virtual void save(std::ostream& out) const = 0;
  virtual void load(std::istream& in) = 0;
};

// The sparse engine for codes whose moves leave at most two heaps, the split-set engine for
// hexadecimal codes.
std::unique_ptr<ValueEngine> make_engine(const OctalCode& code, EngineOptions options = {},
                                         ValueStore* store = nullptr);

}  // namespace grundy::octal
