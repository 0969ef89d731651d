// grundy hackenbush FILE | --string TEXT [--explain] [--svg OUT] [--json]
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "command.h"
#include "grundy/core/error.h"
#include "grundy/core/output_file.h"
#include "grundy/core/parse.h"
#include "grundy/core/partizan.h"
#include "grundy/games/hackenbush/blue_red.h"
#include "grundy/games/hackenbush/explain.h"
#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/hackenbush/green.h"
#include "grundy/games/hackenbush/mixed.h"
#include "grundy/games/hackenbush/svg.h"
#include "io.h"
#include "report/hackenbush.h"

namespace grundy::cli {
namespace {

namespace hb = grundy::hackenbush;

struct HackenbushOptions {
  std::string file;
  std::string notation;
  std::string svg;
  std::string max_input;
  bool file_given = false;  // FILE was on the command line (perhaps empty)
  bool explain = false;
  bool json = false;
};

constexpr std::size_t kShownLines = 50;  // lines of moves or steps printed as text

bool ends_with(const std::string& s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

void print_moves(const hb::Graph& g, const std::vector<std::uint32_t>& moves) {
  for (std::size_t i = 0; i < moves.size() && i < kShownLines; ++i)
    fmt::print("  cut {}\n", report::hackenbush_edge_name(g, moves[i]));
  if (moves.size() > kShownLines)
    fmt::print("  ... {} more (--json lists them all)\n", moves.size() - kShownLines);
}

void run_green(const HackenbushOptions& o, const hb::Graph& g, const std::string& name) {
  const auto a = hb::analyze_green(g);
  if (!o.svg.empty())
    write_output_file(o.svg,
                      hb::render_svg(g, a.winning_moves,
                                     fmt::format("{}: value *{}, {}", name, a.value,
                                                 count_of(a.winning_moves.size(), "winning cut"))));
  if (o.json) {
    if (!o.explain) return print_json(report::green_json(g, a, nullptr));
    const auto x = hb::explain_green(g);
    return print_json(report::green_json(g, a, &x));
  }
  fmt::print("Green Hackenbush, {} ({} connected to the ground): value *{}; {}.\n",
             count_of(g.edge_count(), "edge"), a.live_edges, a.value, outcome_sentence(a.winner));
  if (!a.winning_moves.empty()) {
    fmt::print("Winning cuts ({}; each leaves value 0):\n", a.winning_moves.size());
    print_moves(g, a.winning_moves);
  }
  if (o.explain) fmt::print("{}", report::green_explanation_text(hb::explain_green(g)));
  if (!o.svg.empty()) fmt::print("Picture written to {}.\n", o.svg);
}

void run_blue_red(const HackenbushOptions& o, const hb::Graph& g, const std::string& name) {
  const auto a = hb::analyze_blue_red(g);
  const Outcome outcome = report::blue_red_outcome(a);
  const std::string_view sentence = report::hackenbush_winner_sentence(outcome);
  if (!o.svg.empty())
    write_output_file(
        o.svg, hb::render_svg(g, a.blue_wins,
                              fmt::format("{}: value {}, {}", name, a.value.to_string(), sentence),
                              &a.red_wins));
  if (o.json) return print_json(report::blue_red_json(g, a));
  fmt::print("Blue-red Hackenbush, {}: value {} (a number); {}.\n",
             count_of(g.edge_count(), "edge"), a.value.to_string(), sentence);
  fmt::print("Winning cuts for Blue moving first ({}):\n", a.blue_wins.size());
  print_moves(g, a.blue_wins);
  fmt::print("Winning cuts for Red moving first ({}):\n", a.red_wins.size());
  print_moves(g, a.red_wins);
  if (o.explain) fmt::print("{}", report::blue_red_explanation_text(a));
  if (!o.svg.empty()) fmt::print("Picture written to {}.\n", o.svg);
}

constexpr std::string_view kElidedNote =
    "(The canonical form is longer than 4000 characters: '...' marks options left out. --json "
    "gives all of it as value_form, a graph of its distinct subgames.)";

void run_mixed(const HackenbushOptions& o, const hb::Graph& g, const std::string& name) {
  const auto a = hb::analyze_mixed(g);
  if (!o.svg.empty())
    write_output_file(o.svg,
                      hb::render_svg(g, a.left_wins,
                                     fmt::format("{}: value {}, {}", name, a.value,
                                                 report::hackenbush_winner_sentence(a.outcome)),
                                     &a.right_wins));
  if (o.json) return print_json(report::mixed_json(g, a));
  fmt::print("Hackenbush with green, blue and red edges, {}: value {} (canonical form); {}.\n",
             count_of(g.edge_count(), "edge"), a.value,
             report::hackenbush_winner_sentence(a.outcome));
  if (a.value_elided) fmt::print("{}\n", kElidedNote);
  fmt::print("Winning cuts for Blue moving first ({}; blue or green edges leaving a value >= 0):\n",
             a.left_wins.size());
  print_moves(g, a.left_wins);
  fmt::print("Winning cuts for Red moving first ({}; red or green edges leaving a value <= 0):\n",
             a.right_wins.size());
  print_moves(g, a.right_wins);
  if (o.explain) fmt::print("{}", report::mixed_explanation_text(g, a));
  if (!o.svg.empty()) fmt::print("Picture written to {}.\n", o.svg);
}

void run(const HackenbushOptions& o) {
  const std::uint64_t max_input = max_input_bytes(o.max_input);
  if (!o.file_given && o.notation.empty())
    throw InputError("no position given; give a FILE or --string TEXT");
  if (o.file_given && !o.notation.empty())
    throw InputError("give a FILE or --string TEXT, not both");
  if (o.file_given && o.file.empty()) throw InputError("the FILE name is empty");
  hb::Graph g;
  std::string name;
  if (!o.file_given) {
    g = hb::parse_string_notation(o.notation, "--string");
    name = "'" + o.notation + "'";
  } else {
    const bool json = ends_with(o.file, ".json");
    const std::string text =
        read_file(o.file, json ? TextLimits{} : hb::kEdgeListLimits, max_input);
    g = json ? hb::parse_json_graph(text, o.file) : hb::parse_edge_list(text, o.file);
    name = o.file;
  }
  if (g.all_green())
    run_green(o, g, name);
  else if (!g.has_green())
    run_blue_red(o, g, name);
  else
    run_mixed(o, g, name);
}

const Registration hackenbush_registration{
    40, "hackenbush", [](Command app) {
      auto o = std::make_shared<HackenbushOptions>();
      auto cmd = app.add_subcommand(
          "hackenbush",
          "Hackenbush: green values and every winning cut on any graph; blue-red numbers; "
          "green-blue-red canonical forms");
      cmd.add_option("file", o->file,
                     "edge list ('u v [g|b|r]' per line, 0 = ground, # comments), or JSON if "
                     "the name ends in .json: {\"edges\": [[0,1], [1,2,\"b\"]]}");
      cmd.add_option("--string", o->notation,
                     "CGSuite-style stalks and trees instead of a file: e = green, l = blue, "
                     "r = red, from the ground up; (a;b) branches; ';' at the top = another "
                     "branch on the ground");
      add_max_input_option(cmd, o->max_input);
      cmd.add_flag("--explain", o->explain, "print the reductions step by step");
      cmd.add_option("--svg", o->svg, "draw the position, winning cuts highlighted, to OUT");
      cmd.add_flag("--json", o->json,
                   "print JSON: value, winner (first/second; blue/red/first/second when blue or "
                   "red edges take part), "
                   "winning_moves (0-based edge indices in input order)");
      cmd.footer(
          "Examples:\n"
          "  grundy hackenbush examples/hackenbush/seed_tree.txt --explain\n"
          "  grundy hackenbush --string 'ee(e;eee)' --json\n"
          "  grundy hackenbush examples/hackenbush/bbrb.txt      (blue-red stalk: 7/4)\n"
          "  grundy hackenbush examples/hackenbush/fusion.txt --svg fusion.svg\n"
          "  grundy hackenbush --string 'el;e'               (green with blue on top, and a "
          "green edge: ^)");
      cmd.callback([o, cmd] {
        o->file_given = cmd.count("file") > 0;
        run(*o);
      });
    }};

}  // namespace
}  // namespace grundy::cli
