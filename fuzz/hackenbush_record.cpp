// Hackenbush game records (grundy hackenbush RECORD, --moves RECORD, play, analyze-game): the
// picture in '# edge' lines, '# First:'/'# You:', the cuts. Any text is either a record whose
// cuts are played (each standing and of the right colour) and analysed, or an InputError.
#include <cstdint>

#include "fuzz_target.h"
#include "grundy/core/text_check.h"
#include "grundy/games/hackenbush/game_review.h"
#include "grundy/games/hackenbush/play.h"
#include "grundy/games/hackenbush/record.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  using namespace grundy::hackenbush;
  fuzz::expect_only_input_errors([&] {
    const auto text = fuzz::as_text(data, size);
    (void)is_game_record(text);
    const GameRecord r = parse_game_record(text, "record");
    const Side first = r.first.value_or(Side::blue);
    Graph g = r.picture;
    const Side to_move = play_cuts(g, r.cuts, first);
    fuzz::require(to_move == (r.cuts.size() % 2 == 0 ? first : other(first)), "sides alternate");
    for (const auto e : r.cuts)
      fuzz::require(g.is_cut(e) && !is_standing(g, e), "a cut edge is gone");
    if (g.edge_count() <= 9) {
      const GameReview review = review_game(r.picture, r.cuts, first);
      fuzz::require(review.moves.size() == r.cuts.size(), "every cut is reviewed");
      for (const auto& c : review.moves)
        fuzz::require(c.mistake == (c.wins_before && !c.wins_after), "a mistake gives a win away");
    }
  });
  return 0;
}
