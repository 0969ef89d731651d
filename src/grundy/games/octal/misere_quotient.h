#pragma once
// Misère quotients of octal and hexadecimal games and Grundy's game (grundy misere CODE
// --quotient), and the rules of such a game as the quotient engine reads them
// (grundy/core/quotient/).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/quotient/heap_game.h"
#include "grundy/core/quotient/presentation.h"
#include "grundy/games/octal/control.h"
#include "grundy/games/octal/octal_code.h"

namespace grundy::octal {

// Without --max-heap, heaps are added until the quotient is proven stable, at most this far.
inline constexpr std::uint32_t kDefaultQuotientBound = 1000;
inline constexpr std::uint32_t kMaxQuotientHeap = 1 << 20;
inline constexpr quotient::Element kDefaultQuotientOrder = 1 << 12;
inline constexpr quotient::Element kMaxQuotientOrder = 1 << 20;
// Without --max-heap the search for a stable quotient stops after this long (--seconds).
inline constexpr double kDefaultQuotientSeconds = 10;

// The options of each heap, t (the last non-zero digit; none for Grundy's game) and the most
// heaps a move leaves.
quotient::HeapRules heap_rules(const OctalCode& code);

struct QuotientRequest {
  std::optional<std::uint32_t> max_heap;  // exactly heaps 0..N (or until proven, if sooner)
  std::uint32_t bound = kDefaultQuotientBound;
  quotient::Element max_order = kDefaultQuotientOrder;
  double seconds = 0;  // > 0: stop after this long, keeping the heaps done
  // Resume from / save to a checkpoint (core/quotient/checkpoint.h; the state is checked).
  std::optional<quotient::BuilderState> resume;
  std::function<void(const quotient::BuilderState&)> checkpoint;
  double checkpoint_seconds = 30;  // how often `checkpoint` is called while computing
};

// The name a checkpoint records for the game: "octal 0.77", "grundy".
std::string checkpoint_game(const OctalCode& code);

struct MisereQuotient {
  quotient::QuotientRun run;
  quotient::Presentation presentation;
  std::optional<unsigned> tame;  // k: the quotient is misère Nim's T_k
  bool finite_rules = false;     // the stabilisation argument applies (not Grundy's game)
  // Normal-play values G(0..last heap), for the genus of tame heaps.
  std::vector<std::uint32_t> normal_values;
  double seconds = 0;

  std::uint32_t last_heap() const { return run.last_heap; }
  bool proven() const { return run.proof.has_value(); }
};

// Progress: control.progress(heap, target heap, false) after each heap; control.stop ends the
// computation with Interrupted.
MisereQuotient misere_quotient(const OctalCode& code, const QuotientRequest& request,
                               const Control& control = {});

// For a tame quotient: heap n's genus g^γ0 (g = G(n); γ0 = 1 - g for the two small elements,
// otherwise g), as in misère Nim.
std::string tame_genus(const MisereQuotient& q, std::uint32_t n);

}  // namespace grundy::octal
