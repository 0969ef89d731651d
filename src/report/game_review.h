#pragma once
// JSON answers of post-game analysis ("analyse this game"): `grundy dots analyze-game --json`,
// `grundy uttt analyze-game --json`, POST /api/dots/analyze-game and /api/uttt/analyze-game.
// Per move the contract keys of issue 26: move, value_before, value_after, best, mistake (the
// values from the mover's point of view; null where the solver did not finish).
#include <nlohmann/json.hpp>

#include "grundy/games/dots/game_review.h"
#include "grundy/games/uttt/game_review.h"

namespace grundy::report {

nlohmann::json dots_game_review_json(const dots::Board& board, const dots::GameReview& review);
nlohmann::json uttt_game_review_json(const uttt::GameReview& review);

}  // namespace grundy::report
