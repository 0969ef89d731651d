#pragma once
// JSON answers for subtraction games (`grundy subtraction --json`, POST /api/subtraction).
#include <nlohmann/json.hpp>

#include "grundy/games/subtraction/subtraction.h"

namespace grundy::report {

// --values N: the table, its period and whether it is proven.
nlohmann::json subtraction_table_json(const subtraction::Table& t,
                                      const subtraction::SubtractionSet& s, Rule rule);
// --at N: one heap, its value and winning moves.
nlohmann::json subtraction_position_json(const subtraction::Position& p,
                                         const subtraction::SubtractionSet& s, Rule rule);

}  // namespace grundy::report
