#pragma once
// A fingerprint of the exact solver's position keys, stored in its checkpoints (version 3) so
// that a checkpoint is never resumed by a solver that keys positions differently: a change of
// the key (normalisation, symmetries, the numbering of strings) would leave an old checkpoint's
// entries unreachable or, worse, standing for other positions. A long run's checkpoint lives
// across many versions of grundy (runs/4x5/), so this is checked on every resume.
//
// The fingerprint hashes what an entry's key and move mean from the checkpoint's position: the
// lines the solver's strings stand for, and the keys (and players to move) along a fixed set of
// pseudo-random games played from it. kEntryMeaning is hashed in as well: raise it when what an
// entry's bounds or move mean changes without the keys changing.
#include <cstdint>

#include "grundy/games/dots/board.h"
#include "grundy/games/dots/line_set.h"

namespace grundy::dots {

inline constexpr std::uint64_t kEntryMeaning = 1;

// The fingerprint of the solver's keys from the position (`board`, `drawn`, `to_move`), with or
// without symmetries (SolveOptions::symmetry). Never 0 (0 marks a checkpoint written before
// fingerprints). LimitError past the solver's 64 undrawn lines.
std::uint64_t solver_keys(const Board& board, const LineSet& drawn, int to_move, bool symmetry);

// Whether checkpoints of versions 1 and 2 (written without a fingerprint) can be resumed: the
// fingerprints of a few reference positions are still those of the solver that wrote them.
bool legacy_keys_hold();

// The same fingerprint of the reference positions, today (what legacy_keys_hold() compares).
std::uint64_t reference_keys();

}  // namespace grundy::dots
