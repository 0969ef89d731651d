#pragma once
// Proof files (docs/uttt.md, "Proof files"): the prover's moves of a win for the player to move,
// in the order tools/uttt_proof_check replays them (depth first, the opponent's moves in
// increasing board-major order, each position once). The moves come from an oracle: the
// proof-number table of a single-process solve, or the master's knowledge and its workers'
// proof fragments in a distributed one.
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/games/uttt/symmetric.h"
#include "grundy/search/distributed/proof_walk.h"

namespace grundy::uttt {

using ProofOracle = search::distributed::ProofWalk<SymmetricBoard>::Oracle;

// The file's text; `start` names the position by its moves from the empty board. LimitError
// when the oracle does not know a position of the proof or the proof reaches a lost game.
std::string proof_text(const Board& root, const std::vector<Board::Move>& start,
                       const ProofOracle& oracle, std::uint64_t& prover_moves);

}  // namespace grundy::uttt
