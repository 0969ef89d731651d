// grundy dots match A B --size RxC --games N [--seed S] [--seconds T] [--json]
#include <memory>
#include <string>

#include <fmt/core.h>

#include "dots_cli.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/dots/players.h"
#include "grundy/search/match.h"
#include "io.h"

namespace grundy::cli::dots_cli {
namespace {

struct MatchOptions {
  std::string a, b;
  std::string size = "3x3";
  std::string games = "100";
  std::string seed = "1";
  std::string seconds;
  bool json = false;
};

void run(const MatchOptions& o) {
  const auto& board = dots::Board::parse(o.size);
  const int games = static_cast<int>(parse_uint_in(o.games, "--games", 1, 10'000'000));
  const std::uint64_t seed = parse_uint(o.seed, "--seed", ~std::uint64_t{0} >> 1);
  dots::EngineOptions eo;
  if (!o.seconds.empty()) eo.seconds = parse_decimal(o.seconds, "--seconds", 0.001, 86'400);
  auto a = dots::make_engine(o.a, seed, eo);
  auto b = dots::make_engine(o.b, seed + 1, eo);
  const auto r = search::play_match<dots::DotsState>(*a, *b, dots::DotsState(board), games, seed,
                                                     board.lines());
  const auto ci = r.score_interval();
  if (o.json) {
    print_json({{"board", board.size_name()},
                {"a", o.a},
                {"b", o.b},
                {"games", r.games},
                {"wins", r.wins},
                {"ties", r.draws},
                {"losses", r.losses},
                {"score", r.score()},
                {"score_interval", {ci.low, ci.high}},
                {"a_first_wins", r.wins_first},
                {"a_first_games", r.games_first},
                {"mean_margin", static_cast<double>(r.margin) / r.games},
                {"seed", seed}});
    return;
  }
  fmt::print("Dots and Boxes {}: {} against {}, {} games, each starting every other game.\n",
             board.size_name(), o.a, o.b, r.games);
  fmt::print(
      "{} won {}, tied {}, lost {}: score {:.1f}% (95% interval {:.1f}% to {:.1f}%), "
      "mean margin {:+.2f} boxes.\n",
      o.a, r.wins, r.draws, r.losses, 100 * r.score(), 100 * ci.low, 100 * ci.high,
      static_cast<double>(r.margin) / r.games);
}

}  // namespace

void install_match(Command dots) {
  auto o = std::make_shared<MatchOptions>();
  auto cmd = dots.add_subcommand("match", "Play engines against each other and count the results");
  cmd.add_option("a", o->a, "first engine: random, greedy, control or perfect").required();
  cmd.add_option("b", o->b, "second engine").required();
  cmd.add_option("--size", o->size, "board size, ROWSxCOLUMNS (default 3x3)");
  cmd.add_option("--games", o->games, "number of games (default 100)");
  cmd.add_option("--seed", o->seed, "random seed (default 1): a seed names a match");
  cmd.add_option("--seconds", o->seconds, "perfect: solver budget per move (default 1)");
  cmd.add_flag("--json", o->json, "print JSON: wins, ties, losses, score, score_interval");
  cmd.footer("Example:\n  grundy dots match control greedy --size 4x4 --games 1000");
  cmd.callback([o] { run(*o); });
}

}  // namespace grundy::cli::dots_cli
