#pragma once
// `grundy nim ...`: the analysis (nim.cpp), and its sub-subcommands play (nim_play.cpp), move and
// analyze-game (nim_game.cpp), sharing how a position is given.
#include <cstdint>
#include <string>
#include <vector>

#include "command.h"
#include "grundy/core/outcome.h"
#include "grundy/games/nim/game_review.h"
#include "grundy/games/nim/nim.h"

namespace grundy::cli::nim_cli {

// The start heaps (HEAPS, --file, or a game record's "# Heaps:" line in --moves), the rule
// (--misere, or the record's "# Rule:"), and the moves played from there.
struct PositionOptions {
  std::vector<std::string> heaps;
  std::string file;
  std::string moves;
  std::string max_input;
  bool misere = false;
};

// Adds HEAPS, --moves and --misere (and --file and --max-input when `with_file`).
void add_position_options(Command cmd, PositionOptions& o, bool with_file);

struct Position {
  std::vector<std::uint64_t> start;
  Rule rule = Rule::normal;
  std::vector<nim::Take> moves;
  std::vector<std::uint64_t> now;  // the heaps after the moves
};

// InputError: no heaps, HEAPS and --file both, a record whose heaps or rule disagree with the
// ones given, a bad move.
Position position(const PositionOptions& o);

// The heaps in binary and their xor (--json's nim_sum), as `grundy nim` and the hint print them.
void print_xor_table(const nim::Analysis& a, const std::vector<std::uint64_t>& heaps);
// Why the position is won or lost, and its winning moves.
void print_reasoning(const nim::Analysis& a, const std::vector<std::uint64_t>& heaps);

void install_play(Command nim);
void install_move(Command nim);
void install_analyze_game(Command nim);

// The post-game analysis as text (nim_game.cpp; also `analyze` in `nim play`).
void print_review(const nim::GameReview& review, int me = -1);

}  // namespace grundy::cli::nim_cli
