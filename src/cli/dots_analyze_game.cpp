// grundy dots analyze-game RxC --moves LIST [--seconds T] [--json]: every move of a game with
// its exact value before and after, the best lines, and the boxes each mistake gave away.
#include <memory>
#include <string>

#include <fmt/core.h>

#include "dots_cli.h"
#include "grundy/core/parse.h"
#include "grundy/games/dots/game_review.h"
#include "interrupt.h"
#include "io.h"
#include "report/game_review.h"

namespace grundy::cli::dots_cli {
namespace {

struct AnalyzeGameOptions {
  std::string size;
  std::string moves;
  std::string seconds;
  bool json = false;
};

std::string signed_value(const std::optional<int>& v) {
  return !v ? std::string("?") : *v == 0 ? std::string("0") : fmt::format("{:+d}", *v);
}

void run(const AnalyzeGameOptions& o) {
  const auto& board = dots::Board::parse(o.size);
  const auto lines = board.parse_lines(o.moves);
  dots::ReviewOptions ro;
  if (!o.seconds.empty()) ro.seconds = parse_decimal(o.seconds, "--seconds", 0.001, 1e8);
  InterruptScope interrupt;
  ro.stop = interrupt.stop();
  const auto review = dots::review_game(board, lines, ro);
  if (o.json) return print_json(report::dots_game_review_json(board, review));
  print_review(board, review);
  if (interrupt.interrupted()) std::exit(130);
}

}  // namespace

void print_review(const dots::Board& board, const dots::GameReview& review) {
  fmt::print(
      "Dots and Boxes {}: {} move{} analysed by the exact solver. Values are the best final "
      "margin of the boxes still to play, for the player who moved, before and after the move; "
      "a move that lowers it gives boxes away.\n",
      board.size_name(), review.moves.size(), review.moves.size() == 1 ? "" : "s");
  int mistakes[2] = {0, 0}, lost[2] = {0, 0};
  for (std::size_t i = 0; i < review.moves.size(); ++i) {
    const auto& m = review.moves[i];
    std::string note;
    if (m.mistake) {
      const int gave = *m.value_before - *m.value_after;
      ++mistakes[m.player];
      lost[m.player] += gave;
      note = fmt::format("  mistake: {} box{} given away; best {}", gave, gave == 1 ? "" : "es",
                         name_list(dots_line_names(board, m.best)));
    }
    std::string line = fmt::format(
        "{:>4}. player {} {:<5} {:>3} -> {:<3}{}{}", i + 1, m.player + 1, board.line_name(m.line),
        signed_value(m.value_before), signed_value(m.value_after),
        m.captured ? fmt::format(" (+{} box{})", m.captured, m.captured == 1 ? "" : "es")
                   : std::string(),
        note);
    while (line.back() == ' ') line.pop_back();
    fmt::print("{}\n", line);
  }
  for (int p = 0; p < 2; ++p)
    fmt::print("Player {}: {}.\n", p + 1,
               mistakes[p] == 0
                   ? std::string("no mistake")
                   : fmt::format("{} mistake{} ({} box{} given away)", mistakes[p],
                                 mistakes[p] == 1 ? "" : "s", lost[p], lost[p] == 1 ? "" : "es"));
  const std::size_t positions = review.moves.size() + 1;
  fmt::print("Exact values for {} of {} positions{} ({:.2f} s, {} nodes).\n", review.solved,
             positions,
             static_cast<std::size_t>(review.solved) < positions
                 ? " (? where the solver did not finish: give more --seconds)"
                 : "",
             review.seconds, review.nodes);
}

void install_analyze_game(Command dots) {
  auto o = std::make_shared<AnalyzeGameOptions>();
  auto cmd = dots.add_subcommand(
      "analyze-game",
      "Post-game analysis: every move's exact value before and after, mistakes and best lines");
  cmd.add_option("size", o->size, "board size in boxes, ROWSxCOLUMNS (e.g. 3x3)").required();
  cmd.add_option("--moves", o->moves,
                 "the game's lines in order (a game record: '#' lines are comments)")
      .required();
  cmd.add_option("--seconds", o->seconds,
                 "the solver's budget for the whole game (default 60); positions are solved from "
                 "the end back, so a short budget leaves the earliest without a value");
  cmd.add_flag("--json", o->json,
               "print JSON: per move move, value_before, value_after, best, mistake");
  cmd.footer(
      "Example:\n  grundy dots analyze-game 2x2 --moves 'a1b1 b2c2 a1a2 c1c2 a2b2 b1b2 a3b3 "
      "b3c3 a2a3 b2b3 c2c3 b1c1'\n  grundy dots analyze-game 3x3 --moves \"$(cat game.txt)\" "
      "--json");
  cmd.callback([o] { run(*o); });
}

}  // namespace grundy::cli::dots_cli
