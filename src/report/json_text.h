#pragma once
// The one way a JSON answer becomes text: what `grundy ... --json` prints on stdout and what
// `grundy serve` sends back for the same question, byte for byte.
#include <string>

#include <nlohmann/json.hpp>

namespace grundy::report {

// Indented by two spaces, one trailing newline. Invalid UTF-8 cannot reach here (inputs are
// checked), but if it ever did it would be replaced by U+FFFD rather than thrown.
inline std::string json_text(const nlohmann::json& j) {
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace grundy::report
