// grundy.dots: Dots and Boxes positions (State), the exact solver, the analysis of
// `grundy dots analyze`, and the engines of `grundy dots play|move`.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "grundy/core/error.h"
#include "grundy/core/text.h"
#include "grundy/games/dots/analysis.h"
#include "grundy/games/dots/checkpoint.h"
#include "grundy/games/dots/checkpoint_moves.h"
#include "grundy/games/dots/checkpoint_summary.h"
#include "grundy/games/dots/explain.h"
#include "grundy/games/dots/game_review.h"
#include "grundy/games/dots/players.h"
#include "grundy/games/dots/render.h"
#include "grundy/games/dots/solver.h"
#include "python/bindings.h"
#include "python/board_state.h"
#include "python/common.h"
#include "python/interrupt.h"
#include "report/dots.h"
#include "report/game_review.h"

namespace grundy::python {

// A named namespace, not an anonymous one: the unity build compiles the binding files together.
namespace dots_binding {

using dots::DotsState;
using DotsGame = PlayedGame<DotsState>;
using Line = DotsState::Move;

constexpr std::uint64_t kMaxSeed = ~std::uint64_t{0} >> 1;

// Moves as Python gives them: a line's name ("a1b1") or its action id (the line's index, the
// same numbering as OpenSpiel's dots_and_boxes).
struct DotsCodec {
  static Line id(const DotsGame& g, py::handle h) {
    if (!is_action_id(h))
      throw InputError("action: expected an action id (an int), got " + short_repr(h));
    return static_cast<Line>(
        whole_number(h, "action", static_cast<std::uint64_t>(g.now().board().lines() - 1)));
  }
  static Line name(const DotsGame& g, py::handle h) {
    const std::string token = one_move(h, "a line like a1b1");
    std::string why;
    const int line = g.now().board().find_line(token, &why);
    if (line < 0) throw InputError("move '" + shown_token(token) + "' " + why);
    return static_cast<Line>(line);
  }
  static Line legal(const DotsGame& g, py::handle h) {
    const auto& board = g.now().board();
    int line = -1;
    std::string token;
    if (is_action_id(h)) {
      line = id(g, h);
      token = board.line_name(line);
    } else {
      token = one_move(h, "a line like a1b1");
      line = board.find_line(token);
    }
    if (line >= 0 && !g.now().drawn(line)) return static_cast<Line>(line);
    // The command line's message for the same move list names the move and what is wrong.
    DotsState::after(board, g.text_after(token));
    throw InputError("move '" + shown_token(token) + "' is not a legal line here");
  }
};

DotsGame make_game(py::handle size, py::handle moves) {
  const auto& board = dots::Board::parse(text(size, "size"));
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
      list +=
          is_action_id(m)
              ? board.line_name(static_cast<int>(whole_number(
                    m, fmt::format("move {}", i), static_cast<std::uint64_t>(board.lines() - 1))))
              : text(m, fmt::format("move {}", i));
    }
  } else {
    throw InputError("moves: expected a str of lines ('a1b1 b1c1') or a list, got " +
                     short_repr(moves));
  }
  DotsState::after(board, list);  // the command line's checks and messages
  DotsGame g{DotsState(board)};
  for (int line : board.parse_lines(list)) g.play(static_cast<Line>(line));
  return g;
}

std::string game_repr(const DotsGame& g) {
  const std::string moves = g.moves_text();
  return fmt::format("grundy.dots.State('{}'{})", g.now().board().size_name(),
                     moves.empty() ? "" : fmt::format(", moves='{}'", moves));
}

std::vector<int> marked_lines(const DotsGame& g, py::handle marked) {
  std::vector<int> lines;
  if (marked.is_none()) return lines;
  if (PyUnicode_Check(marked.ptr())) {
    return g.now().board().parse_lines(text(marked, "marked"));
  }
  for (py::handle m : marked)
    lines.push_back(is_action_id(m) ? DotsCodec::id(g, m) : DotsCodec::name(g, m));
  return lines;
}

py::object winner_of(const DotsState& s) {
  if (!s.is_over() || s.points(0) == s.points(1)) return py::none();
  return py::int_(s.points(0) > s.points(1) ? 1 : 2);
}

// ------------------------------------------------------------------------------- solve

struct DotsSolved {
  DotsState state;
  dots::SolveResult result;
};

int clamped_lower(const DotsSolved& s) {
  return s.result.complete ? s.result.value : std::max(s.result.lower, -s.state.boxes_left());
}
int clamped_upper(const DotsSolved& s) {
  return s.result.complete ? s.result.value : std::min(s.result.upper, s.state.boxes_left());
}

DotsSolved solve(const DotsGame& g, py::handle seconds_arg, py::handle threads, py::handle table_mb,
                 bool one_best, py::object checkpoint, bool resume, py::handle checkpoint_every,
                 py::handle checkpoint_entries) {
  DotsSolved out{g.now(), {}};
  const int undrawn = out.state.board().lines() - out.state.lines_drawn();
  dots::SolveOptions so;
  if (!seconds_arg.is_none()) so.seconds = seconds(seconds_arg, "--seconds", 100'000'000);
  so.threads = threads.is_none() ? dots::default_solve_threads(undrawn)
                                 : static_cast<int>(whole_number_in(threads, "--threads", 1, 64));
  const std::uint64_t mib =
      table_mb.is_none() ? dots::default_table_mib(undrawn, so.seconds)
                         : whole_number_in(table_mb, "--table-mb", 1, std::uint64_t{1} << 20);
  so.table_bytes = static_cast<std::size_t>(mib) << 20;
  so.best_moves = !one_best;
  if (!checkpoint.is_none()) so.checkpoint = text(py::str(checkpoint), "checkpoint");
  so.resume = resume;
  if (resume && so.checkpoint.empty()) throw InputError("resume=True needs checkpoint=FILE");
  if (!checkpoint_every.is_none()) {
    if (so.checkpoint.empty()) throw InputError("checkpoint_every needs checkpoint=FILE");
    so.checkpoint_every = decimal(checkpoint_every, "--checkpoint-every", 1, 1e6);
  }
  if (!checkpoint_entries.is_none()) {
    if (so.checkpoint.empty()) throw InputError("checkpoint_entries needs checkpoint=FILE");
    so.checkpoint_entries =
        whole_number_in(checkpoint_entries, "--checkpoint-entries", 1, dots::kMaxCheckpointEntries);
  }
  run_released([&](const std::atomic<bool>& stop) {
    so.stop = &stop;
    out.result = dots::solve(out.state, so);
  });
  return out;
}

// ----------------------------------------------------------------------------- analyze

struct DotsAnalyzed {
  DotsState state;
  dots::Analysis analysis;
};

DotsAnalyzed analyze(const DotsGame& g, py::handle seconds_arg) {
  DotsAnalyzed out{g.now(), {}};
  dots::AnalysisOptions ao;
  // 0: no solver, as `--seconds 0`.
  const bool zero = is_action_id(seconds_arg) && py::int_(0).equal(seconds_arg);
  ao.solver_seconds = zero ? 0 : decimal(seconds_arg, "--seconds", 0, 86'400);
  run_released([&](const std::atomic<bool>& stop) {
    ao.stop = &stop;
    out.analysis = dots::analyze(out.state, ao);
  });
  return out;
}

py::object analysis_json(const DotsAnalyzed& a) {
  return to_python(report::dots_analysis_json(a.state, a.analysis));
}

// ------------------------------------------------------------------------------ engine

class DotsEngine {
 public:
  DotsEngine(std::string name, std::uint64_t seed, double seconds)
      : name_(std::move(name)),
        seed_(seed),
        seconds_(seconds),
        player_(seed, [&](const std::atomic<bool>* stop) {
          dots::EngineOptions eo;
          eo.seconds = seconds;
          eo.stop = stop;
          return dots::make_engine(name_, seed, eo);
        }) {}

  Line choose(const DotsGame& game) {
    if (game.now().is_over()) throw InputError("the game is over: every line is drawn");
    return player_.choose(game);
  }

  std::string repr() const {
    return fmt::format("grundy.dots.Engine('{}', seed={}{})", name_, seed_,
                       name_ == "perfect" ? fmt::format(", seconds={:g}", seconds_) : "");
  }
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::uint64_t seed_;
  double seconds_;
  EnginePlayer<DotsState> player_;
};

// grundy dots checkpoint FILE [--keep N --out SMALL | --moves LIST] --json, as a dict.
py::object checkpoint(py::handle path, py::handle keep, py::handle out, py::handle moves,
                      bool replies) {
  const std::string file = text(py::str(path), "path");
  if (keep.is_none() != out.is_none())
    throw InputError(keep.is_none() ? "out= needs keep=N" : "keep= needs out=FILE");
  if (!moves.is_none()) {
    if (!keep.is_none()) throw InputError("moves= and keep=: one at a time");
    const std::string list = text(moves, "moves");
    dots::CheckpointMoves m;
    run_released(
        [&](const std::atomic<bool>&) { m = dots::checkpoint_moves(file, list, replies); });
    return to_python(report::dots_checkpoint_json(m));
  }
  if (replies) throw InputError("replies=True needs moves='...'");
  if (keep.is_none()) {
    dots::CheckpointSummary s;
    run_released([&](const std::atomic<bool>&) { s = dots::summarize_checkpoint(file); });
    return to_python(report::dots_checkpoint_json(s));
  }
  const std::uint64_t n = whole_number_in(keep, "--keep", 1, dots::kMaxCheckpointEntries);
  const std::string to = text(py::str(out), "out");
  dots::ShrinkResult r;
  run_released([&](const std::atomic<bool>&) { r = dots::shrink_checkpoint(file, to, n); });
  return to_python(report::dots_checkpoint_json(r, to));
}

}  // namespace dots_binding

void bind_dots(py::module_& parent) {
  using namespace dots_binding;
  py::module_ m = parent.def_submodule(
      "dots",
      "Dots and Boxes: positions (State) with the command line's notation, the exact solver, "
      "the analysis (chains, Nimstring, control) and the engines.");

  py::class_<DotsSolved>(m, "SolveResult",
                         "The exact solver's answer: the best margin of the boxes still to be "
                         "won, for the player to move, and every line that achieves it.")
      .def_property_readonly(
          "complete", [](const DotsSolved& s) { return s.result.complete; },
          "False when a budget (seconds) ended the search first: then lower and upper bound the "
          "value.")
      .def_property_readonly(
          "value", [](const DotsSolved& s) { return s.result.value; },
          "The margin (mover's boxes minus the other's) of the boxes still to be won with best "
          "play.")
      .def_property_readonly("lower", &clamped_lower)
      .def_property_readonly("upper", &clamped_upper)
      .def_property_readonly(
          "best",
          [](const DotsSolved& s) {
            return report::dots_line_names(s.state.board(), s.result.best);
          },
          "The lines that achieve the value, sorted.")
      .def_property_readonly("best_complete",
                             [](const DotsSolved& s) { return s.result.best_complete; })
      .def_property_readonly("nodes", [](const DotsSolved& s) { return s.result.nodes; })
      .def_property_readonly("seconds", [](const DotsSolved& s) { return s.result.seconds; })
      .def(
          "to_dict",
          [](const DotsSolved& s) { return to_python(report::dots_solve_json(s.state, s.result)); },
          "The JSON answer of `grundy dots solve RxC --moves ... --json`, as a dict.")
      .def("__repr__", [](const DotsSolved& s) {
        const auto best = report::dots_line_names(s.state.board(), s.result.best);
        if (!s.result.complete)
          return fmt::format(
              "grundy.dots.SolveResult(complete=False, lower={}, upper={}, nodes={})",
              clamped_lower(s), clamped_upper(s), s.result.nodes);
        return fmt::format("grundy.dots.SolveResult(value={}, best=[{}], nodes={})", s.result.value,
                           best.size() <= 8 ? fmt::format("'{}'", fmt::join(best, "', '"))
                                            : fmt::format("<{} lines>", best.size()),
                           s.result.nodes);
      });

  py::class_<DotsAnalyzed>(m, "Analysis",
                           "What `grundy dots analyze` says: chains and loops, the long chain "
                           "rule, Nimstring, the moves by kind, control, advice, the solver.")
      .def_property_readonly(
          "chains", [](const DotsAnalyzed& a) { return py::object(analysis_json(a)["chains"]); },
          "The chains and loops, as dicts (kind, length, boxes, lines, ends, ...).")
      .def_property_readonly("long_chains",
                             [](const DotsAnalyzed& a) { return a.analysis.long_chains; })
      .def_property_readonly("loops", [](const DotsAnalyzed& a) { return a.analysis.loops; })
      .def_property_readonly(
          "favours", [](const DotsAnalyzed& a) { return a.analysis.favoured; },
          "The player (1 or 2) the long chain rule favours with today's count.")
      .def_property_readonly(
          "nimstring",
          [](const DotsAnalyzed& a) -> py::object {
            if (!a.analysis.nimstring) return py::none();
            return py::str(a.analysis.nimstring->to_string());
          },
          "The Nimstring value ('0', '*2', 'loony'), or None when too big to compute.")
      .def_property_readonly(
          "moves", [](const DotsAnalyzed& a) { return py::object(analysis_json(a)["moves"]); },
          "The undrawn lines by kind: {'captures': [...], 'safe': [...], 'sacrifices': [...]}.")
      .def_property_readonly(
          "advice",
          [](const DotsAnalyzed& a) -> py::object {
            if (a.analysis.advice.line < 0) return py::none();
            return py::str(a.state.board().line_name(a.analysis.advice.line));
          },
          "The control engine's line, or None.")
      .def_property_readonly("advice_reason",
                             [](const DotsAnalyzed& a) { return a.analysis.advice.reason; })
      .def_property_readonly(
          "value",
          [](const DotsAnalyzed& a) -> py::object {
            if (!a.analysis.solved || !a.analysis.solved->complete) return py::none();
            return py::int_(a.analysis.solved->value);
          },
          "The solver's exact value when it finished within the budget, else None.")
      .def_property_readonly(
          "best",
          [](const DotsAnalyzed& a) -> py::object {
            if (!a.analysis.solved || !a.analysis.solved->complete) return py::none();
            return py::cast(report::dots_line_names(a.state.board(), a.analysis.solved->best));
          },
          "The solver's best lines when it finished, else None.")
      .def("to_dict", &analysis_json,
           "The JSON answer of `grundy dots analyze RxC --moves ... --json`, as a dict.")
      .def("__repr__", [](const DotsAnalyzed& a) {
        return fmt::format(
            "grundy.dots.Analysis(long_chains={}, nimstring={}, advice={})", a.analysis.long_chains,
            a.analysis.nimstring ? "'" + a.analysis.nimstring->to_string() + "'" : "None",
            a.analysis.advice.line >= 0
                ? "'" + a.state.board().line_name(a.analysis.advice.line) + "'"
                : "None");
      });

  py::class_<DotsGame> state(
      m, "State",
      "A Dots and Boxes position and the moves that led to it. Lines are named by their two "
      "dots: columns a, b, c, ... from the left, rows 1, 2, ... from the top (a1b1 is the "
      "top-left horizontal line, a1a2 the vertical one below a1). Completing a box gives it to "
      "the mover, who moves again.");
  state
      .def(py::init(&make_game), py::arg("size") = "3x3", py::arg("moves") = "",
           "State('3x3', moves='a1b1 b1c1'): the board of ROWSxCOLUMNS boxes after the lines "
           "`moves` (a str as the command line's --moves, or a list of names or action ids).")
      .def_property_readonly(
          "size", [](const DotsGame& g) { return g.now().board().size_name(); }, "'3x3'.")
      .def_property_readonly("rows", [](const DotsGame& g) { return g.now().board().rows(); })
      .def_property_readonly("cols", [](const DotsGame& g) { return g.now().board().cols(); })
      .def_property_readonly(
          "to_move", [](const DotsGame& g) { return g.now().to_move() + 1; },
          "1 or 2: the player to move (as the JSON's to_move).")
      .def_property_readonly(
          "score",
          [](const DotsGame& g) { return py::make_tuple(g.now().points(0), g.now().points(1)); },
          "(boxes of player 1, boxes of player 2).")
      .def_property_readonly(
          "winner", [](const DotsGame& g) { return winner_of(g.now()); },
          "1 or 2 once the game is over with more boxes for one player; None while it goes on "
          "or after a tie.")
      .def(
          "returns",
          [](const DotsGame& g, bool margin) {
            const auto& s = g.now();
            if (!s.is_over()) return std::vector<double>{0.0, 0.0};
            const double d = s.points(0) - s.points(1);
            const double r = margin ? d : (d > 0) - (d < 0);
            return std::vector<double>{r, -r};
          },
          py::kw_only(), py::arg("margin") = false,
          "OpenSpiel's name: [1, -1], [-1, 1] or [0, 0] for a finished game (player 1, player "
          "2), [0, 0] before the end; margin=True: the box margins instead (OpenSpiel's "
          "utility_margin).")
      .def(
          "explain", [](const DotsGame& g) { return dots::explain_strings_and_coins(g.now()); },
          "The position as strings and coins, line by line (`grundy dots show --explain`).")
      .def(
          "to_dict",
          [](const DotsGame& g, bool explain) {
            if (!explain) return to_python(report::dots_show_json(g.now(), nullptr));
            const auto lines = dots::explain_strings_and_coins(g.now());
            return to_python(report::dots_show_json(g.now(), &lines));
          },
          py::kw_only(), py::arg("explain") = false,
          "The JSON answer of `grundy dots show RxC --moves ... --json` (with explain=True: "
          "--explain), as a dict.")
      .def("solve", &solve, py::kw_only(), py::arg("seconds") = py::none(),
           py::arg("threads") = py::none(), py::arg("table_mb") = py::none(),
           py::arg("one_best") = false, py::arg("checkpoint") = py::none(),
           py::arg("resume") = false, py::arg("checkpoint_every") = py::none(),
           py::arg("checkpoint_entries") = py::none(),
           "The exact value and every best line (`grundy dots solve`). seconds: a budget (then "
           "lower/upper bound the value if it ends first); threads and table_mb default as the "
           "command line's; checkpoint=FILE saves progress (periodically, every "
           "checkpoint_every seconds, and on Ctrl-C; at most checkpoint_entries table entries) "
           "and resume=True continues from it. Ctrl-C "
           "raises KeyboardInterrupt and leaves the state as it was.")
      .def(
          "_analyze_game",
          [](const DotsGame& g, py::handle seconds_arg) {
            dots::ReviewOptions ro;
            if (!seconds_arg.is_none()) ro.seconds = seconds(seconds_arg, "--seconds", 1e8);
            const std::vector<int> lines(g.moves().begin(), g.moves().end());
            dots::GameReview review;
            run_released([&](const std::atomic<bool>& stop) {
              ro.stop = &stop;
              review = dots::review_game(g.start().board(), lines, ro);
            });
            return to_python(report::dots_game_review_json(g.start().board(), review));
          },
          py::kw_only(), py::arg("seconds") = py::none())
      .def("analyze", &analyze, py::kw_only(), py::arg("seconds") = 2,
           "Chains, the long chain rule, Nimstring, control, advice and the solver's answer "
           "(`grundy dots analyze`); seconds: the solver's budget (0: no solver).")
      .def(
          "svg",
          [](const DotsGame& g, py::handle marked) {
            return dots::render_svg(g.now(), report::dots_headline(g.now()),
                                    marked_lines(g, marked));
          },
          py::kw_only(), py::arg("marked") = py::none(),
          "The board as an SVG document (`grundy dots show --svg`); `marked` lines (names or "
          "action ids, e.g. a solve's best) are drawn dashed.")
      .def("_repr_svg_",
           [](const DotsGame& g) {
             return dots::render_svg(g.now(), report::dots_headline(g.now()));
           })
      .def(
          "__str__", [](const DotsGame& g) { return report::dots_show_text(g.now()); },
          "What `grundy dots show RxC --moves ...` prints.")
      .def("__repr__", &game_repr)
      .def(py::pickle(
          [](const DotsGame& g) {
            return py::make_tuple(g.now().board().size_name(), g.moves_text());
          },
          [](const py::tuple& t) {
            if (t.size() != 2) throw InputError("grundy.dots.State: bad pickled state");
            return make_game(t[0], t[1]);
          }));
  bind_played_game<DotsState, DotsCodec>(state);

  py::class_<DotsEngine>(m, "Engine",
                         "An engine of `grundy dots play`: random, greedy, control or perfect.")
      .def(py::init([](py::handle name, py::handle seed, py::handle seconds_arg) {
             return std::make_unique<DotsEngine>(
                 text(name, "engine"), whole_number(seed, "--seed", kMaxSeed),
                 seconds_arg.is_none() ? 1.0 : seconds(seconds_arg, "--seconds", 3600));
           }),
           py::arg("name") = "control", py::kw_only(), py::arg("seed") = 1,
           py::arg("seconds") = py::none(),
           "Engine('control', seed=1). seconds: the perfect engine's solver budget per move "
           "(default 1; then it falls back on control).")
      .def_property_readonly("name", &DotsEngine::name)
      .def(
          "choose",
          [](DotsEngine& e, const DotsGame& g) { return g.now().board().line_name(e.choose(g)); },
          py::arg("state"),
          "The engine's line in `state` (not played). The engine follows the game: moves "
          "played since its last choice are told to it.")
      .def(
          "step", [](DotsEngine& e, const DotsGame& g) { return static_cast<int>(e.choose(g)); },
          py::arg("state"), "OpenSpiel's bot name: choose() as an action id.")
      .def("__repr__", &DotsEngine::repr);

  m.def("checkpoint", &checkpoint, py::arg("path"), py::kw_only(), py::arg("keep") = py::none(),
        py::arg("out") = py::none(), py::arg("moves") = py::none(), py::arg("replies") = false,
        "What a solve's checkpoint (State.solve(checkpoint=FILE)) holds, as `grundy dots "
        "checkpoint FILE --json` prints it: board, drawn, to_move, lower, upper, nodes, seconds, "
        "entries, by_weight. With keep=N and out=FILE, also writes a copy with its biggest solved "
        "subtrees (at most N entries) that resumes the same solve; then 'kept' says what it "
        "holds. With moves='a1b1 ...' ('' for the empty board), also what the table proves "
        "about each line of that position ('position'; 'lines': line, captured, known, lower, "
        "upper, as `--moves` prints them; with replies=True each line's 'replies' too).");
}

}  // namespace grundy::python
