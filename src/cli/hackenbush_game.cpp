// grundy hackenbush move FILE [--moves CUTS] [--engine E] [--seed S] [--json]: the engine's cut;
// grundy hackenbush analyze-game FILE --moves CUTS | RECORD [--json]: every cut's exact value
// before and after, the mistakes and the better cuts.
#include <algorithm>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "grundy/core/strength.h"
#include "grundy/games/hackenbush/game_review.h"
#include "grundy/games/hackenbush/play.h"
#include "hackenbush_cli.h"
#include "io.h"
#include "play_loop.h"
#include "report/hackenbush.h"

namespace grundy::cli::hackenbush_cli {
namespace {

struct MoveOptions {
  PositionOptions position;
  StrengthOptions engine;
  bool json = false;
};

void run_move(const MoveOptions& o) {
  const auto p = position(o.position);
  const Strength strength = o.engine.strength();
  search::Rng rng(o.engine.seed);
  const std::uint32_t e = hb::choose_cut(p.now, p.to_move, strength, rng);
  const auto j = report::hackenbush_move_json(p.now, p.to_move, strength, o.engine.seed, e);
  if (o.json) return print_json(j);
  std::string fell;
  for (const auto& f : j["fell"])
    fell += (fell.empty() ? "" : ", ") + fmt::format("e{}", f.get<int>());
  fmt::print("The {} engine ({}) cuts {}{}.\n", to_string(strength), side_title(p.to_move),
             edge_name(p.now, e), fell.empty() ? "" : "; " + fell + " fell with it");
}

struct AnalyzeGameOptions {
  PositionOptions position;
  bool json = false;
};

void run_analyze_game(const AnalyzeGameOptions& o) {
  const auto p = position(o.position);
  const auto review = hb::review_game(p.picture, p.cuts, p.first);
  if (o.json) return print_json(report::hackenbush_game_review_json(review, p.first));
  print_review(p.picture, review, std::nullopt);
}

}  // namespace

void print_review(const hb::Graph& picture, const hb::GameReview& review,
                  std::optional<hb::Side> me) {
  const auto who = [&](hb::Side s) {
    const std::string colour = side_title(s);
    if (!me) return colour;
    return fmt::format("{} ({})", s == *me ? "you" : "the engine", colour);
  };
  fmt::print(
      "Hackenbush ({}), {} analysed exactly. Values are the position's value before and after "
      "each cut ({}); 'wins' says whether the side that cut wins with perfect play, moving "
      "first before the cut, and with the opponent to move after it. A cut from a won position "
      "to a lost one is a mistake.\n",
      hb::to_string(review.kind), count_of(review.moves.size(), "cut"),
      review.kind == hb::PositionKind::green
          ? "nimbers: 0 means the player to move loses"
          : "positive values are good for Blue, negative for Red");
  int mistakes[2] = {0, 0};
  const std::size_t width = std::max(who(hb::Side::blue).size(), who(hb::Side::red).size());
  for (std::size_t i = 0; i < review.moves.size(); ++i) {
    const auto& c = review.moves[i];
    std::string note;
    if (c.mistake) {
      ++mistakes[static_cast<int>(c.side)];
      std::string best;
      for (const auto e : c.best) best += (best.empty() ? "" : ", ") + edge_name(picture, e);
      note = "  mistake: a won position given away; best " + best;
    }
    fmt::print("{:>4}. {:<{}} {:<5} {} ({}) -> {} ({}){}\n", i + 1, who(c.side), width,
               fmt::format("e{}", c.edge), c.value_before, c.wins_before ? "wins" : "loses",
               c.value_after, c.wins_after ? "wins" : "loses", note);
  }
  print_mistake_counts({who(hb::Side::blue), who(hb::Side::red)}, mistakes);
}

void install_move(Command hackenbush) {
  auto o = std::make_shared<MoveOptions>();
  auto cmd = hackenbush.add_subcommand(
      "move", "The engine's cut at a strength for the side to move, as in play");
  add_position_options(cmd, o->position, true);
  add_strength_options(cmd, o->engine);
  cmd.add_flag("--json", o->json, "print JSON: side, move, edge, fell, game_over");
  cmd.footer(
      "Example:\n  grundy hackenbush move --string 'ee(e;eee)' --moves e0 --engine good --json");
  cmd.callback([o, cmd] {
    o->position.file_given = cmd.count("file") > 0;
    run_move(*o);
  });
}

void install_analyze_game(Command hackenbush) {
  auto o = std::make_shared<AnalyzeGameOptions>();
  auto cmd = hackenbush.add_subcommand(
      "analyze-game", "Post-game analysis: every cut's exact value before and after, mistakes");
  add_position_options(cmd, o->position, true);
  cmd.add_flag("--json", o->json,
               "print JSON: per cut move, value_before, value_after, best, mistake");
  cmd.footer(
      "Example:\n  grundy hackenbush analyze-game examples/hackenbush/seed_tree.txt --moves "
      "'e0 e2 e16'\n  grundy hackenbush analyze-game game.txt --json   (a record from the page "
      "or from play)");
  cmd.callback([o, cmd] {
    o->position.file_given = cmd.count("file") > 0;
    run_analyze_game(*o);
  });
}

}  // namespace grundy::cli::hackenbush_cli
