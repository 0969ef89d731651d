// grundy dots play RxC [--engine E] [--first me|engine] [--moves LIST] [--seed S] [--seconds T]
// In the terminal: the board is redrawn after each move; type a line (a1b1), ? for a hint,
// undo, resign, new (a new game from this position), record, analyze, or q to quit. Standard
// input may be a pipe (one command per line).
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
#include "play_loop.h"

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
class Game final : public TerminalGame {
 public:
  Game(const dots::Board& board, std::vector<int> start, int me, std::string engine_name,
       std::unique_ptr<dots::DotsPlayer> engine, std::uint64_t seed)
      : board_(board),
        lines_(std::move(start)),
        me_(me),
        state_(position()),
        engine_name_(std::move(engine_name)),
        engine_(std::move(engine)),
        seed_(seed),
        rng_(seed) {}

  const dots::DotsState& state() const { return state_; }
  bool over() const override { return state_.is_over() || resigned_ >= 0; }
  bool engine_to_move() const override { return state_.to_move() != me_; }
  void engine_moves() override {
    const auto m = engine_->choose(state_);
    draw(m);
    fmt::print("\nThe engine draws {}{}.\n", board_.line_name(m),
               state_.to_move() != me_ && !over() ? " and moves again" : "");
    print_board();
  }
  void print_board() const override { fmt::print("{}", dots::render_ascii(state_)); }
  std::string prompt() const override {
    return fmt::format("Score {}–{}. Your move: ", state_.points(me_), state_.points(1 - me_));
  }
  void hint() override { dots_cli::hint(state_, rng_); }
  bool any_mine() const override { return lines_.has_move_of(me_); }
  // Takes back the last line the player drew, and every line after it.
  void undo() override {
    lines_.take_back(me_);
    resigned_ = -1;
    state_ = position();
    engine_->new_game(seed_);
  }
  void resign() override { resigned_ = me_; }
  // A new game from this position: the lines so far become its start.
  std::string restart_here() override {
    lines_.restart_here();
    resigned_ = -1;
    engine_->new_game(seed_);
    return fmt::format("{} lines drawn", state_.lines_drawn());
  }
  std::string record() const override;
  void analyze() override {
    dots::ReviewOptions ro;
    ro.seconds = 30;
    print_review(board_, dots::review_game(board_, lines_.all(), ro));
  }
  // "you win 6–3", "the engine wins 5–4", "a tie 4–4", "you resigned".
  std::string result() const override {
    const int mine = state_.points(me_), theirs = state_.points(1 - me_);
    if (resigned_ >= 0) return fmt::format("you resigned at {}–{}", mine, theirs);
    if (!state_.is_over()) return "unfinished";
    return fmt::format("{} {}–{}",
                       mine > theirs    ? "you win"
                       : mine == theirs ? "a tie"
                                        : "the engine wins",
                       std::max(mine, theirs), std::min(mine, theirs));
  }
  void play(std::string_view word) override {
    draw(state_.parse_move(word));
    fmt::print("{}{}", dots::render_ascii(state_),
               state_.to_move() == me_ && !over() ? "You completed a box: move again.\n" : "");
  }

 private:
  void draw(int line) {
    lines_.add(line, state_.to_move());
    state_.play(static_cast<dots::DotsState::Move>(line));
  }
  dots::DotsState position() const { return dots::DotsState::after(board_, lines_.all()); }

  const dots::Board& board_;
  MoveLog<int> lines_;  // --moves' lines, then the game's
  int me_;
  int resigned_ = -1;
  dots::DotsState state_;
  std::string engine_name_;
  std::unique_ptr<dots::DotsPlayer> engine_;
  std::uint64_t seed_;
  search::Rng rng_;
};

std::string Game::record() const {
  std::vector<std::string> names;
  for (const int l : lines_.all()) names.push_back(board_.line_name(l));
  const std::string players =
      me_ == 0 ? "player 1 you, player 2 the engine" : "player 1 the engine, player 2 you";
  std::string outcome = "unfinished";
  if (resigned_ >= 0)
    outcome = fmt::format("player {} resigned at {}–{}: player {} wins", resigned_ + 1,
                          state_.points(0), state_.points(1), 2 - resigned_);
  else if (state_.is_over())
    outcome = result_words(state_.points(0), state_.points(1));
  return game_record({"Dots and Boxes " + board_.size_name(), engine_name_, players, outcome},
                     names);
}

void run(const PlayOptions& o) {
  const auto& board = dots::Board::parse(o.size);
  const bool engine_starts = engine_first(o.first);
  const std::uint64_t seed = parse_uint(o.seed, "--seed", ~std::uint64_t{0} >> 1);
  dots::EngineOptions eo;
  if (!o.seconds.empty()) eo.seconds = parse_decimal(o.seconds, "--seconds", 0.001, 3600);
  auto engine = dots::make_engine(o.engine, seed, eo);
  const auto start = board.parse_lines(o.moves);
  dots::DotsState::after(board, start);  // a line drawn twice: the message, before anything
  // --first names who moves first from the start position.
  const int me = !engine_starts == (dots::DotsState::after(board, start).to_move() == 0) ? 0 : 1;
  Game game(board, start, me, o.engine, std::move(engine), seed);
  play_in_terminal(
      game, fmt::format("Dots and Boxes {} against the {} engine. You are player {} ({}).\n{}",
                        board.size_name(), o.engine, me + 1,
                        game.state().to_move() == me ? "you move first" : "the engine moves first",
                        play_commands("a line by its two dots (a1b1, a1a2)")));
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
