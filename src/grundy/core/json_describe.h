#pragma once
// What a JSON value is, in a few words for an error message, never its (possibly huge or deeply
// nested) text: "an array of 3 items", "the string \"abc\"", "the number 1.5". Strings and
// numbers are shown as printable() makes them, cut at `max_bytes`.
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

namespace grundy {

std::string describe_json(const nlohmann::json& j, std::size_t max_bytes = 40);

}  // namespace grundy
