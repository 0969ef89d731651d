#include "grundy/core/json_describe.h"

#include <cstdint>

#include "grundy/core/text_check.h"

namespace grundy {

std::string describe_json(const nlohmann::json& j, std::size_t max_bytes) {
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return "null";
    case nlohmann::json::value_t::object:
      return "an object";
    case nlohmann::json::value_t::array:
      return j.size() == 1 ? "an array of 1 item"
                           : "an array of " + std::to_string(j.size()) + " items";
    case nlohmann::json::value_t::string:
      return "the string \"" + printable(j.get_ref<const std::string&>(), max_bytes) + "\"";
    case nlohmann::json::value_t::boolean:
      return j.get<bool>() ? "true" : "false";
    case nlohmann::json::value_t::number_integer:
      return std::to_string(j.get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return std::to_string(j.get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      return "the number " + printable(j.dump(), max_bytes);
    default:
      return "a value of another kind";
  }
}

}  // namespace grundy
