#pragma once
// JSON answers for octal games and Grundy's game (`grundy octal --json`, POST /api/octal).
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "grundy/games/octal/analysis.h"
#include "grundy/games/octal/long_run.h"

namespace grundy::report {

// A period and its proof: preperiod, period, certified, proof (the inequality checked, the values
// it needed), null fields when there is no proof.
nlohmann::json octal_period_json(const std::optional<octal::PeriodProof>& p);
// A table: game, code, rule, preperiod, period, certified, proof and "values" (the last key),
// here an empty array, so that the command line can write a long table's values one by one
// after it (octal_table_json fills them in).
nlohmann::json octal_table_json_head(const octal::OctalCode& code, const octal::Table& t,
                                     Rule rule);
// The whole table answer, values included.
nlohmann::json octal_table_json(const octal::OctalCode& code, const octal::Table& t, Rule rule);
// One heap (--at): its value, winner, listed winning moves and the proof it came from.
// "Period 12 from n = 71: proven by the octal periodicity theorem. G(n + 12) = G(n) was checked
// for 71 <= n <= ... (t = 2 is the last non-zero digit), which needed 169 values; 256 were
// computed.": the proof in one paragraph, as the command line prints it.
std::string octal_proof_text(const octal::PeriodProof& p);
// The paragraph under a table: the proof, or why there is none (misère, Grundy's game, not found
// within the limit, with what repetition was seen).
std::string octal_period_text(const octal::OctalCode& code, const octal::Table& t, Rule rule);
nlohmann::json octal_heap_json(const octal::OctalCode& code, const octal::HeapAnalysis& h,
                               Rule rule);

// A long run (--out / --summary) that finished: the files, the values written, where they came
// from, the summary's figures and checksum.
nlohmann::json octal_run_json(const octal::OctalCode& code, const std::string& out,
                              const std::string& summary, const octal::RunResult& r);

}  // namespace grundy::report
