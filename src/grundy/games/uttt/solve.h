#pragma once
// Solving Ultimate Tic-Tac-Toe positions by proof-number search (search/proof_number.h): win,
// draw or loss for the player to move, with checkpoints for long runs and an exported proof
// that tools/uttt_proof_check verifies without any of grundy's code.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt {

struct SolveProgress {
  std::uint64_t nodes = 0;  // in this run (a resumed run starts at 0)
  double seconds = 0;
  std::string question;  // "win" (can the mover win?) or "draw" (can the mover avoid a loss?)
  std::uint32_t root_pn = 1, root_dn = 1;
  int permille_full = 0;
  bool checkpoint_saved = false;  // a checkpoint was written just now
};

struct SolveOptions {
  std::uint64_t max_nodes = 0;  // 0: no bound
  double seconds = 0;           // 0: no bound
  const std::atomic<bool>* stop = nullptr;
  std::size_t table_bytes = std::size_t{256} << 20;
  // Checkpoints: the table is saved to this file every checkpoint_every seconds and when the
  // budget ends without an answer; a run whose file exists resumes from it.
  std::string checkpoint = {};
  double checkpoint_every = 600;
  std::function<void(const SolveProgress&)> progress = nullptr;
  double progress_every = 10;
  bool proof_size = true;  // walk the proof to count its positions (re-proving lost parts)
  // Export a proof of a win (docs/uttt.md, "Proof files"); its header names the position by
  // these moves from the empty board.
  bool export_proof = false;
  std::vector<Board::Move> start_moves = {};
  // "centre": the player to move plays the centre opening (open in the centre of the centre
  // board; while the centre board is not full, answer in the centre of the board you are sent
  // to) and the search looks for the rest of a win. Only "win" or "unknown" then: a restricted
  // search that fails says nothing about other openings. The exported proof is complete and
  // checked like any other.
  std::string opening = {};
};

struct SolveResult {
  std::string result = "unknown";  // "win", "draw" or "loss" for the player to move
  int to_move = 0;                 // 0 = X, 1 = O
  bool has_move = false;           // win: a winning move; draw: a move that does not lose
  Board::Move first_move = 0;
  std::uint64_t nodes = 0;  // positions expanded by this run
  double seconds = 0;
  std::uint64_t proof_size = 0;   // positions in the proof (0 when not proved or not counted)
  bool resumed = false;           // the table came from a checkpoint
  bool checkpoint_saved = false;  // the run ended without an answer and saved its table
  std::string proof;              // export_proof and a win: the proof file's text
  std::uint64_t proof_moves = 0;  // moves of the prover listed in it
};

// Solves b (InputError if the game is over).
SolveResult solve(const Board& b, const SolveOptions& options);

// What a checkpoint (or an empty table) knows about the question "can the player to move win?",
// two levels deep: each move of the player to move, and the opponent's replies to the most
// promising one. For reports on long proof runs; no search.
struct MoveStatus {
  Board::Move move = 0;
  std::string status;               // "wins" (proved), "fails" (proved not to), "open"
  std::uint32_t pn = 1, dn = 1;     // proof and disproof numbers of "this move wins"
  std::vector<MoveStatus> replies;  // of the most promising move only
};
struct SolveStatus {
  bool resumed = false;  // a checkpoint was loaded
  std::uint32_t root_pn = 1, root_dn = 1;
  std::vector<MoveStatus> moves;
};
SolveStatus solve_status(const Board& b, const SolveOptions& options);

// Plain minimax with no pruning, table or hook (tests: the slow, obviously correct answer).
// +1 / 0 / -1 for the player to move.
int minimax_result(const Board& b);

}  // namespace grundy::uttt
