#pragma once
// JSON answers for games on a DAG (`grundy dag --json`, POST /api/dag).
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/games/dag/dag.h"

namespace grundy::report {

// Every vertex's value; with tokens (`start`, the names as the user gave them, and `analysis`
// of them) also the sum's value, winner and winning moves.
nlohmann::json dag_json(const dag::Graph& g, const std::vector<std::uint32_t>& values, Rule rule,
                        const std::vector<std::string>& start, const dag::Analysis& analysis);

}  // namespace grundy::report
