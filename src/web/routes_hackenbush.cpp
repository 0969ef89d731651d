// Hackenbush: the answers of `grundy hackenbush FILE.json --json` (the request's "edges" are
// the JSON file's) and of `grundy hackenbush --string TEXT --json`. Errors in the edges name
// the body "request.json", as the command line names the file that holds the same text.
#include "grundy/core/error.h"
#include "grundy/games/hackenbush/graph.h"
#include "report/hackenbush.h"
#include "web/request.h"
#include "web/routes.h"

namespace grundy::web {

namespace hb = grundy::hackenbush;

nlohmann::json hackenbush_route(std::string_view body, const Budget&) {
  const RequestBody r(body, {"edges", "string", "explain"});
  const bool explain = r.flag("explain");
  const auto notation = r.text("string");
  if (notation && r.has("edges")) throw InputError("give \"edges\" or \"string\", not both");
  if (!notation && !r.has("edges"))
    throw InputError(
        R"msg(no position given; give "edges": [[0, 1], [1, 2, "b"]] or "string": "ee(e;l)")msg");
  const hb::Graph g = notation ? hb::parse_string_notation(*notation, "--string")
                               : hb::parse_json_graph(body, "request.json");
  if (g.all_green()) {
    const auto a = hb::analyze_green(g);
    if (!explain) return report::green_json(g, a, nullptr);
    const auto x = hb::explain_green(g);
    return report::green_json(g, a, &x);
  }
  if (!g.has_green()) return report::blue_red_json(g, hb::analyze_blue_red(g));
  return report::mixed_json(g, hb::analyze_mixed(g));
}

}  // namespace grundy::web
