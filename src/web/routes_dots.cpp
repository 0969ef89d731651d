// Dots and Boxes: the answers of `grundy dots show|analyze|solve|move --json`. The solver and
// the engines take the budget's stop flag; their own time limits stay below the budget.
#include <algorithm>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/dots/analysis.h"
#include "grundy/games/dots/explain.h"
#include "grundy/games/dots/game_review.h"
#include "grundy/games/dots/players.h"
#include "grundy/games/dots/solver.h"
#include "report/dots.h"
#include "report/game_review.h"
#include "web/request.h"
#include "web/routes.h"

namespace grundy::web {
namespace {

struct Position {
  const dots::Board* board;
  dots::DotsState state;
};

Position dots_position_of(const RequestBody& r) {
  const auto size = r.text("size");
  if (!size) throw InputError("size is required: the board in boxes, like \"3x3\"");
  const auto& board = dots::Board::parse(*size);
  return {&board, dots::DotsState::after(board, r.text("moves").value_or(""))};
}

// A time the request asks for ("seconds", like --seconds), which must fit in the budget.
double seconds_of(const RequestBody& r, double fallback, double min, double max,
                  const Budget& budget) {
  const auto text = r.decimal_text("seconds");
  const double seconds = text ? parse_decimal(*text, "--seconds", min, max) : fallback;
  if (budget.seconds() > 0 && seconds > budget.seconds())
    throw LimitError("--seconds " + decimal_text(seconds) +
                     " is longer than the server's budget per request (" +
                     decimal_text(budget.seconds()) + " s)");
  return seconds;
}

// The engines' and the analysis' own time limit when the request names none: 1 s, or half the
// budget if that is shorter (the command line's default is 2 s: the web's must fit the budget).
double default_seconds(const Budget& budget) {
  return budget.seconds() > 0 ? std::min(1.0, budget.seconds() / 2) : 1.0;
}

}  // namespace

nlohmann::json dots_show_route(std::string_view body, const Budget&) {
  const RequestBody r(body, {"size", "moves", "explain"});
  const auto p = dots_position_of(r);
  if (!r.flag("explain")) return report::dots_show_json(p.state, nullptr);
  const auto lines = dots::explain_strings_and_coins(p.state);
  return report::dots_show_json(p.state, &lines);
}

nlohmann::json dots_analyze_route(std::string_view body, const Budget& budget) {
  const RequestBody r(body, {"size", "moves", "seconds"});
  const auto p = dots_position_of(r);
  dots::AnalysisOptions ao;
  ao.solver_seconds = seconds_of(r, default_seconds(budget), 0, 86'400, budget);
  ao.stop = budget.stop();
  return report::dots_analysis_json(p.state, dots::analyze(p.state, ao));
}

nlohmann::json dots_solve_route(std::string_view body, const Budget& budget) {
  const RequestBody r(body, {"size", "moves", "seconds", "one_best"});
  const auto p = dots_position_of(r);
  dots::SolveOptions so;
  so.threads = 1;
  so.table_bytes = static_cast<std::size_t>(kWebDotsTableMiB) << 20;
  so.seconds = seconds_of(r, 0, 0.001, 1e8, budget);
  so.best_moves = !r.flag("one_best");
  so.stop = budget.stop();
  const auto result = dots::solve(p.state, so);
  budget.check();
  return report::dots_solve_json(p.state, result);
}

nlohmann::json dots_move_route(std::string_view body, const Budget& budget) {
  const RequestBody r(body, {"size", "moves", "engine", "seed", "seconds"});
  const auto p = dots_position_of(r);
  const std::uint64_t seed =
      parse_uint(r.number_text("seed").value_or("1"), "--seed", ~std::uint64_t{0} >> 1);
  dots::EngineOptions eo;
  eo.seconds = seconds_of(r, default_seconds(budget), 0.001, 3600, budget);
  eo.table_bytes = static_cast<std::size_t>(kWebDotsTableMiB) << 20;
  eo.stop = budget.stop();
  const std::string engine_name = r.text("engine").value_or("control");
  auto engine = dots::make_engine(engine_name, seed, eo);
  if (p.state.is_over()) throw InputError("the game is over: every line is drawn");
  const int line = engine->choose(p.state);
  return report::dots_move_json(p.state, engine_name, line);
}

// The whole game within the request's budget: the review stops itself a little before the
// deadline, leaving the earliest positions without a value rather than failing the request.
nlohmann::json dots_analyze_game_route(std::string_view body, const Budget& budget) {
  const RequestBody r(body, {"size", "moves", "seconds"});
  const auto size = r.text("size");
  if (!size) throw InputError("size is required: the board in boxes, like \"3x3\"");
  const auto& board = dots::Board::parse(*size);
  const auto lines = board.parse_lines(r.text("moves").value_or(""));
  dots::ReviewOptions ro;
  ro.seconds =
      seconds_of(r, budget.seconds() > 0 ? budget.seconds() * 0.8 : 60, 0.001, 1e8, budget);
  ro.table_bytes = static_cast<std::size_t>(kWebDotsTableMiB) << 20;
  return report::dots_game_review_json(board, dots::review_game(board, lines, ro));
}

}  // namespace grundy::web
