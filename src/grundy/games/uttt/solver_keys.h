#pragma once
// A fingerprint of the keys the UTTT solver files its proof-table entries under (SymmetricBoard's
// tt_key: the least hash of the position's eight images), for the tags of its checkpoints. A
// checkpoint outlives versions of grundy; after a change of the hashes or of the symmetry
// normalisation its entries would stand for other positions, so the tag must change with them.
//
// The tags written before this fingerprint are kept as long as the keys are those of the solver
// that wrote them (checkpoint_keys_suffix() is empty then), so those files still resume; once
// the keys change, every tag gains " keys <fingerprint>" and the old files are refused.
#include <cstdint>
#include <string>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt {

// The tt_keys along 16 fixed pseudo-random games from b, hashed.
std::uint64_t solver_keys(const Board& b);

// Whether the keys of a few reference positions are still those of 2026-11-30.
bool legacy_keys_hold();

// "" while legacy_keys_hold(), else " keys " and solver_keys(b) in hex.
std::string checkpoint_keys_suffix(const Board& b);

}  // namespace grundy::uttt
