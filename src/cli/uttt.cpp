// grundy uttt show|perft|playouts|analyze|play|match|solve: Ultimate Tic-Tac-Toe.
// This file: the `uttt` command itself, the shared position options, and show, perft, playouts.
#include <bit>
#include <chrono>
#include <string>

#include <fmt/core.h>

#include "command.h"
#include "grundy/core/error.h"
#include "grundy/core/output_file.h"
#include "grundy/core/parse.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/playout.h"
#include "grundy/games/uttt/svg.h"
#include "grundy/search/two_player.h"
#include "io.h"
#include "report/uttt.h"
#include "uttt_cli.h"

namespace grundy::cli::uttt_cli {

void add_position_options(Command cmd, PositionOptions& o, bool moves_required) {
  auto moves = cmd.add_option("--moves", o.moves,
                              "moves played so far from the empty board, X first: cells a1-i9 "
                              "(column a-i, row 1-9 from the top) separated by spaces or commas");
  if (moves_required) moves.required();
  cmd.add_option("--rules", o.rules,
                 "standard (won or full boards close), orlin (won boards stay open; a free "
                 "move only when the target board is full) or codingame (standard; with no line "
                 "at the end, more boards won wins)")
      .default_str("standard");
}

uttt::Board position(const PositionOptions& o) {
  return uttt::play_moves(o.moves, uttt::parse_rules(o.rules));
}

const char* player_name(int player) {
  return report::uttt_player_name(player);
}

std::string board_text(const uttt::Board& b) {
  return report::uttt_board_text(b);
}

namespace {

struct ShowOptions {
  PositionOptions position;
  std::string svg;
  bool json = false;
};

void run_show(const ShowOptions& o) {
  const uttt::Board b = position(o.position);
  const auto moves = uttt::split_move_list(o.position.moves);
  if (!o.svg.empty()) {
    std::optional<uttt::Board::Move> last;
    if (!moves.empty()) last = uttt::parse_cell(moves.back());
    write_output_file(o.svg, uttt::to_svg(b, last));
  }
  if (o.json) return print_json(report::uttt_show_json(b, moves.size()));
  std::vector<uttt::Board::Move> played;
  for (const auto& t : moves) played.push_back(uttt::parse_cell(t));
  fmt::print("{}", report::uttt_show_text(b, played));
  if (!o.svg.empty()) fmt::print("Picture written to {}.\n", o.svg);
}

struct PerftOptions {
  PositionOptions position;
  std::string depth;
  bool json = false;
};

void run_perft(const PerftOptions& o) {
  uttt::Board b = position(o.position);
  const auto depth = static_cast<int>(parse_uint(o.depth, "depth", 12, "12"));
  const std::uint64_t n = search::perft(b, depth);
  if (o.json) {
    print_json({{"rules", uttt::rules_name(b.rules())},
                {"moves", o.position.moves},
                {"depth", depth},
                {"sequences", n}});
    return;
  }
  fmt::print("perft {} ({} rules, {}): {} move sequences of exactly {} plies\n", depth,
             uttt::rules_name(b.rules()),
             o.position.moves.empty() ? "empty board" : "after " + o.position.moves, n, depth);
}

struct PlayoutsOptions {
  PositionOptions position;
  std::string count;
  std::uint64_t seed = 1;
  bool json = false;
};

void run_playouts(const PlayoutsOptions& o) {
  const uttt::Board b = position(o.position);
  const auto n = parse_uint(o.count, "number of playouts", std::uint64_t{1} << 40, "2^40");
  const auto start = std::chrono::steady_clock::now();
  const auto s = uttt::random_playouts(b, n, o.seed);
  const std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
  const double per_second = d.count() > 0 ? static_cast<double>(s.games) / d.count() : 0;
  const double mean = s.games ? static_cast<double>(s.plies) / static_cast<double>(s.games) : 0;
  if (o.json) {
    print_json({{"rules", uttt::rules_name(b.rules())},
                {"playouts", s.games},
                {"seed", o.seed},
                {"x_wins", s.x_wins},
                {"o_wins", s.o_wins},
                {"draws", s.draws},
                {"mean_length", mean},
                {"seconds", d.count()},
                {"per_second", per_second}});
    return;
  }
  auto pct = [&](std::uint64_t k) {
    return s.games ? 100.0 * static_cast<double>(k) / static_cast<double>(s.games) : 0.0;
  };
  fmt::print(
      "{} random games ({} rules, seed {}): X wins {} ({:.1f}%), O wins {} ({:.1f}%), draws {} "
      "({:.1f}%); {:.1f} moves on average.\n{:.0f} playouts per second on one core.\n",
      s.games, uttt::rules_name(b.rules()), o.seed, s.x_wins, pct(s.x_wins), s.o_wins,
      pct(s.o_wins), s.draws, pct(s.draws), mean, per_second);
}

const Registration uttt_registration{
    70, "uttt", [](Command app) {
      auto uttt = app.add_subcommand(
          "uttt",
          "Ultimate Tic-Tac-Toe (standard, orlin and codingame rules): show, perft, random "
          "playouts, "
          "engines (random, heuristic, mcts, alphabeta, net), matches, bots and an arena, "
          "proof-number solving");
      uttt.require_subcommand(1);
      uttt.footer(
          "Cells are a1-i9: column a-i left to right, row 1-9 top to bottom (e5 is the centre of "
          "the centre board).\nExample:\n  grundy uttt show --moves 'e5 e4 d2'\n  grundy uttt "
          "analyze --moves 'e5 e4' --ms 500");

      auto show = std::make_shared<ShowOptions>();
      auto s = uttt.add_subcommand("show", "The board after a move list: owners, who moves where");
      add_position_options(s, show->position);
      s.add_option("--svg", show->svg, "also write an SVG picture to FILE");
      s.add_flag("--json", show->json, "print JSON: rows, boards, to_move, legal_moves, winner");
      s.footer("Example:\n  grundy uttt show --moves 'e5 e4 d2' --svg board.svg");
      s.callback([show] { run_show(*show); });

      auto perft = std::make_shared<PerftOptions>();
      auto p = uttt.add_subcommand(
          "perft", "Move sequences of exactly DEPTH plies (a finished game is not extended)");
      p.add_option("depth", perft->depth, "plies (0-12)").required();
      add_position_options(p, perft->position);
      p.add_flag("--json", perft->json, "print JSON");
      p.footer("Example:\n  grundy uttt perft 5\n  grundy uttt perft 6 --rules orlin");
      p.callback([perft] { run_perft(*perft); });

      auto playouts = std::make_shared<PlayoutsOptions>();
      auto r = uttt.add_subcommand(
          "playouts", "Random games to the end on one core: results and playouts per second");
      r.add_option("count", playouts->count, "number of games").required();
      r.add_number("--seed", playouts->seed, 0, ~std::uint64_t{0} >> 1,
                   "random seed (a seed names a run)");
      add_position_options(r, playouts->position);
      r.add_flag("--json", playouts->json,
                 "print JSON: per_second, x_wins, o_wins, draws, mean_length");
      r.footer("Example:\n  grundy uttt playouts 1000000 --seed 7 --json");
      r.callback([playouts] { run_playouts(*playouts); });

      install_play_commands(uttt);
      install_solve_commands(uttt);
      install_analyze_game_command(uttt);
      install_bot_command(uttt);
      install_arena_command(uttt);
    }};

}  // namespace
}  // namespace grundy::cli::uttt_cli
