// grundy dots play RxC [--engine E] [--first me|engine] [--moves LIST] [--seed S] [--seconds T]
// In the terminal: the board is redrawn after each move; type a line (a1b1), ? for a hint,
// undo, resign, new (a new game from this position), record, analyze, or q to quit. Standard
// input may be a pipe (one command per line).
#include <iostream>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "dots_cli.h"
#include "game_record.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/core/text.h"
#include "grundy/games/dots/game_review.h"
#include "grundy/games/dots/players.h"
#include "grundy/games/dots/render.h"
#include "grundy/games/dots/solver.h"

namespace grundy::cli::dots_cli {
namespace {

struct PlayOptions {
  std::string size = "3x3";
  std::string engine = "control";
  std::string first = "me";
  std::string moves;
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

// One game in the terminal: the lines from the start position, who drew each, a resignation.
class Game {
 public:
  Game(const dots::Board& board, std::vector<int> start, int me)
      : board_(board), start_(std::move(start)), me_(me), state_(position()) {}

  const dots::DotsState& state() const { return state_; }
  int me() const { return me_; }
  bool over() const { return state_.is_over() || resigned_ >= 0; }
  bool any_mine() const {
    for (const int p : players_)
      if (p == me_) return true;
    return false;
  }

  void play(int line) {
    players_.push_back(state_.to_move());
    moves_.push_back(line);
    state_.play(static_cast<dots::DotsState::Move>(line));
  }
  // Takes back the last line the player drew, and every line after it.
  void undo() {
    while (!moves_.empty()) {
      const int p = players_.back();
      moves_.pop_back();
      players_.pop_back();
      if (p == me_) break;
    }
    resigned_ = -1;
    state_ = position();
  }
  void resign() { resigned_ = me_; }
  // A new game from this position: the lines so far become its start.
  void restart_here() {
    start_.insert(start_.end(), moves_.begin(), moves_.end());
    moves_.clear();
    players_.clear();
    resigned_ = -1;
  }
  std::vector<int> all_lines() const {
    std::vector<int> all = start_;
    all.insert(all.end(), moves_.begin(), moves_.end());
    return all;
  }

  // "you win 6–3", "the engine wins 5–4", "a tie 4–4", "you resigned".
  std::string result() const {
    const int mine = state_.points(me_), theirs = state_.points(1 - me_);
    if (resigned_ >= 0) return fmt::format("you resigned at {}–{}", mine, theirs);
    if (!state_.is_over()) return "unfinished";
    return fmt::format("{} {}–{}",
                       mine > theirs    ? "you win"
                       : mine == theirs ? "a tie"
                                        : "the engine wins",
                       std::max(mine, theirs), std::min(mine, theirs));
  }

  std::string record(const std::string& engine) const {
    std::vector<std::string> names;
    for (const int l : all_lines()) names.push_back(board_.line_name(l));
    const std::string players =
        me_ == 0 ? "player 1 you, player 2 the engine" : "player 1 the engine, player 2 you";
    std::string outcome = "unfinished";
    if (resigned_ >= 0)
      outcome = fmt::format("player {} resigned at {}–{}: player {} wins", resigned_ + 1,
                            state_.points(0), state_.points(1), 2 - resigned_);
    else if (state_.is_over())
      outcome = result_words(state_.points(0), state_.points(1));
    return game_record({"Dots and Boxes " + board_.size_name(), engine, players, outcome}, names);
  }

 private:
  dots::DotsState position() const { return dots::DotsState::after(board_, all_lines()); }

  const dots::Board& board_;
  std::vector<int> start_, moves_;
  std::vector<int> players_;  // who drew each of moves_
  int me_;
  int resigned_ = -1;
  dots::DotsState state_;
};

const char* const kCommands =
    "Type a line by its two dots (a1b1, a1a2), ? for a hint, undo, resign, new (a new game from "
    "this position), record, analyze, or q to quit.";

void run(const PlayOptions& o) {
  const auto& board = dots::Board::parse(o.size);
  if (o.first != "me" && o.first != "engine")
    throw InputError("--first must be 'me' or 'engine', not '" + shown_token(o.first) + "'");
  const std::uint64_t seed = parse_uint(o.seed, "--seed", ~std::uint64_t{0} >> 1);
  dots::EngineOptions eo;
  if (!o.seconds.empty()) eo.seconds = parse_decimal(o.seconds, "--seconds", 0.001, 3600);
  auto engine = dots::make_engine(o.engine, seed, eo);
  search::Rng rng(seed);
  const auto start = board.parse_lines(o.moves);
  dots::DotsState::after(board, start);  // a line drawn twice: the message, before anything
  // --first names who moves first from the start position.
  const int me = (o.first == "me") == (dots::DotsState::after(board, start).to_move() == 0) ? 0 : 1;
  Game game(board, start, me);
  fmt::print("Dots and Boxes {} against the {} engine. You are player {} ({}).\n{}\n\n",
             board.size_name(), o.engine, me + 1,
             game.state().to_move() == me ? "you move first" : "the engine moves first", kCommands);
  fmt::print("{}", dots::render_ascii(game.state()));
  bool announced = false;
  while (true) {
    const auto& s = game.state();
    if (game.over() && !announced) {
      announced = true;
      fmt::print(
          "\nGame over: {}.\nType record for the game record, analyze for every move's "
          "exact value, undo, new, or q.\n",
          game.result());
    }
    if (!game.over() && s.to_move() != me) {
      const auto m = engine->choose(s);
      game.play(m);
      fmt::print("\nThe engine draws {}{}.\n{}", board.line_name(m),
                 game.state().to_move() != me && !game.over() ? " and moves again" : "",
                 dots::render_ascii(game.state()));
      continue;
    }
    if (game.over())
      fmt::print("> ");
    else
      fmt::print("Score {}–{}. Your move: ", s.points(me), s.points(1 - me));
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) {
      fmt::print("\n");
      return;
    }
    const std::string command = line.substr(0, line.find('#'));  // the tokens view into it
    const auto tokens = split_move_list(command);
    if (tokens.empty()) continue;
    const auto word = tokens[0].text;
    if (word == "q" || word == "quit") return;
    if (word == "?" || word == "hint") {
      if (game.over())
        fmt::print("The game is over: no hints. Type analyze to see every move's value.\n");
      else
        hint(s, rng);
    } else if (word == "undo") {
      if (!game.any_mine()) {
        fmt::print("Nothing of yours to take back.\n");
        continue;
      }
      game.undo();
      announced = false;
      engine->new_game(seed);
      fmt::print("Taken back.\n{}", dots::render_ascii(game.state()));
    } else if (word == "resign") {
      if (game.over()) {
        fmt::print("The game is over.\n");
        continue;
      }
      game.resign();
    } else if (word == "new") {
      game.restart_here();
      announced = false;
      engine->new_game(seed);
      fmt::print("A new game from this position ({} lines drawn).\n{}", game.state().lines_drawn(),
                 dots::render_ascii(game.state()));
    } else if (word == "record") {
      fmt::print("{}", game.record(o.engine));
    } else if (word == "analyze" || word == "analyse") {
      dots::ReviewOptions ro;
      ro.seconds = 30;
      print_review(board, dots::review_game(board, game.all_lines(), ro));
    } else if (game.over()) {
      fmt::print("The game is over: type record, analyze, undo, new or q.\n");
    } else {
      try {
        const auto m = s.parse_move(word);
        game.play(m);
        fmt::print("{}{}", dots::render_ascii(game.state()),
                   game.state().to_move() == me && !game.over()
                       ? "You completed a box: move again.\n"
                       : "");
      } catch (const InputError& e) {
        fmt::print("{} — try again (? for a hint).\n", e.what());
      }
    }
  }
}

}  // namespace

void install_play(Command dots) {
  auto o = std::make_shared<PlayOptions>();
  auto cmd = dots.add_subcommand(
      "play", "Play against an engine in the terminal (hints, undo, resign, record, analysis)");
  cmd.add_option("size", o->size, "board size in boxes, ROWSxCOLUMNS (default 3x3)");
  cmd.add_option("--engine", o->engine,
                 "its strength: random, greedy, control (default) or perfect");
  cmd.add_option("--first", o->first, "who moves first: me (default) or engine");
  cmd.add_option("--moves", o->moves,
                 "start from this position: the lines drawn so far (a game record too)");
  cmd.add_option("--seed", o->seed, "random seed for the engine (default 1)");
  cmd.add_option("--seconds", o->seconds, "perfect: solver budget per move (default 1)");
  cmd.footer(
      "Commands while playing: a line (a1b1), ? (hint), undo, resign, new, record, analyze, q.\n"
      "Example:\n  grundy dots play 3x3 --engine perfect --first engine\n"
      "  grundy dots play 3x3 --moves \"$(cat game.txt)\"");
  cmd.callback([o] { run(*o); });
}

}  // namespace grundy::cli::dots_cli
