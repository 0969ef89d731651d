// Nim game records (grundy nim --moves RECORD, play, analyze-game): the '# Heaps:' and '# Rule:'
// header lines and the moves. Any text is either a record whose moves fit its heaps and are
// analysed, or an InputError.
#include <cstdint>
#include <vector>

#include "fuzz_target.h"
#include "grundy/games/nim/game_review.h"
#include "grundy/games/nim/nim.h"
#include "grundy/games/nim/record.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  fuzz::expect_only_input_errors([&] {
    const auto text = fuzz::as_text(data, size);
    const nim::RecordHeader h = nim::read_record_header(text, "record");
    const std::vector<std::uint64_t> heaps = h.heaps.value_or(std::vector<std::uint64_t>{3, 4, 5});
    const auto moves = nim::parse_moves(heaps, text);
    const auto review = nim::review_game(heaps, moves, h.rule.value_or(Rule::normal));
    fuzz::require(review.moves.size() == moves.size(), "every move is reviewed");
    for (const auto& m : review.moves)
      fuzz::require(m.mistake == (m.value_before != 0 && m.value_after != 0),
                    "a mistake gives a win away");
  });
  return 0;
}
