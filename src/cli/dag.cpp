// grundy dag FILE [--start V,...] [--json]
#include <string>
#include <vector>

#include <fmt/core.h>

#include "command.h"
#include "grundy/core/error.h"
#include "grundy/core/text.h"
#include "grundy/games/dag/dag.h"
#include "io.h"
#include "report/dag.h"

namespace grundy::cli {
namespace {

struct DagOptions {
  std::string file;
  std::vector<std::string> start;
  std::string max_input;
  bool json = false;
  bool misere = false;
};

// The --start vertices: each argument is a comma-separated list; an empty name (`a,`, `,b`,
// `a,,b`) is an error, not skipped — a sum with a token silently missing is a different game.
std::vector<std::string> start_vertices(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const auto& arg : args) {
    std::size_t begin = 0;
    for (int index = 1;; ++index) {
      const auto comma = arg.find(',', begin);
      const auto name = arg.substr(begin, comma == std::string::npos ? comma : comma - begin);
      if (name.empty())
        throw InputError(
            fmt::format("--start: vertex {} of '{}' is empty", index, shown_token(arg)));
      out.push_back(name);
      if (comma == std::string::npos) break;
      begin = comma + 1;
    }
  }
  return out;
}

void run(const DagOptions& o) {
  const auto g =
      dag::Graph::parse(read_file(o.file, dag::kTextLimits, max_input_bytes(o.max_input)), o.file);
  const Rule rule = o.misere ? Rule::misere : Rule::normal;
  const auto start = start_vertices(o.start);
  std::vector<std::uint32_t> tokens;
  for (const auto& name : start) tokens.push_back(g.find(name));
  const auto values = dag::grundy_values(g, rule);
  const auto analysis = tokens.empty() ? dag::Analysis{} : dag::analyze(g, tokens, rule);

  if (o.json) return print_json(report::dag_json(g, values, rule, start, analysis));
  fmt::print("{} values of the {} of {} (a move slides a token along an edge{}):\n",
             o.misere ? "Misère" : "Grundy", count_of(g.size(), "vertex", "vertices"), o.file,
             o.misere ? "; whoever cannot move wins, and 0 means the player to move loses" : "");
  constexpr std::uint32_t kShownVertices = 200;
  for (std::uint32_t v = 0; v < g.size() && v < kShownVertices; ++v)
    fmt::print("  {:<12} {}\n", g.name(v), values[v]);
  if (g.size() > kShownVertices)
    fmt::print("  ... {} more (--json lists them all)\n", g.size() - kShownVertices);
  if (tokens.empty()) return;
  const auto& a = analysis;
  fmt::print("\n{} on", tokens.size() == 1 ? "Token" : "Tokens");
  for (std::size_t i = 0; i < tokens.size(); ++i)
    fmt::print("{} {} (value {})", i ? "," : "", g.name(tokens[i]), a.token_values[i]);
  if (tokens.size() > 1) fmt::print(": a sum of games, value = xor = {}", a.value);
  fmt::print("; {}.\n", outcome_sentence(a.winner));
  for (const auto& m : a.winning_moves)
    fmt::print("Winning move: token {} from {} to {} (value {} -> {}).\n", m.token + 1,
               g.name(m.from), g.name(m.to), a.token_values[m.token], values[m.to]);
}

const Registration dag_registration{
    30, "dag", [](Command app) {
      auto o = std::make_shared<DagOptions>();
      auto cmd =
          app.add_subcommand("dag", "Games on a directed acyclic graph given as an edge list");
      cmd.add_option("file", o->file, "edge list: one 'u v' per line (a move u -> v), # comments")
          .required();
      cmd.add_option("--start", o->start,
                     "vertices holding a token, separated by commas (several = a sum of games)");
      add_max_input_option(cmd, o->max_input);
      cmd.add_flag("--misere", o->misere,
                   "misère play: whoever cannot move wins (one token only; misère sums of general "
                   "games are not covered yet)");
      cmd.add_flag("--json", o->json,
                   "print JSON: values (vertex -> value), and for --start value, "
                   "winner, winning_moves");
      cmd.footer("Example:\n  grundy dag examples/dag.txt --start a,b");
      cmd.callback([o] { run(*o); });
    }};

}  // namespace
}  // namespace grundy::cli
