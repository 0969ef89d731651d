#pragma once
// Subtraction games: one heap; a move takes k tokens for some k in the subtraction set S.
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/core/periodicity.h"
#include "grundy/core/progress.h"
#include "grundy/games/subtraction/subtraction_set.h"

namespace grundy::subtraction {

// Bounds that keep every request finite in time and memory.
inline constexpr std::uint64_t kMaxTableValues = 100'000'000;  // values held in one table
inline constexpr std::uint64_t kDefaultSearchLimit = std::uint64_t{1} << 25;
inline constexpr std::uint64_t kMaxCertifiedWindow = std::uint64_t{1} << 22;

// G(0), ..., G(count - 1) (normal play), or the misère values of single heaps (a heap with no
// move is worth 1). Exact for every kind of set. `progress` (values done of count) is called
// every 2^16 values on the slow paths (infinite sets, large finite ones).
std::vector<std::uint32_t> values(const SubtractionSet& s, std::uint64_t count,
                                  Rule rule = Rule::normal, const ProgressFn& progress = {});

// A proof of periodicity for a finite set with largest element s: G(n) depends only on the s
// values before it once n >= s, so when the windows of s values ending before `window_at` and
// before `window_at + period` agree, the sequence repeats with that period from window_at - s
// on, forever. `period` is then reduced to the least period and least preperiod.
struct Certificate {
  Period period;                // least preperiod and least period, proven
  std::uint64_t window_at = 0;  // n where the repeated window ends (first copy)
  std::uint64_t window = 0;     // s = max(S)
  std::uint64_t repeat = 0;     // the window before window_at recurs before window_at + repeat
  std::uint64_t values_examined = 0;
};

// Finite sets of fewer than 64 amounts, each at most kMaxCertifiedWindow.
bool certifiable(const SubtractionSet& s);

// Searches for a certificate over at most `search_limit` values; requires certifiable(s).
// `stop` (set elsewhere: a server's budget) ends the search early, with no certificate.
std::optional<Certificate> certify(const SubtractionSet& s, Rule rule,
                                   std::uint64_t search_limit = kDefaultSearchLimit,
                                   const std::atomic<bool>* stop = nullptr);

// A whole answer for the command line and other interfaces: G(0 .. count-1).
struct Table {
  std::uint64_t count = 0;
  // The values held: all `count` of them; or, once a period is certified, only the first
  // min(count, preperiod + period), since the rest repeat: at(n) reads any of them in O(1).
  // (So 10^8 values of a finite set cost one period of memory, and are printed as a stream.)
  std::vector<std::uint32_t> values;
  std::optional<Period> period;  // proven when certified, otherwise only observed
  bool certified = false;
  std::optional<Certificate> certificate;

  std::uint32_t at(std::uint64_t n) const {
    return n < values.size() ? values[n] : values[periodic_index(*period, n)];
  }
};
// `stop`: as for certify (an answer computed after it was set must not be trusted).
Table table(const SubtractionSet& s, std::uint64_t count, Rule rule = Rule::normal,
            const ProgressFn& progress = {}, const std::atomic<bool>* stop = nullptr);

struct Move {
  std::uint64_t take;
  std::uint64_t to;
};
struct Position {
  std::uint64_t n = 0;
  std::uint64_t value = 0;  // Grundy value (misère: the single-game misère value)
  Winner winner = Winner::second;
  std::vector<Move> winning_moves;
  bool from_period = false;  // answered in O(1) from a certified period
};

// What a question about heaps up to n needs: G(0..n), or one period's values and a certified
// period (finite sets). LimitError for n >= kMaxTableValues without a certificate.
struct ValuesThrough {
  std::vector<std::uint32_t> prefix;
  std::optional<Certificate> cert;
  std::uint64_t at(std::uint64_t m) const {
    return cert ? prefix[periodic_index(cert->period, m)] : prefix[m];
  }
};
ValuesThrough values_through(const SubtractionSet& s, std::uint64_t n, Rule rule,
                             const ProgressFn& progress = {},
                             const std::atomic<bool>* stop = nullptr);

// The value of a heap of n and every winning move. Finite sets: via the certified period, so n
// may be anything up to 10^18 and beyond; other sets: computed directly, n < kMaxTableValues.
Position analyze(const SubtractionSet& s, std::uint64_t n, Rule rule = Rule::normal,
                 const ProgressFn& progress = {}, const std::atomic<bool>* stop = nullptr);

// The game for the generic solver (tests cross-check the fast paths against it).
struct Game {
  const SubtractionSet* set;
  using Position = std::uint64_t;
  void moves(Position n, std::vector<Position>& out) const {
    for (std::uint64_t k : set->members_up_to(n)) out.push_back(n - k);
  }
};

}  // namespace grundy::subtraction
