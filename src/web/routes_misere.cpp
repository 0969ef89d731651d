// Misère quotients, genus and misère sums of octal games: the answers of `grundy misere --json`.
#include <algorithm>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/octal/engine.h"
#include "grundy/games/octal/genus.h"
#include "grundy/games/octal/misere_quotient.h"
#include "grundy/games/octal/sums.h"
#include "report/misere.h"
#include "web/request.h"
#include "web/routes.h"

namespace grundy::web {

namespace oct = grundy::octal;

// The same questions and defaults as src/cli/misere.cpp, within the budget and the web's limits.
nlohmann::json misere_route(std::string_view body, const Budget& budget) {
  const RequestBody r(body, {"code", "heaps", "quotient", "genus", "values", "max_heap",
                             "max_order", "table", "explain"});
  const auto text = r.text("code");
  if (!text) throw InputError("code is required");
  const auto code = oct::OctalCode::parse(*text);
  const bool quotient = r.flag("quotient"), genus = r.flag("genus");
  const auto heap_texts = r.number_texts("heaps");
  const int modes = static_cast<int>(quotient) + static_cast<int>(genus) +
                    static_cast<int>(heap_texts.has_value());
  if (modes == 0)
    throw InputError(
        "say what to compute: --quotient, --genus, or heaps (grundy misere 0.77 3 5 9)");
  if (modes > 1) throw InputError("give one of --quotient, --genus or heaps, not several");
  const auto order_text = r.number_text("max_order");
  const auto max_order = static_cast<quotient::Element>(
      order_text ? parse_uint(*order_text, "--max-order", kMaxWebQuotientOrder,
                              std::to_string(kMaxWebQuotientOrder))
                 : oct::kDefaultQuotientOrder);
  oct::Control control;
  control.stop = budget.stop();
  try {
    if (genus) {
      const auto count =
          parse_uint(r.number_text("values").value_or("21"), "--values", kMaxWebGenusValues);
      return report::misere_genus_json(
          code, oct::heap_genera(code, count, oct::kMaxGenusPositions, budget.stop()));
    }
    if (quotient) {
      oct::QuotientRequest q;
      q.max_order = max_order;
      q.bound = kMaxWebQuotientHeap;
      if (const auto m = r.number_text("max_heap"))
        q.max_heap = static_cast<std::uint32_t>(
            parse_uint(*m, "--max-heap", kMaxWebQuotientHeap, std::to_string(kMaxWebQuotientHeap)));
      // As the command line, stop the open-ended search in time with the heaps done (within
      // the budget rather than 10 s).
      if (!q.max_heap)
        q.seconds = std::min(oct::kDefaultQuotientSeconds, 0.75 * budget.remaining());
      const auto result = oct::misere_quotient(code, q, control);
      budget.check();
      return report::misere_quotient_json(code, result, r.flag("table"));
    }
    std::vector<std::uint64_t> heaps;
    if (heap_texts->size() > oct::kMaxSumHeaps)
      throw LimitError("a sum is limited to " + std::to_string(oct::kMaxSumHeaps) + " heaps");
    for (std::size_t i = 0; i < heap_texts->size(); ++i)
      heaps.push_back(parse_uint((*heap_texts)[i], "heap " + std::to_string(i + 1),
                                 std::uint64_t{1} << 62, "2^62"));
    if (heaps.empty()) throw InputError("no heaps given; try 'grundy misere 0.77 3 5 9'");
    const auto q = oct::quotient_for_sum(code, heaps, max_order, control);
    budget.check();
    return report::octal_sum_json(code, oct::analyze_misere_sum(code, heaps, q), &q);
  } catch (const oct::Interrupted&) {
    throw BudgetExceeded(budget_message(budget.seconds()));
  }
}

}  // namespace grundy::web
