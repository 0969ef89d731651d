#pragma once
// Saving and resuming a long quotient computation (grundy misere --quotient --checkpoint FILE
// --resume): the builder's state as JSON, named after the game. A state read back is checked
// against the game before it is used (valid and reduced, verify.h), so a damaged or edited file
// cannot give a wrong answer: it is refused.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/quotient/verify.h"

namespace grundy::quotient {

struct BuilderState {
  Pretension pretension;
  std::vector<std::uint32_t> expansions;
};

// The state as one JSON document (`game` names the game, e.g. "octal 0.77").
std::string state_json(const std::string& game, const BuilderState& state);

// The state in `text` (read from `file`, named in messages). InputError when it is not such a
// document, names another game, or is inconsistent (the check against the game is the builder's).
BuilderState read_state(std::string_view text, const std::string& game, const std::string& file);

}  // namespace grundy::quotient
