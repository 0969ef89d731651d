// grundy.uttt: Ultimate Tic-Tac-Toe positions (State), proof-number solving (`grundy uttt
// solve`), engine analysis (`grundy uttt analyze`) and the engines of `grundy uttt play`.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "grundy/core/output_file.h"
#include "grundy/core/text.h"
#include "grundy/games/uttt/game_review.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/players.h"
#include "grundy/games/uttt/solve.h"
#include "grundy/games/uttt/svg.h"
#include "python/bindings.h"
#include "python/board_state.h"
#include "python/common.h"
#include "python/interrupt.h"
#include "report/game_review.h"
#include "report/uttt.h"

namespace grundy::python {

// A named namespace, not an anonymous one: the unity build compiles the binding files together.
namespace uttt_binding {

using uttt::Board;
using UtttGame = PlayedGame<Board>;
using Cell = Board::Move;

// The command line's bounds (cli/uttt_play.cpp): an hour per move, 10^9 playouts or nodes.
constexpr std::uint64_t kMaxIterations = 1'000'000'000;
constexpr double kMaxMs = 3'600'000;
constexpr std::uint64_t kMaxSeed = ~std::uint64_t{0} >> 1;

// Moves as Python gives them: a cell's name ("e5") or its action id, 9 * board + cell (boards
// and cells numbered 0-8 row by row, as the library numbers them).
struct UtttCodec {
  static Cell id(const UtttGame&, py::handle h) {
    if (!is_action_id(h))
      throw InputError("action: expected an action id (an int), got " + short_repr(h));
    return static_cast<Cell>(whole_number(h, "action", uttt::kCells - 1));
  }
  static Cell name(const UtttGame&, py::handle h) {
    return uttt::parse_cell(one_move(h, "a cell like e5"));
  }
  static Cell legal(const UtttGame& g, py::handle h) {
    std::string token;
    std::optional<Cell> cell;
    if (is_action_id(h)) {
      cell = id(g, h);
      token = uttt::cell_name(*cell);
    } else {
      token = one_move(h, "a cell like e5");
      try {
        cell = uttt::parse_cell(token);
      } catch (const InputError&) {
        // named below, as the command line names it
      }
    }
    if (cell && uttt::illegal_reason(g.now(), *cell).empty()) return *cell;
    // The command line's message for the same move list names the move and what is wrong.
    uttt::play_moves(g.start(), g.text_after(token));
    throw InputError("move '" + shown_token(token) + "' is not legal here");
  }
};

UtttGame make_game(py::handle moves, py::handle rules) {
  const Board start(uttt::parse_rules(text(rules, "rules")));
  std::string list;
  if (moves.is_none()) {
  } else if (PyUnicode_Check(moves.ptr())) {
    list = text(moves, "moves");
  } else if (py::isinstance<py::sequence>(moves)) {
    // A list of names or action ids: the same as the names separated by spaces.
    std::size_t i = 0;
    for (py::handle m : moves) {
      ++i;
      if (!list.empty()) list += ' ';
      list += is_action_id(m) ? uttt::cell_name(static_cast<Cell>(
                                    whole_number(m, fmt::format("move {}", i), uttt::kCells - 1)))
                              : text(m, fmt::format("move {}", i));
    }
  } else {
    throw InputError("moves: expected a str of cells ('e5 e4') or a list, got " +
                     short_repr(moves));
  }
  uttt::play_moves(start, list);  // the command line's checks and messages
  UtttGame g{start};
  for (const auto& t : uttt::split_move_list(list)) g.play(uttt::parse_cell(t));
  return g;
}

std::string game_repr(const UtttGame& g) {
  const std::string moves = g.moves_text();
  std::string args;
  if (!moves.empty()) args = fmt::format("moves='{}'", moves);
  if (g.start().rules() != uttt::Rules::standard)
    args +=
        fmt::format("{}rules='{}'", args.empty() ? "" : ", ", uttt::rules_name(g.start().rules()));
  return fmt::format("grundy.uttt.State({})", args);
}

std::string svg_of(const UtttGame& g) {
  std::optional<Cell> last;
  if (!g.moves().empty()) last = g.moves().back();
  return uttt::to_svg(g.now(), last);
}

py::object player_or_none(int player) {
  if (player < 0) return py::none();
  return py::str(report::uttt_player_name(player));
}

// The engine options of `grundy uttt analyze|play`: --engine, --ms (or --iterations), --threads,
// --seed. A time budget must be positive: a search with neither would run until Ctrl-C.
uttt::EngineOptions engine_options(py::handle engine, py::handle ms, py::handle iterations,
                                   py::handle threads, py::handle seed, double default_ms) {
  uttt::EngineOptions o;
  o.engine = uttt::parse_engine(text(engine, "engine"));
  if (!iterations.is_none()) {
    o.iterations = whole_number_in(iterations, "--iterations", 1, kMaxIterations);
  }
  const double milliseconds = ms.is_none() ? default_ms : decimal(ms, "--ms", 1, kMaxMs);
  o.seconds = o.iterations ? 0 : milliseconds / 1000.0;
  o.threads = static_cast<int>(whole_number_in(threads, "--threads", 1, 64));
  o.seed = whole_number(seed, "--seed", kMaxSeed);
  return o;
}

// ------------------------------------------------------------------------------- solve

struct UtttSolved {
  Board board;
  uttt::SolveResult result;
  std::string proof_file, checkpoint;
};

UtttSolved solve(const UtttGame& g, py::handle nodes, py::handle seconds_arg, py::handle memory_mb,
                 py::object checkpoint, py::handle checkpoint_every, py::object proof,
                 py::object opening, bool proof_size) {
  UtttSolved out{g.now(), {}, {}, {}};
  if (out.board.is_over()) throw InputError("the game is over: there is nothing to solve");
  uttt::SolveOptions s;
  if (!nodes.is_none()) {
    s.max_nodes = whole_number(nodes, "--nodes", std::uint64_t{1} << 50, "2^50");
  }
  if (!seconds_arg.is_none()) s.seconds = seconds(seconds_arg, "--seconds", 1e8);
  const auto mib = memory_mb.is_none() ? 256
                                       : whole_number_in(memory_mb, "--memory", 1,
                                                         std::uint64_t{1} << 20, "1048576 (MiB)");
  s.table_bytes = static_cast<std::size_t>(mib) << 20;
  if (!checkpoint.is_none())
    out.checkpoint = s.checkpoint = text(py::str(checkpoint), "checkpoint");
  if (!checkpoint_every.is_none()) {
    if (s.checkpoint.empty()) throw InputError("checkpoint_every needs checkpoint=FILE");
    s.checkpoint_every = seconds(checkpoint_every, "--checkpoint-every", 1e9);
  }
  if (!opening.is_none()) s.opening = text(opening, "opening");
  s.proof_size = proof_size;
  if (!proof.is_none()) {
    out.proof_file = text(py::str(proof), "proof");
    resolve_output(out.proof_file);  // fail now, not after hours of search
    s.export_proof = true;
    s.start_moves = g.moves();
  }
  run_released([&](const std::atomic<bool>& stop) {
    s.stop = &stop;
    out.result = uttt::solve(out.board, s);
    if (!out.result.proof.empty()) write_output_file(out.proof_file, out.result.proof);
  });
  return out;
}

// ------------------------------------------------------------------------------ engine

class UtttEngine {
 public:
  explicit UtttEngine(const uttt::EngineOptions& options)
      : options_(options), player_(options.seed, [&](const std::atomic<bool>* stop) {
          auto o = options;
          o.stop = stop;
          return uttt::make_player(o);
        }) {}

  Cell choose(const UtttGame& game) {
    if (game.now().is_over())
      throw InputError(game.now().winner() >= 0
                           ? std::string("the game is over (") +
                                 report::uttt_player_name(game.now().winner()) +
                                 " has won): there is no move to choose"
                           : "the game is over (a draw): there is no move to choose");
    return player_.choose(game);
  }

  std::string repr() const {
    return fmt::format("grundy.uttt.Engine('{}', {}, threads={}, seed={})",
                       uttt::engine_name(options_.engine),
                       options_.iterations ? fmt::format("iterations={}", options_.iterations)
                                           : fmt::format("ms={:g}", options_.seconds * 1000),
                       options_.threads, options_.seed);
  }
  std::string name() const { return uttt::engine_name(options_.engine); }

 private:
  uttt::EngineOptions options_;
  EnginePlayer<Board> player_;
};

}  // namespace uttt_binding

void bind_uttt(py::module_& parent) {
  using namespace uttt_binding;
  py::module_ m = parent.def_submodule(
      "uttt",
      "Ultimate Tic-Tac-Toe (standard, orlin and codingame rules): positions (State) with the "
      "command "
      "line's notation, proof-number solving, engine analysis and the engines.");

  py::class_<UtttSolved>(m, "SolveResult",
                         "The proof-number search's answer for the player to move: 'win', "
                         "'draw', 'loss', or 'unknown' when a budget ended it first.")
      .def_property_readonly("result", [](const UtttSolved& s) { return s.result.result; })
      .def_property_readonly(
          "to_move", [](const UtttSolved& s) { return report::uttt_player_name(s.result.to_move); })
      .def_property_readonly(
          "first_move",
          [](const UtttSolved& s) -> py::object {
            if (!s.result.has_move) return py::none();
            return py::str(uttt::cell_name(s.result.first_move));
          },
          "A winning move (win) or one that does not lose (draw), else None.")
      .def_property_readonly("nodes", [](const UtttSolved& s) { return s.result.nodes; })
      .def_property_readonly("seconds", [](const UtttSolved& s) { return s.result.seconds; })
      .def_property_readonly(
          "proof_size", [](const UtttSolved& s) { return s.result.proof_size; },
          "Positions in the proof (0 when not proved or not counted).")
      .def_property_readonly("resumed", [](const UtttSolved& s) { return s.result.resumed; })
      .def(
          "to_dict",
          [](const UtttSolved& s) {
            return to_python(
                report::uttt_solve_json(s.board, s.result, s.proof_file, s.checkpoint));
          },
          "The JSON answer of `grundy uttt solve --moves ... --json`, as a dict.")
      .def("__repr__", [](const UtttSolved& s) {
        return fmt::format(
            "grundy.uttt.SolveResult(result='{}', first_move={}, nodes={})", s.result.result,
            s.result.has_move ? "'" + uttt::cell_name(s.result.first_move) + "'" : "None",
            s.result.nodes);
      });

  py::class_<uttt::Analysis>(m, "Analysis",
                             "An engine's view of a position (`grundy uttt analyze`), for the "
                             "player to move.")
      .def_property_readonly(
          "to_move", [](const uttt::Analysis& a) { return report::uttt_player_name(a.to_move); })
      .def_property_readonly("best",
                             [](const uttt::Analysis& a) { return uttt::cell_name(a.best); })
      .def_property_readonly(
          "result",
          [](const uttt::Analysis& a) -> py::object {
            if (!a.result) return py::none();
            return py::str(*a.result > 0 ? "win" : *a.result < 0 ? "loss" : "draw");
          },
          "'win', 'draw' or 'loss' when the search proved it, else None.")
      .def_readonly("win_rate", &uttt::Analysis::win_rate,
                    "The search's estimate in [0, 1] for the player to move (a draw counts 1/2).")
      .def_property_readonly("principal_variation",
                             [](const uttt::Analysis& a) {
                               std::vector<std::string> pv;
                               for (auto c : a.principal_variation)
                                 pv.push_back(uttt::cell_name(c));
                               return pv;
                             })
      .def_readonly("work", &uttt::Analysis::work, "Playouts (mcts) or nodes (alpha-beta).")
      .def_readonly("seconds", &uttt::Analysis::seconds)
      .def_readonly("engine", &uttt::Analysis::engine)
      .def(
          "to_dict",
          [](const uttt::Analysis& a) { return to_python(report::uttt_analysis_json(a)); },
          "The JSON answer of `grundy uttt analyze --moves ... --json`, as a dict.")
      .def("__repr__", [](const uttt::Analysis& a) {
        return fmt::format("grundy.uttt.Analysis(best='{}', win_rate={:.4f}, engine='{}', work={})",
                           uttt::cell_name(a.best), a.win_rate, a.engine, a.work);
      });

  py::class_<UtttGame> state(
      m, "State",
      "An Ultimate Tic-Tac-Toe position and the moves that led to it. Cells are a1-i9: column "
      "a-i left to right, row 1-9 top to bottom (e5 is the centre of the centre board); X moves "
      "first.");
  state
      .def(py::init(&make_game), py::arg("moves") = "", py::arg("rules") = "standard",
           "State(moves='e5 e4', rules='standard'): the position after `moves` (a str as the "
           "command line's --moves, or a list of names or action ids). rules: 'standard' (won "
           "or full boards close), 'orlin' (won boards stay open; a free move only when the "
           "target board is full) or 'codingame' (standard, and a game that ends without a "
           "line goes to the player who won more small boards, as in the bot arenas).")
      .def_property_readonly("rules",
                             [](const UtttGame& g) { return uttt::rules_name(g.start().rules()); })
      .def_property_readonly(
          "to_move", [](const UtttGame& g) { return report::uttt_player_name(g.now().to_move()); },
          "'X' or 'O' (as the JSON's to_move).")
      .def_property_readonly(
          "winner", [](const UtttGame& g) { return player_or_none(g.now().winner()); },
          "'X' or 'O' once a player has three boards in a line (or, under codingame rules, "
          "more boards won when the game ends without a line); None otherwise (also after a "
          "draw).")
      .def_property_readonly(
          "won_on",
          [](const UtttGame& g) -> py::object {
            if (g.now().winner() < 0) return py::none();
            return py::str(g.now().won_on_line() ? "line" : "tie-break");
          },
          "'line' or 'tie-break' (codingame rules: more boards won) once a player has won; "
          "None otherwise (as the JSON's won_on).")
      .def(
          "is_draw", [](const UtttGame& g) { return g.now().is_draw(); },
          "True when the game is over without a winner.")
      .def_property_readonly(
          "score",
          [](const UtttGame& g) { return py::make_tuple(g.now().points(0), g.now().points(1)); },
          "(X, O) points: 1 for the winner (the big line, or codingame's tie-break), so (1, 0), "
          "(0, 1), or (0, 0) "
          "while the game goes on and after a draw.")
      .def_property_readonly(
          "boards_won",
          [](const UtttGame& g) {
            return py::make_tuple(std::popcount(g.now().owned(0)), std::popcount(g.now().owned(1)));
          },
          "(small boards X owns, small boards O owns).")
      .def_property_readonly(
          "forced_board",
          [](const UtttGame& g) -> py::object {
            if (g.now().forced_board() == uttt::kAnyBoard) return py::none();
            return py::str(uttt::board_name(g.now().forced_board()));
          },
          "The board the mover must play in ('the centre board (d4-f6)'), or None for a free "
          "move (as the JSON's forced_board, also once the game is over).")
      .def(
          "returns",
          [](const UtttGame& g) {
            const int w = g.now().winner();
            if (w < 0) return std::vector<double>{0.0, 0.0};
            return w == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
          },
          "OpenSpiel's name: [1, -1] when X has won, [-1, 1] when O has, [0, 0] for a draw or "
          "a game not over.")
      .def(
          "to_dict",
          [](const UtttGame& g) {
            return to_python(report::uttt_show_json(g.now(), g.moves().size()));
          },
          "The JSON answer of `grundy uttt show --moves ... --json`, as a dict.")
      .def("solve", &solve, py::kw_only(), py::arg("nodes") = py::none(),
           py::arg("seconds") = py::none(), py::arg("memory_mb") = py::none(),
           py::arg("checkpoint") = py::none(), py::arg("checkpoint_every") = py::none(),
           py::arg("proof") = py::none(), py::arg("opening") = py::none(),
           py::arg("proof_size") = true,
           "Win, draw or loss for the player to move by proof-number search (`grundy uttt "
           "solve`); 'unknown' when `nodes` or `seconds` ends it first. memory_mb: the table "
           "(default 256); checkpoint=FILE saves the table and resumes from it; proof=FILE "
           "writes the proof of a win; opening='centre' restricts the mover to the centre "
           "opening. Ctrl-C raises KeyboardInterrupt and leaves the state as it was.")
      .def(
          "_analyze_game",
          [](const UtttGame& g, py::handle iterations, py::handle seed) {
            uttt::ReviewOptions ro;
            if (!iterations.is_none())
              ro.iterations = whole_number_in(iterations, "--iterations", 1, 1'000'000'000);
            ro.seed = whole_number(seed, "--seed", kMaxSeed);
            const std::string moves = g.moves_text();
            uttt::GameReview review;
            run_released([&](const std::atomic<bool>& stop) {
              ro.stop = &stop;
              review = uttt::review_game(moves, g.start().rules(), ro);
            });
            return to_python(report::uttt_game_review_json(review));
          },
          py::kw_only(), py::arg("iterations") = py::none(), py::arg("seed") = 1)
      .def(
          "analyze",
          [](const UtttGame& g, py::handle engine, py::handle ms, py::handle iterations,
             py::handle threads, py::handle seed) {
            const Board b = g.now();
            if (b.is_over()) throw InputError(report::uttt_nothing_to_analyse(b));
            auto o = engine_options(engine, ms, iterations, threads, seed, 1000);
            uttt::Analysis a;
            run_released([&](const std::atomic<bool>& stop) {
              o.stop = &stop;
              a = uttt::analyze(b, o);
            });
            return a;
          },
          py::kw_only(), py::arg("engine") = "mcts", py::arg("ms") = py::none(),
          py::arg("iterations") = py::none(), py::arg("threads") = 1, py::arg("seed") = 1,
          "Best move, win rate, principal variation (`grundy uttt analyze`): engine 'mcts', "
          "'alphabeta', 'heuristic' or 'random'; ms (default 1000) or iterations (playouts or "
          "nodes; reproducible with threads=1).")
      .def("svg", &svg_of, "The board as an SVG document (`grundy uttt show --svg`).")
      .def("_repr_svg_", &svg_of)
      .def(
          "__str__", [](const UtttGame& g) { return report::uttt_show_text(g.now(), g.moves()); },
          "What `grundy uttt show --moves ...` prints.")
      .def("__repr__", &game_repr)
      .def(py::pickle(
          [](const UtttGame& g) {
            return py::make_tuple(g.moves_text(), uttt::rules_name(g.start().rules()));
          },
          [](const py::tuple& t) {
            if (t.size() != 2) throw InputError("grundy.uttt.State: bad pickled state");
            return make_game(t[0], t[1]);
          }));
  bind_played_game<Board, UtttCodec>(state);

  py::class_<UtttEngine>(m, "Engine",
                         "An engine of `grundy uttt play`: mcts (keeps its tree between moves), "
                         "alphabeta, heuristic or random.")
      .def(py::init([](py::handle name, py::handle ms, py::handle iterations, py::handle threads,
                       py::handle seed) {
             return std::make_unique<UtttEngine>(
                 engine_options(name, ms, iterations, threads, seed, 100));
           }),
           py::arg("name") = "mcts", py::kw_only(), py::arg("ms") = py::none(),
           py::arg("iterations") = py::none(), py::arg("threads") = 1, py::arg("seed") = 1,
           "Engine('mcts', ms=100): ms per move (default 100) or iterations per move (playouts "
           "or nodes), threads, seed.")
      .def_property_readonly("name", &UtttEngine::name)
      .def(
          "choose", [](UtttEngine& e, const UtttGame& g) { return uttt::cell_name(e.choose(g)); },
          py::arg("state"),
          "The engine's move in `state` (not played). The engine follows the game: the moves "
          "played since its last choice are told to it, so mcts keeps its tree.")
      .def(
          "step", [](UtttEngine& e, const UtttGame& g) { return static_cast<int>(e.choose(g)); },
          py::arg("state"), "OpenSpiel's bot name: choose() as an action id.")
      .def("__repr__", &UtttEngine::repr);
}

}  // namespace grundy::python
