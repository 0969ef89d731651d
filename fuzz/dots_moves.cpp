// Fuzz target: Dots and Boxes board sizes and move lists. Input: a size on the first line
// ("3x3"), a move list after it. Checks that bad input is an InputError (never a crash), and
// that a valid list round-trips: the drawn lines' names, replayed, give the same position.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_target.h"
#include "grundy/core/error.h"
#include "grundy/games/dots/render.h"
#include "grundy/games/dots/state.h"
#include "grundy/games/dots/strategy.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto newline = text.find('\n');
  const std::string_view size_part = text.substr(0, newline);
  const std::string_view moves = newline == std::string_view::npos ? "" : text.substr(newline + 1);
  try {
    const auto& board = grundy::dots::Board::parse(size_part);
    const auto s = grundy::dots::DotsState::after(board, moves);
    std::string replay;
    for (int l = 0; l < board.lines(); ++l)
      if (s.drawn(l)) replay += board.line_name(l) + " ";
    const auto again = grundy::dots::DotsState::after(board, replay);
    if (!(again.drawn_lines() == s.drawn_lines())) __builtin_trap();
    (void)grundy::dots::render_ascii(s);
    (void)grundy::dots::classify_moves(s);
  } catch (const grundy::InputError&) {
  }
  return 0;
}
