#pragma once
// Sums of heaps of one octal game (grundy octal CODE --heaps 3,5,9 [--misere], grundy misere CODE
// 3 5 9): who wins and every winning move.
//  - Normal play: the value is the xor of the heaps' values (Sprague–Grundy); a winning move takes
//    a heap of value g to an option of value g xor total.
//  - Misère play: the heaps' elements of the misère quotient multiply; the player to move loses
//    exactly when the product is in the P-portion; a winning move is an option of one heap that
//    puts the product (with the other heaps' elements) into it. Linear in the number of heaps once
//    the quotient is known.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/games/octal/analysis.h"
#include "grundy/games/octal/misere_quotient.h"
#include "grundy/games/octal/move_listing.h"

namespace grundy::octal {

inline constexpr std::size_t kMaxSumHeaps = 100'000;
// Moves tested for one answer; past it the remaining heaps are not examined (the listing says so).
inline constexpr std::uint64_t kMaxSumWork = std::uint64_t{1} << 27;

struct SumMove {
  std::size_t heap = 0;  // index in the sum, 0-based
  std::uint64_t from = 0;
  Move move;  // tokens taken and the heaps left (a >= b >= c, 0 = none)
};

struct SumAnalysis {
  Rule rule = Rule::normal;
  std::vector<std::uint64_t> heaps;
  std::vector<std::uint32_t> values;        // normal play: G of each heap
  std::uint64_t value = 0;                  // normal play: their xor
  std::vector<quotient::Element> elements;  // misère play: each heap's element
  quotient::Element product = 0;            // misère play: their product
  Winner winner = Winner::second;
  std::vector<SumMove> winning_moves;  // listed, at most kMaxListedMoves
  std::uint64_t winning_moves_total = 0;
  bool winning_moves_complete = true;  // every winning move is listed one by one
  bool winning_moves_counted = true;   // the total counts them all
  // A listed split of a heap past the computed values may stand for a family b + j*p (see
  // move_listing.h); this is that (e, p).
  std::optional<Period> families;
  bool from_period = false;          // some heap's value came from a proven period
  std::optional<PeriodProof> proof;  // normal play
};

// Normal play; heaps past the direct limit need a period proven within proof_limit values.
SumAnalysis analyze_sum(const OctalCode& code, std::span<const std::uint64_t> heaps,
                        std::uint64_t proof_limit = kDefaultProofLimit,
                        const Control& control = {});

// Misère play through the quotient q, which must know every heap (LimitError otherwise).
SumAnalysis analyze_misere_sum(const OctalCode& code, std::span<const std::uint64_t> heaps,
                               const MisereQuotient& q);

// The quotient a misère sum of these heaps needs: computed up to the largest heap, or until it is
// proven stable; LimitError when a heap is beyond kMaxQuotientHeap and no proof comes first, or the
// quotient stops (its limits) before the largest heap.
MisereQuotient quotient_for_sum(const OctalCode& code, std::span<const std::uint64_t> heaps,
                                quotient::Element max_order = kDefaultQuotientOrder,
                                const Control& control = {});

}  // namespace grundy::octal
