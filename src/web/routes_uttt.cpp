// Ultimate Tic-Tac-Toe: the answers of `grundy uttt show --json` and `grundy uttt analyze
// --json`. The engines take the budget's stop flag; their thinking time must fit in the budget.
#include <algorithm>
#include <string>

#include <fmt/core.h>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/uttt/game_review.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/players.h"
#include "report/game_review.h"
#include "report/uttt.h"
#include "web/request.h"
#include "web/routes.h"

namespace grundy::web {
namespace {

uttt::Board uttt_position_of(const RequestBody& r) {
  return uttt::play_moves(r.text("moves").value_or(""),
                          uttt::parse_rules(r.text("rules").value_or("standard")));
}

}  // namespace

nlohmann::json uttt_show_route(std::string_view body, const Budget&) {
  const RequestBody r(body, {"moves", "rules"});
  const auto b = uttt_position_of(r);
  return report::uttt_show_json(b, uttt::split_move_list(r.text("moves").value_or("")).size());
}

nlohmann::json uttt_analyze_route(std::string_view body, const Budget& budget) {
  const RequestBody r(body, {"moves", "rules", "engine", "ms", "iterations", "seed"});
  const auto b = uttt_position_of(r);
  if (b.is_over()) throw InputError(report::uttt_nothing_to_analyse(b));
  uttt::EngineOptions o;
  o.engine = uttt::parse_engine(r.text("engine").value_or("mcts"));
  o.seed = parse_uint(r.number_text("seed").value_or("1"), "--seed", ~std::uint64_t{0} >> 1);
  // The same ranges as the command line's (cli/uttt_play.cpp), within the web app's limits.
  const auto iterations = r.number_text("iterations");
  o.iterations =
      iterations ? parse_uint_in(*iterations, "--iterations", 1, kMaxWebUtttIterations) : 0;
  // The thinking time: --ms as asked (within the budget), or, with neither it nor --iterations,
  // the command line's 1000 ms or half the budget if that is shorter.
  const auto ms_text = r.decimal_text("ms");
  double ms = budget.seconds() > 0 ? std::min(1000.0, budget.seconds() * 500) : 1000.0;
  if (ms_text) {
    ms = parse_decimal(*ms_text, "--ms", 1, 3'600'000);
    if (budget.seconds() > 0 && ms > budget.seconds() * 1000)
      throw LimitError(fmt::format("--ms {} is longer than the server's budget per request ({} ms)",
                                   decimal_text(ms), decimal_text(budget.seconds() * 1000)));
  }
  o.seconds = o.iterations ? 0 : ms / 1000.0;
  o.threads = 1;
  o.stop = budget.stop();
  const auto a = uttt::analyze(b, o);
  budget.check();
  return report::uttt_analysis_json(a);
}

nlohmann::json uttt_analyze_game_route(std::string_view body, const Budget& budget) {
  const RequestBody r(body, {"moves", "rules", "iterations", "seed"});
  uttt::ReviewOptions o;
  o.seed = parse_uint(r.number_text("seed").value_or("1"), "--seed", ~std::uint64_t{0} >> 1);
  o.iterations = parse_uint_in(r.number_text("iterations").value_or("10000"), "--iterations", 1,
                               kMaxWebUtttReviewIterations);
  o.stop = budget.stop();
  const auto review = uttt::review_game(r.text("moves").value_or(""),
                                        uttt::parse_rules(r.text("rules").value_or("standard")), o);
  budget.check();
  return report::uttt_game_review_json(review);
}

}  // namespace grundy::web
