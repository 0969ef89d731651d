#pragma once
// What the Python states of the two-player board games share (grundy.dots.State and
// grundy.uttt.State): a position with the moves that led to it (so undo() takes back the last
// one and `moves` round-trips through the constructor), the methods whose names and meaning are
// the same for both games (OpenSpiel's names among them), and an engine's player that follows
// the game it is asked about.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "grundy/search/player.h"
#include "grundy/search/two_player.h"
#include "python/interrupt.h"

namespace grundy::python {

namespace py = pybind11;

// OpenSpiel's current_player() once the game is over (pyspiel.PlayerId.TERMINAL).
inline constexpr int kTerminalPlayer = -4;

// A position and its history, from the empty board `start`.
template <search::TwoPlayerState S>
class PlayedGame {
 public:
  using Move = typename S::Move;

  explicit PlayedGame(const S& start) : start_(start), now_(start) {}

  const S& start() const { return start_; }
  const S& now() const { return now_; }
  const std::vector<Move>& moves() const { return moves_; }

  // m must be legal (the binding checks it first).
  void play(Move m) {
    undos_.push_back(now_.play(m));
    moves_.push_back(m);
  }
  // Takes back the last move and returns it.
  Move undo() {
    if (moves_.empty()) throw InputError("undo: there is no move to take back (no move played)");
    const Move m = moves_.back();
    now_.undo(m, undos_.back());
    moves_.pop_back();
    undos_.pop_back();
    return m;
  }

  // The history in notation, one space between moves: "a1b1 b1c1", "e5 e4".
  std::string moves_text() const { return text_after(""); }
  // The same followed by `token`: the move list that names a refused move the way the command
  // line names it (`--moves 'HISTORY TOKEN'`).
  std::string text_after(const std::string& token) const {
    std::string s;
    for (Move m : moves_) {
      if (!s.empty()) s += ' ';
      s += now_.move_name(m);
    }
    if (!token.empty()) s += (s.empty() ? "" : " ") + token;
    return s;
  }

  search::MovesOf<S> legal() const {
    search::MovesOf<S> list;
    if (!now_.is_over()) now_.legal_moves(list);
    return list;
  }
  bool is_legal(Move m) const {
    for (Move x : legal())
      if (x == m) return true;
    return false;
  }

 private:
  S start_, now_;
  std::vector<Move> moves_;
  std::vector<typename S::Undo> undos_;
};

// The one move in a Python argument of play(): the text of a str holding exactly one token of a
// move list (spaces and commas around it are allowed); InputError otherwise. `example` names
// what a move looks like ("a line like a1b1").
std::string one_move(py::handle move, const char* example);

// An integer argument (a Python int or a NumPy integer; not a bool): what play() reads as an
// action id rather than notation.
inline bool is_action_id(py::handle h) {
  PyObject* o = h.ptr();
  return PyIndex_Check(o) && !PyBool_Check(o) && !PyFloat_Check(o) &&
         std::string_view(Py_TYPE(o)->tp_name) != "numpy.bool_";
}

// An engine's player as Python uses it: one choice at a time (a lock), with the GIL released and
// Ctrl-C wired to the stop flag the player polls, and following the game it is asked about:
// before each choice the player observes the moves played since its last one (so an MCTS
// engine keeps its tree); a position from another game starts the player afresh (new_game with
// its seed), so its choice does not depend on what it was asked before.
template <search::TwoPlayerState S>
class EnginePlayer {
 public:
  using Move = typename S::Move;

  // make(stop) builds the player, which polls `stop` (a flag that lives as long as it does).
  template <class Make>
  EnginePlayer(std::uint64_t seed, Make make) : seed_(seed), player_(make(&stop_)) {}

  Move choose(const PlayedGame<S>& game) {
    Move m{};
    run_released(
        [&](const std::atomic<bool>& stop) {
          std::lock_guard<std::mutex> lock(mutex_);
          stop_.store(false);
          if (stop.load()) stop_.store(true);  // Ctrl-C came while waiting for the lock
          catch_up(game);
          m = player_->choose(game.now());
        },
        {}, &stop_);
    return m;
  }

 private:
  void catch_up(const PlayedGame<S>& game) {
    const auto& moves = game.moves();
    const bool continues = start_ && *start_ == game.start() && seen_.size() <= moves.size() &&
                           std::equal(seen_.begin(), seen_.end(), moves.begin());
    if (continues) {
      for (std::size_t i = seen_.size(); i < moves.size(); ++i) {
        player_->observe(*now_, moves[i]);
        now_->play(moves[i]);
      }
    } else {
      if (start_) player_->new_game(seed_);
      start_ = game.start();
      now_ = game.now();
    }
    seen_ = moves;
  }

  std::uint64_t seed_;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::unique_ptr<search::Player<S>> player_;
  std::optional<S> start_, now_;  // the game followed: its start and the position seen last
  std::vector<Move> seen_;
};

// Binds the methods with the same meaning for every board game on `cls`, a py::class_ of
// PlayedGame<S>. `Codec` converts a Python argument into a move, with three static functions:
//   Move legal(const PlayedGame<S>&, py::handle)  a legal move here, in notation or as an action
//                                                  id; InputError with the command line's
//                                                  message for the same move list otherwise;
//   Move id(const PlayedGame<S>&, py::handle)     any action id of the board (an int);
//   Move name(const PlayedGame<S>&, py::handle)   any move of the board in notation.
template <class S, class Codec, class Class>
void bind_played_game(Class& cls) {
  using Game = PlayedGame<S>;
  using Move = typename S::Move;
  // OpenSpiel's methods that take (player, x) or (x).
  const auto last_of = [](const py::args& args, const char* method, const char* what) {
    if (args.size() < 1 || args.size() > 2)
      throw InputError(std::string(method) + ": expected (" + what + ") or (player, " + what + ")");
    return py::handle(args[args.size() - 1]);
  };
  cls.def(
         "legal_moves",
         [](const Game& g) {
           std::vector<std::string> out;
           for (Move m : g.legal()) out.push_back(g.now().move_name(m));
           return out;
         },
         "The legal moves in notation (none once the game is over).")
      .def(
          "legal_actions",
          [](const Game& g) {
            std::vector<int> out;
            for (Move m : g.legal()) out.push_back(static_cast<int>(m));
            return out;
          },
          "OpenSpiel's name: the legal moves as action ids (ints), in the same order.")
      .def(
          "play", [](Game& g, py::handle move) { g.play(Codec::legal(g, move)); }, py::arg("move"),
          "Plays a move, given in notation or as an action id. InputError (the command line's "
          "message for the same move list) if it is not a legal move here.")
      .def(
          "apply_action",
          [](Game& g, py::handle action) {
            Codec::id(g, action);  // an int of the board's range, or InputError
            g.play(Codec::legal(g, action));
          },
          py::arg("action"), "OpenSpiel's name: play() for an action id.")
      .def(
          "undo", [](Game& g) { return g.now().move_name(g.undo()); },
          "Takes back the last move and returns it in notation; InputError when no move was "
          "played.")
      .def(
          "copy", [](const Game& g) { return Game(g); }, "An independent copy, history included.")
      .def(
          "clone", [](const Game& g) { return Game(g); }, "OpenSpiel's name for copy().")
      .def("__copy__", [](const Game& g) { return Game(g); })
      .def(
          "__deepcopy__", [](const Game& g, py::handle) { return Game(g); }, py::arg("memo"))
      .def(
          "is_over", [](const Game& g) { return g.now().is_over(); },
          "True once the game has ended.")
      .def(
          "is_terminal", [](const Game& g) { return g.now().is_over(); },
          "OpenSpiel's name for is_over().")
      .def(
          "current_player",
          [](const Game& g) { return g.now().is_over() ? kTerminalPlayer : g.now().to_move(); },
          "OpenSpiel's name: 0 or 1 for the player to move, -4 (pyspiel's TERMINAL) once the "
          "game is over.")
      .def(
          "history",
          [](const Game& g) { return std::vector<int>(g.moves().begin(), g.moves().end()); },
          "OpenSpiel's name: the moves played, as action ids.")
      .def(
          "action_to_string",
          [last_of](const Game& g, const py::args& args) {
            return g.now().move_name(Codec::id(g, last_of(args, "action_to_string", "action")));
          },
          "OpenSpiel's name: an action id in notation; (player, action) is accepted too.")
      .def(
          "string_to_action",
          [last_of](const Game& g, const py::args& args) {
            return static_cast<int>(Codec::name(g, last_of(args, "string_to_action", "text")));
          },
          "OpenSpiel's name: the action id of a move in notation; (player, text) is accepted "
          "too.")
      .def_property_readonly(
          "moves", [](const Game& g) { return g.moves_text(); },
          "The moves played so far in notation, separated by spaces; the constructor's moves= "
          "takes it back.")
      .def(
          "__eq__",
          [](const Game& a, py::handle b) -> py::object {
            if (!py::isinstance<Game>(b))
              return py::reinterpret_borrow<py::object>(py::handle(Py_NotImplemented));
            return py::bool_(a.now() == b.cast<const Game&>().now());
          },
          "The same position: the same marks on the board, score and player to move (the "
          "histories may differ).");
  cls.attr("__hash__") = py::none();  // states change: not dict keys
}

}  // namespace grundy::python
