#include "grundy/games/uttt/solver_keys.h"

#include "grundy/core/bytes.h"
#include "grundy/core/hex.h"
#include "grundy/games/uttt/symmetric.h"
#include "grundy/search/random.h"

namespace grundy::uttt {
namespace {

constexpr int kWalks = 16;

// What reference_keys() gave for the solver of 2026-11-30 (the tags without a fingerprint).
constexpr std::uint64_t kLegacyReference = 0x9b20047b6754708a;

std::uint64_t reference_keys() {
  Fnv64 h;
  for (const Rules rules : {Rules::standard, Rules::orlin, Rules::codingame}) {
    Board b(rules);
    h.add_u64(solver_keys(b));
    b.play(40);
    b.play(36);
    h.add_u64(solver_keys(b));
  }
  return h.h;
}

}  // namespace

std::uint64_t solver_keys(const Board& b) {
  Fnv64 h;
  search::Rng rng(0x75747474ull);  // "uttt"
  for (int walk = 0; walk < kWalks; ++walk) {
    SymmetricBoard s(b);
    Board::Moves moves;
    while (true) {
      h.add_u64(s.tt_key());
      if (s.is_over()) break;
      s.legal_moves(moves);
      s.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
  }
  return h.h;
}

bool legacy_keys_hold() {
  static const bool hold = reference_keys() == kLegacyReference;  // the keys cannot change
  return hold;
}

std::string checkpoint_keys_suffix(const Board& b) {
  if (legacy_keys_hold()) return "";
  return " keys " + hex64(solver_keys(b));
}

}  // namespace grundy::uttt
