#include "web/request.h"

#include <algorithm>

#include "grundy/core/error.h"
#include "grundy/core/json_describe.h"
#include "grundy/core/text.h"
#include "grundy/core/text_check.h"

namespace grundy::web {
namespace {

// "line L column C: <reason>" for nlohmann's parse error at byte offset `byte`.
std::string parse_error_text(std::string_view text, const nlohmann::json::parse_error& e) {
  const std::size_t at = std::min(e.byte == 0 ? 0 : e.byte - 1, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  // nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1,
  // column 2: " prefix and without the echoed input.
  std::string reason = e.what();
  if (const auto colon = reason.find(": "); colon != std::string::npos)
    reason = reason.substr(colon + 2);
  if (const auto last = reason.find("; last read: "); last != std::string::npos)
    reason = reason.substr(0, last);
  reason = one_line(reason);
  if (reason.size() > 200) reason = reason.substr(0, 200) + "...";
  return "line " + std::to_string(line) + " column " + std::to_string(column) + ": " + reason;
}

std::string field_list(std::initializer_list<std::string_view> known) {
  std::string out;
  for (auto k : known) out += (out.empty() ? "" : ", ") + std::string(k);
  return out.empty() ? "none" : out;
}

std::string number_to_text(const nlohmann::json& v, std::string_view key) {
  if (v.is_number_unsigned()) return std::to_string(v.get<std::uint64_t>());
  if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());  // negative
  if (v.is_string()) return v.get<std::string>();
  throw InputError("request: \"" + std::string(key) + "\" must be a whole number (or a string of " +
                   "digits), not " + describe_json(v));
}

}  // namespace

std::string describe_json(const nlohmann::json& j) {
  return ::grundy::describe_json(j, 60);
}

RequestBody::RequestBody(std::string_view text, std::initializer_list<std::string_view> known) {
  try {
    // Nesting is bounded by the body size limit; the parser is iterative for arrays and
    // objects, so deep nesting costs memory, not stack.
    json_ = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError("request: not valid JSON: " + parse_error_text(text, e));
  } catch (const nlohmann::json::exception& e) {
    // A number beyond a double's range (1e400) is an out_of_range error, not a parse error.
    std::string reason = e.what();
    if (const auto bracket = reason.find("] "); bracket != std::string::npos)
      reason = reason.substr(bracket + 2);
    throw InputError("request: not valid JSON: " + printable(reason, 200));
  }
  if (!json_.is_object())
    throw InputError("request: expected a JSON object like {\"heaps\": [3, 4, 5]}, found " +
                     describe_json(json_));
  for (const auto& [key, value] : json_.items())
    if (std::find(known.begin(), known.end(), key) == known.end())
      throw InputError("request: unknown field \"" + printable(key, 60) + "\"; expected " +
                       field_list(known));
}

const nlohmann::json* RequestBody::find(std::string_view key) const {
  const auto it = json_.find(std::string(key));
  if (it == json_.end() || it->is_null()) return nullptr;
  return &*it;
}

bool RequestBody::has(std::string_view key) const {
  return find(key) != nullptr;
}

bool RequestBody::flag(std::string_view key, bool fallback) const {
  const auto* v = find(key);
  if (!v) return fallback;
  if (!v->is_boolean())
    throw InputError("request: \"" + std::string(key) + "\" must be true or false, not " +
                     describe_json(*v));
  return v->get<bool>();
}

std::optional<std::string> RequestBody::text(std::string_view key) const {
  const auto* v = find(key);
  if (!v) return std::nullopt;
  if (!v->is_string())
    throw InputError("request: \"" + std::string(key) + "\" must be a string, not " +
                     describe_json(*v));
  return v->get<std::string>();
}

std::optional<std::string> RequestBody::number_text(std::string_view key) const {
  const auto* v = find(key);
  if (!v) return std::nullopt;
  return number_to_text(*v, key);
}

std::optional<std::string> RequestBody::decimal_text(std::string_view key) const {
  const auto* v = find(key);
  if (!v) return std::nullopt;
  if (v->is_number_float()) return v->dump();
  if (v->is_number() || v->is_string()) return number_to_text(*v, key);
  throw InputError("request: \"" + std::string(key) + "\" must be a number (or a string), not " +
                   describe_json(*v));
}

std::optional<std::vector<std::string>> RequestBody::number_texts(std::string_view key) const {
  const auto* v = find(key);
  if (!v) return std::nullopt;
  if (!v->is_array())
    throw InputError("request: \"" + std::string(key) + "\" must be an array of whole numbers, " +
                     "not " + describe_json(*v));
  std::vector<std::string> out;
  out.reserve(v->size());
  for (const auto& item : *v) out.push_back(number_to_text(item, key));
  return out;
}

std::optional<std::vector<std::string>> RequestBody::texts(std::string_view key) const {
  const auto* v = find(key);
  if (!v) return std::nullopt;
  if (!v->is_array())
    throw InputError("request: \"" + std::string(key) + "\" must be an array of strings, not " +
                     describe_json(*v));
  std::vector<std::string> out;
  for (const auto& item : *v) {
    if (!item.is_string())
      throw InputError("request: \"" + std::string(key) + "\" must hold strings, not " +
                       describe_json(item));
    out.push_back(item.get<std::string>());
  }
  return out;
}

}  // namespace grundy::web
