// grundy nim move HEAPS [--moves LIST] [--engine E] [--seed S] [--json]: the engine's move;
// grundy nim analyze-game HEAPS --moves LIST [--json]: every move's exact value before and after.
#include <algorithm>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "grundy/core/parse.h"
#include "grundy/core/strength.h"
#include "grundy/games/nim/engine.h"
#include "grundy/games/nim/game_review.h"
#include "io.h"
#include "nim_cli.h"
#include "play_loop.h"
#include "report/nim.h"

namespace grundy::cli::nim_cli {
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
  const auto t = nim::choose_move(p.now, p.rule, strength, rng);
  if (o.json) return print_json(report::nim_move_json(p.now, p.rule, strength, o.engine.seed, t));
  const std::uint64_t left = p.now[t.heap] - t.take;
  fmt::print("The {} engine takes {} from heap {} ({}), leaving {} there.\n", to_string(strength),
             t.take, t.heap + 1, nim::move_name(t), count_of(left, "token"));
}

struct AnalyzeGameOptions {
  PositionOptions position;
  bool json = false;
};

void run_analyze_game(const AnalyzeGameOptions& o) {
  const auto p = position(o.position);
  const auto review = nim::review_game(p.start, p.moves, p.rule);
  if (o.json) return print_json(report::nim_game_review_json(review, p.start.size()));
  std::string from;
  if (p.start.size() <= 16)
    for (const auto h : p.start) from += (from.empty() ? "" : " ") + std::to_string(h);
  else
    from = std::to_string(p.start.size()) + " heaps";
  fmt::print("Nim, {} play, from {}:\n", p.rule == Rule::normal ? "normal" : "misère", from);
  print_review(review);
}

}  // namespace

void print_review(const nim::GameReview& review, int me) {
  const auto who = [&](int player) {
    if (me < 0) return fmt::format("player {}", player + 1);
    return std::string(player == me ? "you" : "the engine");
  };
  fmt::print(
      "{} analysed exactly (Bouton's theorem{}). Values are the {} of the heaps for the player "
      "to move: before a move for its player, after it for the opponent. 0 means the player to "
      "move loses, so a move from a value that is not 0 to another that is not 0 gives the win "
      "away.\n",
      count_of(review.moves.size(), "move"), review.rule == Rule::misere ? ", misère form" : "",
      review.rule == Rule::misere ? "misère value (the xor, its last bit flipped when no heap "
                                    "exceeds 1)"
                                  : "xor");
  int mistakes[2] = {0, 0};
  const std::size_t width = std::max(who(0).size(), who(1).size());
  for (std::size_t i = 0; i < review.moves.size(); ++i) {
    const auto& m = review.moves[i];
    std::string note;
    if (m.mistake) {
      ++mistakes[m.player];
      std::string best;
      for (const auto& b : m.best)
        best += (best.empty() ? "" : ", ") + nim::move_name({b.heap, b.from - b.to});
      note = "  mistake: a won position given away; best " + best;
    }
    fmt::print("{:>4}. {:<{}} {:<8} {:>3} -> {}{}\n", i + 1, who(m.player), width,
               nim::move_name(m.move), m.value_before, m.value_after, note);
  }
  print_mistake_counts({who(0), who(1)}, mistakes);
}

void install_move(Command nim) {
  auto o = std::make_shared<MoveOptions>();
  auto cmd = nim.add_subcommand("move", "The engine's move at a strength, as in play");
  add_position_options(cmd, o->position, false);
  add_strength_options(cmd, o->engine);
  cmd.add_flag("--json", o->json, "print JSON: move, heap, from, to, take, game_over");
  cmd.footer("Example:\n  grundy nim move 3 4 5 --engine good --seed 7 --json");
  cmd.callback([o] { run_move(*o); });
}

void install_analyze_game(Command nim) {
  auto o = std::make_shared<AnalyzeGameOptions>();
  auto cmd = nim.add_subcommand(
      "analyze-game", "Post-game analysis: every move's exact value before and after, mistakes");
  add_position_options(cmd, o->position, false);
  cmd.add_flag("--json", o->json,
               "print JSON: per move move, value_before, value_after, best, mistake");
  cmd.footer(
      "Example:\n  grundy nim analyze-game 3 4 5 --moves 'h1-1 h2-3 h3-2'\n"
      "  grundy nim analyze-game --moves \"$(cat game.txt)\" --json   (a record with # Heaps:)");
  cmd.callback([o] { run_analyze_game(*o); });
}

}  // namespace grundy::cli::nim_cli
