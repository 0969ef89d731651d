#include "grundy/games/octal/misere_quotient.h"

#include <algorithm>
#include <chrono>

#include "grundy/core/run_clock.h"
#include "grundy/games/octal/engine.h"
#include "grundy/games/octal/moves.h"

namespace grundy::octal {

quotient::HeapRules heap_rules(const OctalCode& code) {
  quotient::HeapRules rules;
  rules.options = [code](std::uint32_t n, std::vector<quotient::Parts>& out) {
    out.clear();
    for_each_move(code, n, [&](const Move& m) {
      out.push_back({static_cast<std::uint32_t>(m.a), static_cast<std::uint32_t>(m.b),
                     static_cast<std::uint32_t>(m.c)});
    });
  };
  if (!code.is_grundy()) rules.t = static_cast<std::uint32_t>(code.last());
  rules.h = static_cast<std::uint32_t>(std::max<std::size_t>(code.max_parts(), 1));
  return rules;
}

MisereQuotient misere_quotient(const OctalCode& code, const QuotientRequest& request,
                               const Control& control) {
  const RunClock clock;  // not counting a stopped process's pause
  quotient::QuotientGoal goal;
  goal.max_heap = request.max_heap;
  goal.bound = request.bound;
  goal.limits.max_order = request.max_order;
  goal.seconds = request.seconds;
  goal.resume = request.resume;
  goal.checkpoint = request.checkpoint;
  goal.checkpoint_seconds = request.checkpoint_seconds;
  const std::uint32_t target = request.max_heap ? *request.max_heap : request.bound;
  goal.poll = [&control] {
    if (control.stop && control.stop->load()) throw Interrupted();
  };
  goal.progress = [&control, target](std::uint32_t heap, quotient::Element) {
    if (control.progress) control.progress(heap, target, false);
  };
  MisereQuotient q;
  q.run = quotient::compute_quotient(heap_rules(code), goal);
  q.presentation = quotient::present(q.run.quotient);
  q.tame = quotient::tame_index(q.run.quotient.monoid);
  q.finite_rules = !code.is_grundy();
  q.normal_values = engine_values(code, std::uint64_t{q.run.last_heap} + 1);
  q.seconds = clock.seconds();
  return q;
}

std::string checkpoint_game(const OctalCode& code) {
  return code.is_grundy() ? "grundy" : "octal " + code.to_string();
}

std::string tame_genus(const MisereQuotient& q, std::uint32_t n) {
  const std::uint32_t g = q.normal_values[n];
  const auto x = q.run.phi[n];
  const bool small = quotient::is_small_tame_element(q.run.quotient.monoid, x);
  const std::uint32_t gamma = small ? 1 - std::min<std::uint32_t>(g, 1) : g;
  return std::to_string(g) + "^" + std::to_string(gamma);
}

}  // namespace grundy::octal
