#include "grundy/games/uttt/proof_text.h"

#include "grundy/core/error.h"
#include "grundy/games/uttt/notation.h"

namespace grundy::uttt {

std::string proof_text(const Board& root, const std::vector<Board::Move>& start,
                       const ProofOracle& oracle, std::uint64_t& prover_moves) {
  const int prover = root.to_move();
  std::string moves;
  prover_moves = 0;
  const auto visit = [&](const SymmetricBoard& s, int, bool, bool has_move, Board::Move m) {
    if (s.is_over()) {
      if (s.board().winner() != prover)
        throw LimitError("internal error: the proof reached a lost leaf");
      return;
    }
    if (s.to_move() != prover || !has_move) return;
    moves += prover_moves % 20 == 0 ? (prover_moves ? "\n" : "") : " ";
    moves += cell_name(m);
    ++prover_moves;
  };
  search::distributed::ProofWalk<SymmetricBoard> walk(oracle, visit, true);
  if (!walk.run(SymmetricBoard(root), 1))
    throw LimitError("the proof could not be rebuilt: some of its positions are not known");
  return "grundy-uttt-proof 1\nrules " + rules_name(root.rules()) + "\nstart " +
         (start.empty() ? std::string("-") : format_moves(start)) + "\nprover " +
         (prover == 0 ? "X" : "O") + "\nmoves " + std::to_string(prover_moves) + "\n" + moves +
         "\n";
}

}  // namespace grundy::uttt
