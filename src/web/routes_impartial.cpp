// Nim, subtraction games, octal games and games on a DAG: the answers of `grundy nim`,
// `grundy subtraction`, `grundy octal` and `grundy dag` with --json.
#include <algorithm>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/dag/dag.h"
#include "grundy/games/nim/nim.h"
#include "grundy/games/octal/analysis.h"
#include "grundy/games/octal/sums.h"
#include "grundy/games/subtraction/subtraction.h"
#include "grundy/games/subtraction/sums.h"
#include "report/dag.h"
#include "report/misere.h"
#include "report/nim.h"
#include "report/octal.h"
#include "report/subtraction.h"
#include "web/request.h"
#include "web/routes.h"

namespace grundy::web {

namespace sub = grundy::subtraction;
namespace oct = grundy::octal;

nlohmann::json nim_route(std::string_view body, const Budget&) {
  const RequestBody r(body, {"heaps", "misere"});
  std::vector<std::uint64_t> heaps;
  if (const auto texts = r.number_texts("heaps")) {
    heaps.reserve(texts->size());
    for (std::size_t i = 0; i < texts->size(); ++i)
      heaps.push_back(
          parse_uint((*texts)[i], "heap " + std::to_string(i + 1), nim::kMaxHeap, "2^63-1"));
  }
  if (heaps.empty()) throw InputError("no heaps given; try 'grundy nim 3 4 5'");
  const auto a = nim::analyze(heaps, r.flag("misere") ? Rule::misere : Rule::normal);
  return report::nim_json(a, heaps.size());
}

nlohmann::json subtraction_route(std::string_view body, const Budget& budget) {
  const RequestBody r(body, {"set", "values", "at", "misere", "heaps"});
  const auto spec = r.text("set");
  if (!spec) throw InputError("--set is required");
  const auto s = sub::SubtractionSet::parse(*spec);
  const Rule rule = r.flag("misere") ? Rule::misere : Rule::normal;
  if (const auto heap_texts = r.number_texts("heaps")) {
    if (r.has("values") || r.has("at"))
      throw InputError("--heaps cannot be combined with --values or --at");
    if (heap_texts->empty()) throw InputError("--heaps is empty (give numbers like 3,5,9)");
    if (heap_texts->size() > sub::kMaxSumHeaps)
      throw LimitError("--heaps has more than " + std::to_string(sub::kMaxSumHeaps) + " heaps");
    std::vector<std::uint64_t> heaps;
    for (std::size_t i = 0; i < heap_texts->size(); ++i)
      heaps.push_back(parse_uint((*heap_texts)[i], "heap " + std::to_string(i + 1),
                                 std::uint64_t{1} << 62, "2^62"));
    if (s.is_finite() && s.largest() > kMaxWebSubtractionAmount)
      throw LimitError("--set: the web app takes amounts up to " +
                       std::to_string(kMaxWebSubtractionAmount) +
                       "; the command line goes further");
    const std::uint64_t largest = *std::max_element(heaps.begin(), heaps.end());
    if (!s.is_finite() && largest >= kMaxWebDirectHeap)
      throw LimitError("--heaps: the web app computes heaps of rule-defined sets below " +
                       std::to_string(kMaxWebDirectHeap) + "; the command line goes further");
    try {
      if (rule == Rule::normal)
        return report::subtraction_sum_json(sub::analyze_sum(s, heaps, budget.stop()), s, nullptr);
      const auto q = sub::quotient_for_sum(s, heaps, budget.stop());
      budget.check();
      return report::subtraction_sum_json(sub::analyze_misere_sum(s, heaps, q), s, &q);
    } catch (const LimitError&) {
      budget.check();
      throw;
    }
  }
  if (s.is_finite() && s.largest() > kMaxWebSubtractionAmount)
    throw LimitError("--set: the web app takes amounts up to " +
                     std::to_string(kMaxWebSubtractionAmount) + " (this set has " +
                     std::to_string(s.largest()) + "); the command line goes further");
  if (const auto at = r.number_text("at")) {
    const auto n = parse_uint(*at, "--at", std::uint64_t{1} << 62, "2^62");
    // Heaps past the direct limit need a proven period: a rule-defined set has none, and a
    // finite set's is looked for first (the budget stops the search).
    if (n >= kMaxWebDirectHeap &&
        (!sub::certifiable(s) ||
         !sub::certify(s, rule, sub::kDefaultSearchLimit, budget.stop()).has_value())) {
      budget.check();
      throw LimitError("--at: the web app computes heaps below " +
                       std::to_string(kMaxWebDirectHeap) +
                       " directly, and larger ones from a proven period, which this set has "
                       "not; the command line goes further");
    }
    return report::subtraction_position_json(sub::analyze(s, n, rule, {}, budget.stop()), s, rule);
  }
  const auto count = parse_uint(r.number_text("values").value_or("40"), "--values",
                                std::min(sub::kMaxTableValues, kMaxWebValues));
  return report::subtraction_table_json(sub::table(s, count, rule, {}, budget.stop()), s, rule);
}

namespace {

// "heaps": a sum, as `grundy octal CODE --heaps LIST [--misere] --json` (src/cli/octal.cpp
// run_sum).
nlohmann::json octal_sum_route(const oct::OctalCode& code, const RequestBody& r,
                               const std::vector<std::string>& heap_texts, Rule rule,
                               const Budget& budget) {
  if (r.has("values") || r.has("at") || r.flag("period"))
    throw InputError("--heaps cannot be combined with --values, --at or --period");
  if (heap_texts.empty()) throw InputError("--heaps is empty (give numbers like 3,5,9)");
  if (heap_texts.size() > oct::kMaxSumHeaps)
    throw LimitError("--heaps has more than " + std::to_string(oct::kMaxSumHeaps) + " heaps");
  std::vector<std::uint64_t> heaps;
  for (std::size_t i = 0; i < heap_texts.size(); ++i)
    heaps.push_back(
        parse_uint(heap_texts[i], "heap " + std::to_string(i + 1), std::uint64_t{1} << 62, "2^62"));
  const std::uint64_t largest = *std::max_element(heaps.begin(), heaps.end());
  oct::Control control;
  control.stop = budget.stop();
  control.max_seconds = budget.seconds();
  control.advice = "ask for smaller heaps (the command line has no budget)";
  try {
    if (rule == Rule::misere) {
      const auto q = oct::quotient_for_sum(code, heaps, oct::kDefaultQuotientOrder, control);
      budget.check();
      return report::octal_sum_json(code, oct::analyze_misere_sum(code, heaps, q), &q);
    }
    const bool far = largest >= oct::kMaxDirectHeap;
    if (!far && largest >= kMaxWebDirectHeap)
      throw LimitError("--heaps: the web app computes heaps below " +
                       std::to_string(kMaxWebDirectHeap) +
                       " directly; larger ones need a proven period (or the command line)");
    std::uint64_t limit = r.number_text("limit") ? parse_uint(*r.number_text("limit"), "--limit",
                                                              std::uint64_t{1} << 28, "2^28")
                                                 : (far ? oct::kDefaultProofLimit : 4096);
    limit = std::min(limit, kMaxWebOctalLimit);
    control.what = "computing the values of the heaps of " + code.to_string();
    return report::octal_sum_json(code, oct::analyze_sum(code, heaps, limit, control), nullptr);
  } catch (const oct::Interrupted&) {
    throw BudgetExceeded(budget_message(budget.seconds()));
  }
}

}  // namespace

// The same questions and defaults as src/cli/octal.cpp (run, run_at), within the budget: the
// engines take its stop flag, and refuse up front what they estimate would outrun it.
nlohmann::json octal_route(std::string_view body, const Budget& budget) {
  const RequestBody r(body, {"code", "values", "at", "period", "limit", "misere", "heaps"});
  const auto text = r.text("code");
  if (!text) throw InputError("code is required");
  const auto code = oct::OctalCode::parse(*text);
  const Rule rule = r.flag("misere") ? Rule::misere : Rule::normal;
  const bool period = r.flag("period");
  if (const auto heap_texts = r.number_texts("heaps"))
    return octal_sum_route(code, r, *heap_texts, rule, budget);
  if (period && code.is_grundy())
    throw InputError(
        "--period: no periodicity theorem applies to Grundy's game (a split may remove nothing "
        "and leave parts of any size), so no period of it can be proven");
  const auto limit_text = r.number_text("limit");
  const auto at = r.number_text("at");
  std::uint64_t n = 0;
  bool far = false;
  if (at) {
    n = parse_uint(*at, "--at", std::uint64_t{1} << 62, "2^62");
    far = n >= oct::kMaxDirectHeap;
  }
  std::uint64_t limit = limit_text
                            ? parse_uint(*limit_text, "--limit", std::uint64_t{1} << 28, "2^28")
                            : (period || far ? oct::kDefaultProofLimit : 4096);
  // The period search stops as soon as it has a proof, so the limit only matters for games
  // with no period within reach: those would take far longer than a request may.
  limit = std::min(limit, kMaxWebOctalLimit);
  oct::Control control;
  control.stop = budget.stop();
  control.max_seconds = budget.seconds();
  control.advice = "ask for fewer values or a smaller --limit (the command line has no budget)";
  try {
    if (at) {
      if (code.is_grundy() && far)
        throw LimitError("Grundy's game has no known period; heaps are limited to " +
                         std::to_string(oct::kMaxDirectHeap) +
                         " here (use --values with --out for tables)");
      if (!far && n >= kMaxWebDirectHeap)
        throw LimitError("--at: the web app computes heaps below " +
                         std::to_string(kMaxWebDirectHeap) +
                         " directly; larger ones need a proven period (or the command line)");
      control.what = far ? "searching " + code.to_string() + " for a period within " +
                               std::to_string(limit) + " values"
                         : "computing G(0.." + std::to_string(n) + ") of " + code.to_string();
      return report::octal_heap_json(code, oct::analyze(code, n, rule, limit, control), rule);
    }
    const auto count = parse_uint(r.number_text("values").value_or("40"), "--values",
                                  std::min(oct::kMaxTableValues, kMaxWebValues));
    control.what =
        "computing " + std::to_string(std::max(count, limit)) + " values of " + code.to_string();
    return report::octal_table_json(
        code, oct::table(code, count, rule, rule == Rule::normal ? limit : 0, control), rule);
  } catch (const oct::Interrupted&) {
    throw BudgetExceeded(budget_message(budget.seconds()));
  }
}

nlohmann::json dag_route(std::string_view body, const Budget&) {
  const RequestBody r(body, {"graph", "start", "misere"});
  const auto text = r.text("graph");
  if (!text) throw InputError("graph is required: the edge list, one 'u v' per line");
  const auto g = dag::Graph::parse(*text, "graph");
  const Rule rule = r.flag("misere") ? Rule::misere : Rule::normal;
  const auto start = r.texts("start").value_or(std::vector<std::string>{});
  std::vector<std::uint32_t> tokens;
  for (const auto& name : start) tokens.push_back(g.find(name));
  const auto values = dag::grundy_values(g, rule);
  const auto analysis = tokens.empty() ? dag::Analysis{} : dag::analyze(g, tokens, rule);
  return report::dag_json(g, values, rule, start, analysis);
}

}  // namespace grundy::web
