// grundy dots move RxC [--moves LIST] [--engine E] [--seed S] [--seconds T] [--json]
// One move of an engine: what `grundy dots play` would answer, as one question (the web page
// asks it the same way, through POST /api/dots/move).
#include <memory>
#include <string>

#include <fmt/core.h>

#include "dots_cli.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/dots/players.h"
#include "io.h"
#include "report/dots.h"

namespace grundy::cli::dots_cli {
namespace {

struct MoveOptions {
  std::string size;
  std::string moves;
  std::string engine = "control";
  std::string seed = "1";
  std::string seconds;
  bool json = false;
};

void run(const MoveOptions& o) {
  const auto& board = dots::Board::parse(o.size);
  const auto s = dots::DotsState::after(board, o.moves);
  const std::uint64_t seed = parse_uint(o.seed, "--seed", ~std::uint64_t{0} >> 1);
  dots::EngineOptions eo;
  if (!o.seconds.empty()) eo.seconds = parse_decimal(o.seconds, "--seconds", 0.001, 3600);
  auto engine = dots::make_engine(o.engine, seed, eo);
  if (s.is_over()) throw InputError("the game is over: every line is drawn");
  const int line = engine->choose(s);
  if (o.json) return print_json(report::dots_move_json(s, o.engine, line));
  auto after = s;
  after.play(static_cast<dots::DotsState::Move>(line));
  const int boxes = s.completes(line);
  fmt::print("The {} engine draws {}{}{}.\n{}\n", o.engine, board.line_name(line),
             boxes == 0   ? ""
             : boxes == 1 ? ", completing a box"
                          : ", completing two boxes",
             boxes > 0 && !after.is_over() ? ", and moves again" : "", headline(after));
}

}  // namespace

void install_move(Command dots) {
  auto o = std::make_shared<MoveOptions>();
  auto cmd = dots.add_subcommand("move", "One move of an engine in a position");
  cmd.add_option("size", o->size, "board size in boxes, ROWSxCOLUMNS (e.g. 3x3)").required();
  cmd.add_option("--moves", o->moves, "the lines drawn so far, in order");
  cmd.add_option("--engine", o->engine, "random, greedy, control (default) or perfect");
  cmd.add_option("--seed", o->seed, "random seed for the engine's choice among equal lines");
  cmd.add_option("--seconds", o->seconds, "perfect: solver budget (default 1)");
  cmd.add_flag("--json", o->json, "print JSON: move, completes, the position before and after");
  cmd.footer("Example:\n  grundy dots move 2x2 --moves 'a1b1 a1a2 b1b2' --engine greedy --json");
  cmd.callback([o] { run(*o); });
}

}  // namespace grundy::cli::dots_cli
