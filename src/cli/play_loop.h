#pragma once
// The terminal loop every `grundy ... play` shares (Nim, Hackenbush, Dots and Boxes): the engine
// moves when it is its turn; the player types a move, ? for a hint (only while the game is on),
// undo, resign, new (a new game from this position), record, analyze, or q. The game-over
// message comes once and ends the game: after it only record, analyze, undo, new and q work.
// Standard input may be a pipe (one command per line); its end quits.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "command.h"
#include "grundy/core/strength.h"

namespace grundy::cli {

// What a game provides to the loop. Methods that print write to stdout.
class TerminalGame {
 public:
  virtual ~TerminalGame() = default;

  virtual bool over() const = 0;            // finished, or someone resigned
  virtual bool engine_to_move() const = 0;  // only asked while the game is on
  virtual void engine_moves() = 0;          // plays the engine's move, prints it and the board
  virtual void print_board() const = 0;
  virtual std::string prompt() const = 0;  // "Your move: " (while the game is on)
  virtual void hint() = 0;
  virtual bool any_mine() const = 0;  // a move of the player's this game, to take back
  virtual void undo() = 0;            // the player's last move and the engine's answers after it
  virtual void resign() = 0;
  // A new game from this position: what it starts from ("3 moves played"); InputError when there
  // is nothing left to play.
  virtual std::string restart_here() = 0;
  virtual std::string record() const = 0;  // the game record (game_record.h)
  virtual void analyze() = 0;              // prints the post-game analysis
  // What the analysis gives, for the game-over message.
  virtual std::string_view analysis_words() const { return "every move's exact value"; }
  virtual std::string result() const = 0;  // "you win 6–3"
  // Plays the player's move `word` and prints the board; InputError says why it is not legal.
  virtual void play(std::string_view word) = 0;
};

// The moves of a game in the terminal and who made each (0 or 1). The moves it started from
// (--moves, or all before `new`) belong to no one here and are never taken back.
template <class Move>
class MoveLog {
 public:
  explicit MoveLog(std::vector<Move> start = {})
      : moves_(std::move(start)), players_(moves_.size(), -1), start_(moves_.size()) {}

  const std::vector<Move>& all() const { return moves_; }  // the start's moves too
  std::size_t size() const { return moves_.size(); }
  std::size_t started_at() const { return start_; }
  // Who made the last move (-1: none this game).
  int last_player() const { return players_.empty() ? -1 : players_.back(); }

  void add(Move m, int player) {
    moves_.push_back(std::move(m));
    players_.push_back(player);
  }
  bool has_move_of(int player) const {
    for (std::size_t i = start_; i < players_.size(); ++i)
      if (players_[i] == player) return true;
    return false;
  }
  // Takes back `player`'s last move and every move after it.
  void take_back(int player) {
    while (moves_.size() > start_) {
      const int p = players_.back();
      moves_.pop_back();
      players_.pop_back();
      if (p == player) break;
    }
  }
  // A new game from here: the moves so far become its start.
  void restart_here() {
    start_ = moves_.size();
    players_.assign(moves_.size(), -1);
  }

 private:
  std::vector<Move> moves_;
  std::vector<int> players_;
  std::size_t start_;
};

// Runs the loop until q or the end of standard input. `introduction` is printed first (the game,
// the engine, who moves first, the commands), then the board.
void play_in_terminal(TerminalGame& game, std::string_view introduction);

// "Type a move (a1b1 ...), ? for a hint, undo, ..." with `move_example` for the move.
std::string play_commands(std::string_view move_example);

// --first me|engine: whether the engine moves first; InputError for another word.
bool engine_first(const std::string& first);

// --engine perfect|good|beginner and --seed, for the engines of core/strength.h (Nim, Hackenbush:
// `play` and `move`).
struct StrengthOptions {
  std::string engine = "perfect";
  std::uint64_t seed = 1;
  Strength strength() const { return parse_strength(engine); }
};
void add_strength_options(Command cmd, StrengthOptions& o);

// The last lines of a post-game analysis: "Player 1: no mistake.", "The engine (Red): 2
// mistakes." for each of the two players, `names` as the lines start them.
void print_mistake_counts(const std::string (&names)[2], const int (&counts)[2]);

}  // namespace grundy::cli
