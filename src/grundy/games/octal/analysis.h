#pragma once
// Answers for interfaces: a table with its (proven or observed) period, and one heap with its
// value and winning moves.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/core/periodicity.h"
#include "grundy/games/octal/control.h"
#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/period.h"

namespace grundy::octal {

inline constexpr std::uint64_t kMaxTableValues = 10'000'000;  // values printed for one answer
// Values one table() may hold in memory (the Python module's tables; the command line prints at
// most kMaxTableValues and writes longer tables with --out).
inline constexpr std::uint64_t kMaxMemoryValues = 1'000'000'000;
inline constexpr std::uint64_t kMaxMisereValues = 200;       // misère tables (take-only games)
inline constexpr std::uint64_t kMaxDirectHeap = 10'000'000;  // --at without a period
inline constexpr std::size_t kMaxListedMoves = 1000;

// "Kayles", "Dawson's Kayles", "Grundy's game", or empty.
std::string common_name(const OctalCode& code);

struct Table {
  std::uint64_t count = 0;
  // G(0), G(1), ... as far as they were computed: all `count` values without a proof; with one,
  // only what the proof search needed (every further value comes from the period in O(1)).
  std::vector<std::uint32_t> computed;
  std::optional<PeriodProof> proof;  // normal play of finite octal codes only
  std::optional<Period> observed;    // a repetition seen in the values, when not proven
  std::uint64_t proof_limit = 0;     // how many values the proof search could use
  std::uint32_t value(std::uint64_t n) const {
    return n < computed.size() ? computed[n] : periodic_value(computed, proof->period, n);
  }
};

// `proof_limit`: how far to look for a proof (at least `count` values are always examined).
Table table(const OctalCode& code, std::uint64_t count, Rule rule, std::uint64_t proof_limit,
            const Control& control = {});

struct HeapAnalysis {
  std::uint64_t n = 0;
  std::uint32_t value = 0;
  Winner winner = Winner::second;
  std::vector<Move> winning_moves;  // listed moves (see winning_moves_complete)
  std::uint64_t winning_moves_total = 0;
  bool winning_moves_complete = true;  // false: a split point b listed stands for every
                                       // b + j * period up to the middle of the heap
  bool from_period = false;            // G(n) read from a proven period, in O(1)
  std::optional<PeriodProof> proof;
};

// Normal play: any n once a period is proven (search up to proof_limit values), otherwise
// n < kMaxDirectHeap (computed directly). Misère: small heaps, solved as multi-heap game trees.
HeapAnalysis analyze(const OctalCode& code, std::uint64_t n, Rule rule,
                     std::uint64_t proof_limit = kDefaultProofLimit, const Control& control = {});

}  // namespace grundy::octal
