#pragma once
// The body of an API request: one JSON object whose fields are named after the command line's
// options ("misere" is --misere, "values" is --values). Typed accessors throw InputError with a
// message naming the field, so a bad request is a 400 with one line, like bad input to the CLI.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace grundy::web {

class RequestBody {
 public:
  // InputError for text that is not JSON ("request: not valid JSON: line 1 column 9: ...") or
  // JSON that is not an object, or that has a field not in `known`.
  RequestBody(std::string_view text, std::initializer_list<std::string_view> known);

  const nlohmann::json& json() const { return json_; }
  bool has(std::string_view key) const;
  // true/false; absent: `fallback`.
  bool flag(std::string_view key, bool fallback = false) const;
  // A string field; absent: nullopt.
  std::optional<std::string> text(std::string_view key) const;
  // A whole number given as a JSON number or as a string of digits (for numbers beyond 2^53,
  // which JavaScript cannot hold exactly), returned as its decimal text for parse_uint, so that
  // a bad number gets the command line's message; absent: nullopt.
  std::optional<std::string> number_text(std::string_view key) const;
  // A decimal number (seconds, milliseconds) given as a JSON number or a string, as its text for
  // parse_decimal; absent: nullopt.
  std::optional<std::string> decimal_text(std::string_view key) const;
  // An array of whole numbers (numbers or digit strings), as decimal texts.
  std::optional<std::vector<std::string>> number_texts(std::string_view key) const;
  // An array of strings.
  std::optional<std::vector<std::string>> texts(std::string_view key) const;

 private:
  const nlohmann::json* find(std::string_view key) const;
  nlohmann::json json_;
};

// A JSON value described in a few words, never its (possibly huge) text: "an object", "the
// string \"x\"", "true", "-3".
std::string describe_json(const nlohmann::json& j);

}  // namespace grundy::web
