// Fuzz target: the web app's JSON API, request to response, without sockets. Input: the
// endpoint's path on the first line ("/api/nim"), the request body after it. Whatever the bytes,
// the answer is one of the documented statuses with a JSON body: 200 with the command line's
// JSON, 400 with {"error": one line}, 404 for an unknown path, 504 when the budget ran out.
// Anything else (another status, a body that is not JSON, an exception, a crash) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fuzz_target.h"
#include "web/api.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using grundy::fuzz::require;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto newline = text.find('\n');
  const std::string_view path = text.substr(0, newline);
  const std::string_view body = newline == std::string_view::npos ? "" : text.substr(newline + 1);
  // A short budget (50 ms): the fuzzer explores inputs, not long computations; every engine a
  // request can reach stops within it, so an input costs at most about that much.
  const auto r = grundy::web::handle_api(path, body, 0.05);
  require(r.status == 200 || r.status == 400 || r.status == 404 || r.status == 504,
          "a documented status");
  require(!r.body.empty() && r.body.back() == '\n', "a body ending in a newline");
  const auto j = nlohmann::json::parse(r.body, nullptr, false);
  require(!j.is_discarded(), "a JSON body");
  if (r.status != 200) {
    require(j.is_object() && j.contains("error") && j["error"].is_string(), "an error message");
    const std::string message = j["error"].get<std::string>();
    require(!message.empty() && message.find('\n') == std::string::npos, "one line");
  }
  return 0;
}
