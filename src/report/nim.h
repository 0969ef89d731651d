#pragma once
// JSON answers for Nim (`grundy nim --json`, POST /api/nim).
#include <cstddef>

#include <nlohmann/json.hpp>

#include "grundy/games/nim/nim.h"

namespace grundy::report {

nlohmann::json nim_json(const nim::Analysis& a, std::size_t heap_count);

}  // namespace grundy::report
