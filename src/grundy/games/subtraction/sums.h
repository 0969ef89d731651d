#pragma once
// Sums of heaps of one subtraction game (grundy subtraction --set S --heaps 3,5,9 [--misere]):
// who wins and every winning move. Normal play by the xor of the heaps' values; misère play through
// the misère quotient of the game (grundy/core/quotient/), proven stable for finite sets (a move
// removes at most max(S) tokens and leaves one heap) and computed heap by heap for the others.
#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/core/quotient/heap_game.h"
#include "grundy/core/quotient/presentation.h"
#include "grundy/games/subtraction/subtraction.h"

namespace grundy::subtraction {

inline constexpr std::size_t kMaxSumHeaps = 100'000;
inline constexpr std::size_t kMaxListedSumMoves = 1000;
// Heaps up to this far are computed one by one by the misère quotient when no period is proven.
inline constexpr std::uint32_t kMaxQuotientHeap = 1 << 16;

struct SumMove {
  std::size_t heap = 0;  // index in the sum, 0-based
  std::uint64_t from = 0;
  std::uint64_t take = 0;
  std::uint64_t to = 0;  // the heap left (0: none)
};

struct SumAnalysis {
  Rule rule = Rule::normal;
  std::vector<std::uint64_t> heaps;
  std::vector<std::uint64_t> values;        // normal play
  std::uint64_t value = 0;                  // normal play: the xor
  std::vector<quotient::Element> elements;  // misère play
  quotient::Element product = 0;
  Winner winner = Winner::second;
  std::vector<SumMove> winning_moves;  // listed, at most kMaxListedSumMoves
  std::uint64_t winning_moves_total = 0;
  bool from_period = false;
};

SumAnalysis analyze_sum(const SubtractionSet& s, std::span<const std::uint64_t> heaps,
                        const std::atomic<bool>* stop = nullptr);

// The rules as the quotient engine reads them.
quotient::HeapRules heap_rules(const SubtractionSet& s);

struct MisereQuotient {
  quotient::QuotientRun run;
  quotient::Presentation presentation;
};
// The quotient these heaps need (up to the largest, or proven stable first); LimitError when it is
// not known that far.
MisereQuotient quotient_for_sum(const SubtractionSet& s, std::span<const std::uint64_t> heaps,
                                const std::atomic<bool>* stop = nullptr);
SumAnalysis analyze_misere_sum(const SubtractionSet& s, std::span<const std::uint64_t> heaps,
                               const MisereQuotient& q);

}  // namespace grundy::subtraction
