#pragma once
// `grundy hackenbush ...`: the analysis (hackenbush.cpp) and its sub-subcommands play
// (hackenbush_play.cpp), move and analyze-game (hackenbush_game.cpp), sharing how a position is
// given: a picture (FILE or --string) and the cuts played on it (--moves), or a game record (as
// FILE or as --moves), which holds both.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "command.h"
#include "grundy/games/hackenbush/game_review.h"
#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/hackenbush/play.h"

namespace grundy::cli::hackenbush_cli {

namespace hb = grundy::hackenbush;

struct PositionOptions {
  std::string file;
  std::string notation;
  std::string moves;
  std::string
      first;  // the side that cut first in --moves (not in play, where --first is me|engine)
  std::string max_input;
  bool file_given = false;  // FILE was on the command line (perhaps empty)
};

// Adds FILE, --string, --moves, --max-input, and --first when `with_first`. The command's
// callback must set o.file_given from cmd.count("file") (see position()).
void add_position_options(Command cmd, PositionOptions& o, bool with_first);

struct Position {
  hb::Graph picture;                // the picture the game started from
  std::vector<std::uint32_t> cuts;  // the cuts played on it
  hb::Side first = hb::Side::blue;  // who cut first (the sides alternate)
  hb::Graph now;                    // the picture after the cuts
  hb::Side to_move = hb::Side::blue;
  std::string name;  // the file name or the --string text, for captions
};

// InputError: no picture, a picture given twice (FILE and --string, or either with a record in
// --moves), --moves with a FILE that is a record, a bad cut, --first against the record.
Position position(const PositionOptions& o);

void install_play(Command hackenbush);
void install_move(Command hackenbush);
void install_analyze_game(Command hackenbush);

// The post-game analysis as text (hackenbush_game.cpp; also `analyze` in `hackenbush play`, where
// `me` names the user's side).
void print_review(const hb::Graph& picture, const hb::GameReview& review,
                  std::optional<hb::Side> me);

// "e0 (0-1)", "e3 (1-2 b)": an edge as the answers name it.
std::string edge_name(const hb::Graph& g, std::uint32_t e);
// "Blue", "Red".
std::string side_title(hb::Side s);

}  // namespace grundy::cli::hackenbush_cli
