#pragma once
// JSON answers for octal games and Grundy's game (`grundy octal --json`, POST /api/octal).
#include <nlohmann/json.hpp>

#include "grundy/games/octal/analysis.h"

namespace grundy::report {

// A table: game, code, rule, preperiod, period, certified, proof and "values" (the last key),
// here an empty array, so that the command line can write a long table's values one by one
// after it (octal_table_json fills them in).
nlohmann::json octal_table_json_head(const octal::OctalCode& code, const octal::Table& t,
                                     Rule rule);
// The whole table answer, values included.
nlohmann::json octal_table_json(const octal::OctalCode& code, const octal::Table& t, Rule rule);
// One heap (--at): its value, winner, listed winning moves and the proof it came from.
nlohmann::json octal_heap_json(const octal::OctalCode& code, const octal::HeapAnalysis& h,
                               Rule rule);

}  // namespace grundy::report
