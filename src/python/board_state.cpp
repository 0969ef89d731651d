#include "python/board_state.h"

#include <fmt/core.h>

#include "grundy/core/text.h"
#include "python/common.h"

namespace grundy::python {

std::string one_move(py::handle move, const char* example) {
  if (!PyUnicode_Check(move.ptr()))
    throw InputError(fmt::format("move: expected {} or an action id (an int), got {}", example,
                                 short_repr(move)));
  const std::string t = text(move, "move");
  const auto tokens = split_move_list(t);
  if (tokens.empty()) throw InputError(fmt::format("move: no move given (expected {})", example));
  if (tokens.size() > 1)
    throw InputError(fmt::format("move: '{}' is {} moves; play them one at a time", shown_token(t),
                                 tokens.size()));
  return std::string(tokens[0].text);
}

}  // namespace grundy::python
