#pragma once
// JSON answers for Nim (`grundy nim --json`, `grundy nim move --json`, `grundy nim analyze-game
// --json`; POST /api/nim).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <nlohmann/json.hpp>

#include "grundy/core/strength.h"
#include "grundy/games/nim/game_review.h"
#include "grundy/games/nim/nim.h"

namespace grundy::report {

nlohmann::json nim_json(const nim::Analysis& a, std::size_t heap_count);

// The engine's move `t` in `heaps` (the position before it).
nlohmann::json nim_move_json(std::span<const std::uint64_t> heaps, Rule rule, Strength strength,
                             std::uint64_t seed, const nim::Take& t);

// Per move the contract keys of issue 26: move, value_before, value_after, best, mistake.
nlohmann::json nim_game_review_json(const nim::GameReview& review, std::size_t heap_count);

}  // namespace grundy::report
