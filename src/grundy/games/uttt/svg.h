#pragma once
// An SVG picture of a position (`grundy uttt show --svg FILE`): the 9x9 grid, X and O, owned
// boards shaded in their owner's colour, and the cells where the player to move may play.
#include <optional>
#include <string>

#include "grundy/games/uttt/board.h"

namespace grundy::uttt {

std::string to_svg(const Board& b, std::optional<Board::Move> last_move = std::nullopt);

}  // namespace grundy::uttt
