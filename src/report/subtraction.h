#pragma once
// JSON answers for subtraction games (`grundy subtraction --json`, POST /api/subtraction). The
// command line streams the long arrays (a table may hold 10^8 values) after the head; the web
// app, whose answers are small, builds the whole document. Both print the same bytes.
#include <string>

#include <nlohmann/json.hpp>

#include "grundy/games/subtraction/subtraction.h"

namespace grundy::report {

// "S = {1,3,4}", "S = squares {1, 4, 9, 16, ...}": the set in words.
std::string subtraction_set_text(const subtraction::SubtractionSet& s);
// "Period 7 from n = 0: proven. Each G(n) with n >= 4 depends only on ...": the period of a
// table and how it is known (proven by a certificate, or only observed), as the command line
// prints it.
std::string subtraction_period_text(const subtraction::Table& t,
                                    const subtraction::SubtractionSet& s);
// --values N without the values: game, set, rule, preperiod, period, certified.
nlohmann::json subtraction_table_head(const subtraction::Table& t,
                                      const subtraction::SubtractionSet& s, Rule rule);
// The whole table: the head and "values": G(0 .. count-1).
nlohmann::json subtraction_table_json(const subtraction::Table& t,
                                      const subtraction::SubtractionSet& s, Rule rule);
// --at N without the winning moves: game, set, rule, n, value, winner, from_period.
nlohmann::json subtraction_position_head(const subtraction::Position& p,
                                         const subtraction::SubtractionSet& s, Rule rule);
// One winning move: {"take": k, "to": n - k}.
nlohmann::json subtraction_move_json(const subtraction::Move& m);
// The whole answer: the head and "winning_moves".
nlohmann::json subtraction_position_json(const subtraction::Position& p,
                                         const subtraction::SubtractionSet& s, Rule rule);

}  // namespace grundy::report
