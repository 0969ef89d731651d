// grundy uttt analyze-game --moves LIST [--rules R] [--iterations N] [--seed S] [--json]: every
// move of a game with the mover's win rate before and after it (MCTS, a fixed budget per
// position), the engine's best move, and the mistakes.
#include <cmath>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "grundy/games/uttt/game_review.h"
#include "grundy/games/uttt/notation.h"
#include "io.h"
#include "report/game_review.h"
#include "uttt_cli.h"

namespace grundy::cli::uttt_cli {
namespace {

struct AnalyzeGameOptions {
  PositionOptions position;
  std::uint64_t iterations = 10000;
  std::uint64_t seed = 1;
  bool json = false;
};

std::string percent(double v) {
  return fmt::format("{:.0f}%", 100 * v);
}

void run(const AnalyzeGameOptions& o) {
  uttt::ReviewOptions ro;
  ro.iterations = o.iterations;
  ro.seed = o.seed;
  const auto review = uttt::review_game(o.position.moves, uttt::parse_rules(o.position.rules), ro);
  if (o.json) return print_json(report::uttt_game_review_json(review));
  print_game_review(review);
}

}  // namespace

void print_game_review(const uttt::GameReview& review) {
  fmt::print(
      "Ultimate Tic-Tac-Toe, {} rules: {} move{} analysed by MCTS ({} playouts per position, "
      "seed {}). Values are the mover's win rate (a draw counts half) before and after the "
      "move; a drop of {:.0f} points or more, or a proved win let go, is a mistake.\n",
      uttt::rules_name(review.rules), review.moves.size(), review.moves.size() == 1 ? "" : "s",
      review.iterations, review.seed, 100 * uttt::kMistakeDrop);
  int mistakes[2] = {0, 0};
  for (std::size_t i = 0; i < review.moves.size(); ++i) {
    const auto& m = review.moves[i];
    mistakes[m.player] += m.mistake;
    fmt::print("{:>4}. {} {}  {:>4} -> {:<4}{}\n", i + 1, player_name(m.player),
               uttt::cell_name(m.move), percent(m.value_before), percent(m.value_after),
               m.mistake          ? fmt::format("  mistake; best {}", uttt::cell_name(m.best))
               : m.move != m.best ? fmt::format("  (engine: {})", uttt::cell_name(m.best))
                                  : std::string());
  }
  for (int p = 0; p < 2; ++p)
    fmt::print("{}: {}.\n", player_name(p),
               mistakes[p] == 0
                   ? std::string("no mistake")
                   : fmt::format("{} mistake{}", mistakes[p], mistakes[p] == 1 ? "" : "s"));
  fmt::print("{} playouts in {:.2f} s.\n", review.playouts, review.seconds);
}

void install_analyze_game_command(Command uttt) {
  auto o = std::make_shared<AnalyzeGameOptions>();
  auto a = uttt.add_subcommand(
      "analyze-game",
      "Post-game analysis: every move's win rate before and after, mistakes and the best move");
  add_position_options(a, o->position, true);
  a.add_number("--iterations", o->iterations, 1, 1'000'000'000,
               "MCTS playouts per position (default 10000)");
  a.add_number("--seed", o->seed, 0, ~std::uint64_t{0} >> 1, "random seed (default 1)");
  a.add_flag("--json", o->json,
             "print JSON: per move move, value_before, value_after, best, mistake");
  a.footer(
      "Example:\n  grundy uttt analyze-game --moves 'e5 e4 d2 a4 b1 e3 e9 e7'\n  grundy uttt "
      "analyze-game --moves \"$(cat game.txt)\" --iterations 20000 --json");
  a.callback([o] { run(*o); });
}

}  // namespace grundy::cli::uttt_cli
