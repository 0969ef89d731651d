// grundy nim play [HEAPS] [--misere] [--engine E] [--first me|engine] [--moves LIST] [--seed S]
// In the terminal: the heaps are printed after each move, the engine's last move marked; type a
// move (h1-2 takes 2 from heap 1), ? for a hint (the heaps in binary, their xor, the move that
// makes it 0), undo, resign, new (a new game from this position), record, analyze, or q.
// Standard input may be a pipe (one command per line).
#include <algorithm>
#include <memory>
#include <string>

#include <fmt/core.h>

#include "game_record.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/core/strength.h"
#include "grundy/core/text.h"
#include "grundy/games/nim/engine.h"
#include "grundy/games/nim/game_review.h"
#include "nim_cli.h"
#include "play_loop.h"

namespace grundy::cli::nim_cli {
namespace {

constexpr std::uint64_t kMaxTokensDrawn = 40;  // larger heaps are shown as a number
constexpr std::size_t kHeapsShown = 100;       // beyond, only the engine's heap is listed

struct PlayOptions {
  PositionOptions position;
  StrengthOptions engine;
  std::string first = "me";
};

// One game in the terminal: the heaps it started from, the moves (player 0 made the first).
class Game final : public TerminalGame {
 public:
  Game(const Position& p, int me, Strength strength, std::uint64_t seed)
      : start_(p.start), moves_(p.moves), rule_(p.rule), me_(me), strength_(strength), rng_(seed) {
    replay();
  }

  bool over() const override { return finished() || resigned_ >= 0; }
  bool engine_to_move() const override { return to_move() != me_; }
  void engine_moves() override {
    const auto t = nim::choose_move(heaps_, rule_, strength_, rng_);
    take(t);
    fmt::print("\nThe engine takes {} from heap {} ({}).\n", t.take, t.heap + 1, nim::move_name(t));
    print_board();
  }
  void print_board() const override;
  std::string prompt() const override { return "Your move: "; }
  void hint() override;
  bool any_mine() const override { return moves_.has_move_of(me_); }
  void undo() override {
    moves_.take_back(me_);
    resigned_ = -1;
    replay();
  }
  void resign() override { resigned_ = me_; }
  std::string restart_here() override {
    if (finished()) throw InputError("Every heap is empty: there is no game to start from here.");
    moves_.restart_here();
    resigned_ = -1;
    return count_of(moves_.size(), "move") + " played";
  }
  std::string record() const override;
  void analyze() override { print_review(nim::review_game(start_, moves_.all(), rule_), me_); }
  std::string result() const override {
    if (resigned_ >= 0) return "you resigned: the engine wins";
    const bool took_last_me = 1 - to_move() == me_;
    return fmt::format("{} ({} took the last token{})",
                       winner() == me_ ? "you win" : "the engine wins",
                       took_last_me ? "you" : "the engine",
                       rule_ == Rule::misere ? ", which loses in misère play" : "");
  }
  void play(std::string_view word) override {
    take(nim::parse_moves(heaps_, word).front());
    print_board();
  }

 private:
  int to_move() const { return static_cast<int>(moves_.size() % 2); }
  bool finished() const {
    return std::all_of(heaps_.begin(), heaps_.end(), [](std::uint64_t h) { return h == 0; });
  }
  // Whoever took the last token (normal play) or the other player (misère).
  int winner() const {
    if (resigned_ >= 0) return 1 - resigned_;
    const int last = 1 - to_move();
    return rule_ == Rule::normal ? last : 1 - last;
  }
  void take(const nim::Take& t) {
    heaps_[t.heap] -= t.take;
    moves_.add(t, to_move());
  }
  void replay() {
    heaps_ = start_;
    for (const auto& t : moves_.all()) heaps_[t.heap] -= t.take;
  }

  std::vector<std::uint64_t> start_;
  MoveLog<nim::Take> moves_;  // player 0 made the first of them
  std::vector<std::uint64_t> heaps_;
  Rule rule_;
  int me_;
  int resigned_ = -1;
  Strength strength_;
  search::Rng rng_;
};

std::string Game::record() const {
  std::vector<std::string> names;
  for (const auto& t : moves_.all()) names.push_back(nim::move_name(t));
  std::string outcome = "unfinished";
  if (resigned_ >= 0)
    outcome = fmt::format("player {} resigned: player {} wins", resigned_ + 1, 2 - resigned_);
  else if (finished())
    outcome = fmt::format("player {} wins", winner() + 1);
  std::string heaps;
  for (const auto h : start_) heaps += (heaps.empty() ? "" : " ") + std::to_string(h);
  return game_record(
      {fmt::format("Nim, {} play", rule_ == Rule::normal ? "normal" : "misère"),
       std::string(to_string(strength_)),
       me_ == 0 ? "player 1 you, player 2 the engine" : "player 1 the engine, player 2 you",
       outcome},
      names, {"Heaps: " + heaps, rule_ == Rule::normal ? "Rule: normal" : "Rule: misere"});
}

// The heaps, tokens drawn as 'o'; the tokens the engine's last move took as '.', and marked.
void Game::print_board() const {
  const nim::Take* last = nullptr;
  if (moves_.last_player() == 1 - me_) last = &moves_.all().back();
  std::uint64_t largest = 0;
  for (const auto h : heaps_) largest = std::max(largest, h);
  const int digits = static_cast<int>(std::to_string(largest).size());
  std::string out;
  std::size_t hidden = 0;
  for (std::size_t i = 0; i < heaps_.size(); ++i) {
    const bool marked = last && last->heap == i;
    if (i >= kHeapsShown && !marked) {
      ++hidden;
      continue;
    }
    std::string line = fmt::format("  heap {:>2}  {:>{}}  ", i + 1, heaps_[i], digits);
    if (heaps_[i] + (marked ? last->take : 0) <= kMaxTokensDrawn) {
      for (std::uint64_t k = 0; k < heaps_[i]; ++k) line += "o ";
      if (marked)
        for (std::uint64_t k = 0; k < last->take; ++k) line += ". ";
    }
    if (marked)
      line += fmt::format(" <- the engine took {} ({})", last->take, nim::move_name(*last));
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  if (hidden) out += fmt::format("  ... and {} more heaps\n", hidden);
  fmt::print("{}", out);
}

void Game::hint() {
  const auto a = nim::analyze(heaps_, rule_);
  print_xor_table(a, heaps_);
  print_reasoning(a, heaps_);
  if (a.winning_moves.empty()) {
    fmt::print(
        "Hint: no move wins against perfect play; take little (one token from the largest heap) "
        "and hope for a mistake.\n");
    return;
  }
  const auto& m = a.winning_moves.front();
  fmt::print("Hint: {} (take {} from heap {}, leaving {}).\n",
             nim::move_name({m.heap, m.from - m.to}), m.from - m.to, m.heap + 1, m.to);
}

void run(const PlayOptions& o) {
  const auto p = position(o.position);
  const bool engine_starts = engine_first(o.first);
  const Strength strength = o.engine.strength();
  if (std::all_of(p.now.begin(), p.now.end(), [](std::uint64_t h) { return h == 0; }))
    throw InputError("every heap is empty, so there is no move to make: give at least one token");
  // --first names who moves first from the position given (after --moves).
  const int to_move = static_cast<int>(p.moves.size() % 2);
  const int me = engine_starts ? 1 - to_move : to_move;
  Game game(p, me, strength, o.engine.seed);
  play_in_terminal(
      game, fmt::format("Nim, {} play ({}), against the {} engine. You are player {} ({}).\n{}",
                        p.rule == Rule::normal ? "normal" : "misère",
                        p.rule == Rule::normal ? "whoever takes the last token wins"
                                               : "whoever takes the last token loses",
                        to_string(strength), me + 1,
                        to_move == me ? "you move first" : "the engine moves first",
                        play_commands("a move (h1-2 takes 2 tokens from heap 1)")));
}

}  // namespace

void install_play(Command nim) {
  auto o = std::make_shared<PlayOptions>();
  auto cmd = nim.add_subcommand(
      "play", "Play against the engine in the terminal (hints, undo, resign, record, analysis)");
  add_position_options(cmd, o->position, false);
  add_strength_options(cmd, o->engine);
  cmd.add_option("--first", o->first, "who moves first: me (default) or engine");
  cmd.footer(
      "Commands while playing: a move (h1-2), ? (hint), undo, resign, new, record, analyze, q.\n"
      "Example:\n  grundy nim play 3 4 5 --engine good\n"
      "  grundy nim play --moves \"$(cat game.txt)\"   (a record: its # Heaps: line)");
  cmd.callback([o] { run(*o); });
}

}  // namespace grundy::cli::nim_cli
