// Fuzz target: a line of uttt_train's game files (any bytes), read as `uttt_train train` reads
// it. A bad line must raise InputError (nothing else); a good one must have legal moves, at most
// one value per move, each -1 or in [0, 1], and format to a line that reads back the same.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_target.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/training_game.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy::uttt;
  using grundy::fuzz::require;
  const auto line = grundy::fuzz::as_text(data, size);
  for (Rules rules : {Rules::codingame, Rules::standard}) {
    TrainingGame g;
    try {
      g = parse_training_game(line, rules);
    } catch (const grundy::InputError& e) {
      require(e.what()[0] != '\0', "an InputError without a message");
      continue;
    }
    require(g.values.size() <= g.moves.size(), "more values than moves");
    for (float v : g.values) require(v == -1.0f || (v >= 0.0f && v <= 1.0f), "value in range");
    Board b(rules);
    for (const auto m : g.moves) {
      require(illegal_reason(b, m).empty(), "a legal move");
      b.play(m);
    }
    const TrainingGame back = parse_training_game(format_training_game(g), rules);
    require(back.result == g.result && back.moves == g.moves, "the line reads back the same");
    require(back.values.size() == g.values.size(), "as many values read back");
  }
  return 0;
}
