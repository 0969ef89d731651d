#include "web/api.h"

#include <new>

#include "grundy/core/error.h"
#include "grundy/core/text_check.h"
#include "report/json_text.h"
#include "web/routes.h"

namespace grundy::web {
namespace {

constexpr Route kRoutes[] = {
    {"/api/nim", nim_route, "grundy nim HEAPS... [--misere] --json"},
    {"/api/subtraction", subtraction_route,
     "grundy subtraction --set SET [--values N | --at N] [--misere] --json"},
    {"/api/octal", octal_route,
     "grundy octal CODE [--values N | --at N] [--period] [--limit N] [--misere] --json"},
    {"/api/dag", dag_route, "grundy dag FILE [--start V,...] [--misere] --json"},
    {"/api/hackenbush", hackenbush_route,
     "grundy hackenbush FILE.json | --string TEXT [--explain] --json"},
    {"/api/dots/show", dots_show_route, "grundy dots show RxC [--moves LIST] [--explain] --json"},
    {"/api/dots/analyze", dots_analyze_route,
     "grundy dots analyze RxC [--moves LIST] [--seconds T] --json"},
    {"/api/dots/solve", dots_solve_route,
     "grundy dots solve RxC [--moves LIST] [--seconds T] [--one-best] --json"},
    {"/api/dots/move", dots_move_route,
     "grundy dots move RxC [--moves LIST] [--engine E] [--seed S] [--seconds T] --json"},
    {"/api/dots/analyze-game", dots_analyze_game_route,
     "grundy dots analyze-game RxC --moves LIST [--seconds T] --json"},
    {"/api/uttt", uttt_analyze_route,
     "grundy uttt analyze [--moves LIST] [--rules R] [--engine E] [--ms T | --iterations N] "
     "[--seed S] --json"},
    {"/api/uttt/show", uttt_show_route, "grundy uttt show [--moves LIST] [--rules R] --json"},
    {"/api/uttt/analyze-game", uttt_analyze_game_route,
     "grundy uttt analyze-game --moves LIST [--rules R] [--iterations N] [--seed S] --json"},
};

ApiResponse error(int status, std::string_view message) {
  return {status, error_body(message)};
}

}  // namespace

std::span<const Route> routes() {
  return kRoutes;
}

std::string unknown_endpoint_message(std::string_view path) {
  return "no endpoint " + printable(path, 100) +
         "; the endpoints are listed in docs/web.md (GET /docs/web.html)";
}

std::string error_body(std::string_view message) {
  return report::json_text({{"error", one_line(message)}});
}

ApiResponse handle_api(std::string_view path, std::string_view body, double budget_seconds) {
  const Route* route = nullptr;
  for (const auto& r : kRoutes)
    if (r.path == path) route = &r;
  if (!route) return error(404, unknown_endpoint_message(path));
  const Budget budget(budget_seconds);
  try {
    const nlohmann::json answer = route->handler(body, budget);
    budget.check();
    return {200, report::json_text(answer)};
  } catch (const BudgetExceeded& e) {
    return error(504, e.what());
  } catch (const InputError& e) {  // LimitError and CycleError too
    // An engine that was stopped by the budget may end with an error of its own.
    if (budget.expired()) return error(504, budget_message(budget_seconds));
    return error(400, e.what());
  } catch (const std::bad_alloc&) {
    return error(400, "out of memory; ask for a smaller computation");
  }
}

}  // namespace grundy::web
