// grundy dots play RxC [--engine E] [--first me|engine] [--seed S] [--seconds T]
// In the terminal: the board is redrawn after each move; type a line (a1b1), ? for a hint,
// or q to quit. Standard input may be a pipe (one move per line).
#include <iostream>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "dots_cli.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/core/text.h"
#include "grundy/games/dots/players.h"
#include "grundy/games/dots/render.h"
#include "grundy/games/dots/solver.h"

namespace grundy::cli::dots_cli {
namespace {

struct PlayOptions {
  std::string size = "3x3";
  std::string engine = "control";
  std::string first = "me";
  std::string seed = "1";
  std::string seconds;
};

void hint(const dots::DotsState& s, search::Rng& rng) {
  const auto& b = s.board();
  const auto advice = dots::control_advice(s, rng);
  fmt::print("Hint: {} — {}.\n", b.line_name(advice.line), advice.reason);
  if (b.lines() - s.lines_drawn() <= 30) {
    dots::SolveOptions so;
    so.seconds = 2;
    so.table_bytes = std::size_t{64} << 20;
    const auto r = dots::solve(s, so);
    if (r.complete)
      fmt::print("Exact: you {} the remaining {} boxes by {} with {}.\n",
                 r.value > 0    ? "win"
                 : r.value == 0 ? "tie"
                                : "lose",
                 s.boxes_left(), r.value < 0 ? -r.value : r.value,
                 name_list(dots_line_names(b, r.best)));
  }
}

void run(const PlayOptions& o) {
  const auto& board = dots::Board::parse(o.size);
  if (o.first != "me" && o.first != "engine")
    throw InputError("--first must be 'me' or 'engine', not '" + shown_token(o.first) + "'");
  const std::uint64_t seed = parse_uint(o.seed, "--seed", ~std::uint64_t{0} >> 1);
  dots::EngineOptions eo;
  if (!o.seconds.empty())
    eo.seconds = parse_decimal(o.seconds, "--seconds", 0.001, 3600);
  auto engine = dots::make_engine(o.engine, seed, eo);
  search::Rng rng(seed);
  const int me = o.first == "me" ? 0 : 1;
  dots::DotsState s(board);
  fmt::print(
      "Dots and Boxes {} against the {} engine. You are player {} ({}).\n"
      "Type a line by its two dots (a1b1, a1a2), ? for a hint, q to quit.\n\n",
      board.size_name(), o.engine, me + 1, me == 0 ? "you move first" : "the engine moves first");
  fmt::print("{}", dots::render_ascii(s));
  while (!s.is_over()) {
    if (s.to_move() != me) {
      const auto m = engine->choose(s);
      s.play(m);
      fmt::print("\nThe engine draws {}{}.\n{}", board.line_name(m),
                 s.to_move() != me && !s.is_over() ? " and moves again" : "",
                 dots::render_ascii(s));
      continue;
    }
    fmt::print("Score {}–{}. Your move: ", s.points(0), s.points(1));
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) {
      fmt::print("\n");
      return;
    }
    const auto tokens = split_move_list(line);
    if (tokens.empty()) continue;
    const auto word = tokens[0].text;
    if (word == "q" || word == "quit") return;
    if (word == "?") {
      hint(s, rng);
      continue;
    }
    try {
      const auto m = s.parse_move(word);
      s.play(m);
      fmt::print("{}{}", dots::render_ascii(s),
                 s.to_move() == me && !s.is_over() ? "You completed a box: move again.\n" : "");
    } catch (const InputError& e) {
      fmt::print("{} — try again (? for a hint).\n", e.what());
    }
  }
  fmt::print("\nGame over: {} ({}).\n", result_words(s.points(0), s.points(1)),
             s.points(me) > s.points(1 - me)    ? "you win"
             : s.points(me) == s.points(1 - me) ? "a tie"
                                                : "the engine wins");
}

}  // namespace

void install_play(Command dots) {
  auto o = std::make_shared<PlayOptions>();
  auto cmd = dots.add_subcommand("play", "Play against an engine in the terminal");
  cmd.add_option("size", o->size, "board size in boxes, ROWSxCOLUMNS (default 3x3)");
  cmd.add_option("--engine", o->engine, "random, greedy, control (default) or perfect");
  cmd.add_option("--first", o->first, "who moves first: me (default) or engine");
  cmd.add_option("--seed", o->seed, "random seed for the engine (default 1)");
  cmd.add_option("--seconds", o->seconds, "perfect: solver budget per move (default 1)");
  cmd.footer("Example:\n  grundy dots play 3x3 --engine perfect --first engine");
  cmd.callback([o] { run(*o); });
}

}  // namespace grundy::cli::dots_cli
