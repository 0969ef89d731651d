#pragma once
// The referee of `grundy uttt arena`: one game between two bots that speak the CodinGame
// protocol (protocol.h), each move checked and timed, and the tally of a match. The bots are
// behind an interface (the command line runs them as processes; tests use fakes), so the rules
// of refereeing live here and the operating system's side in the interface layer.
#include <optional>
#include <string>
#include <vector>

#include "grundy/games/uttt/board.h"
#include "grundy/search/match.h"

namespace grundy::uttt {

// What came back from a bot within the time of one turn.
struct BotReply {
  enum class Kind { answer, late, closed };
  Kind kind = Kind::answer;
  std::string line;    // the answer (without its end of line)
  double seconds = 0;  // from the turn sent to the answer (or to the end of the wait)
  std::string detail;  // closed: how the program ended, and the end of what it wrote on stderr
};

// A bot as the referee sees it.
class Contestant {
 public:
  virtual ~Contestant() = default;
  // A new game: a fresh program.
  virtual void start() = 0;
  // Sends one turn and waits at most `seconds` for one line.
  virtual BotReply ask(const std::string& turn, double seconds) = 0;
  // The game is over: the input ends and the program exits, or is stopped.
  virtual void finish() = 0;
};

struct TimeControl {
  double seconds = 0.1;        // per turn
  double first_seconds = 1.0;  // each bot's first turn
};

// How a game ended: a line of three boards, the tie-break (codingame rules), a draw, or a bot at
// fault (an answer after the time, an answer that is not a valid action, a program that ended
// or closed its output) — which loses.
enum class GameEnd { line, tie_break, draw, late, illegal, crashed };
const char* game_end_name(GameEnd e);  // "line", "tie-break", "draw", "late", "illegal", "crashed"

struct RefereeGame {
  std::vector<Board::Move> opening;  // the moves the referee imposed
  std::vector<Board::Move> moves;    // every move played, the opening included
  int winner = -1;                   // 0 = X, 1 = O, -1 = a draw
  GameEnd end = GameEnd::draw;
  int culprit = -1;            // late, illegal, crashed: the side at fault
  std::string detail;          // what the culprit did
  double longest[2] = {0, 0};  // each side's slowest answer, seconds
};

// One game: x moves first. The moves of `opening` are imposed: during them each bot gets that
// single move as its only valid action (a bot that answers anything else loses, as on
// CodinGame). Both bots are started and finished whatever happens.
RefereeGame referee_game(Contestant& x, Contestant& o, Rules rules,
                         const std::vector<Board::Move>& opening, const TimeControl& time);

// A match from bot A's point of view.
struct ArenaTally {
  int games = 0, wins = 0, draws = 0, losses = 0;
  int games_as_x = 0, wins_as_x = 0;
  // Wins and losses by how the game ended (indexed by GameEnd; draws are not split).
  int wins_by[6] = {}, losses_by[6] = {};
  void add(const RefereeGame& g, bool a_is_x);
  double score() const { return games ? (wins + 0.5 * draws) / games : 0; }
  search::Interval score_interval() const {
    return search::wilson_interval(wins + 0.5 * draws, games);
  }
};

// The Elo difference that a score rate in [0, 1] means: 400 log10(s / (1 - s)), infinite at 0
// and 1.
double elo_of_score(double score);

}  // namespace grundy::uttt
