#pragma once
// The JSON API of `grundy serve`, without sockets: a request in, a response out. The server
// (server.h) calls it for every POST /api/...; the fuzz target and the tests call it directly.
// No endpoint reads or writes files. Endpoints and examples: docs/web.md.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "web/budget.h"

namespace grundy::web {

struct ApiResponse {
  int status = 200;
  std::string body;  // JSON text (report::json_text): the answer, or {"error": "..."}
};

// One endpoint: POST <path> with a JSON object; the handler returns the same JSON the command
// line prints for the same question (`cli` names that command, for docs/web.md and the tests).
using Handler = nlohmann::json (*)(std::string_view body, const Budget& budget);
struct Route {
  std::string_view path;
  Handler handler;
  std::string_view cli;  // "grundy nim HEAPS... [--misere] --json"
};
std::span<const Route> routes();

// Runs the endpoint at `path` on `body` within a budget of `budget_seconds` (<= 0: none).
// 200 with the answer; 400 for bad JSON, a bad position or a request beyond a limit, with the
// command line's one-line message; 404 for an unknown endpoint; 504 when the budget ran out.
ApiResponse handle_api(std::string_view path, std::string_view body, double budget_seconds);

// "no endpoint /api/x; the endpoints are listed in docs/web.md (GET /docs/web.html)".
std::string unknown_endpoint_message(std::string_view path);

// {"error": message} as JSON text, the body of every error response.
std::string error_body(std::string_view message);

}  // namespace grundy::web
