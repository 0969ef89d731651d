// grundy hackenbush FILE | --string TEXT [--moves CUTS] [--explain] [--svg OUT] [--json]; play,
// move, analyze-game. FILE may be a game record (its picture in "# edge" lines, then the cuts).
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
#include "grundy/games/hackenbush/play.h"
#include "grundy/games/hackenbush/record.h"
#include "grundy/games/hackenbush/svg.h"
#include "hackenbush_cli.h"
#include "io.h"
#include "report/hackenbush.h"

namespace grundy::cli {
namespace {

namespace hb = grundy::hackenbush;

using hackenbush_cli::PositionOptions;

struct HackenbushOptions {
  PositionOptions position;
  std::string svg;
  bool explain = false;
  bool json = false;
};

constexpr std::size_t kShownLines = 50;  // lines of moves or steps printed as text

bool ends_with(const std::string& s, std::string_view tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// A position reached by cuts (--moves, a record) says which, and who is to move.
nlohmann::json with_cuts(nlohmann::json j, const hackenbush_cli::Position* moved) {
  if (moved) {
    j["cuts"] = moved->cuts;
    j["to_move"] = hb::to_string(moved->to_move);
  }
  return j;
}

void print_moves(const hb::Graph& g, const std::vector<std::uint32_t>& moves) {
  for (std::size_t i = 0; i < moves.size() && i < kShownLines; ++i)
    fmt::print("  cut {}\n", report::hackenbush_edge_name(g, moves[i]));
  if (moves.size() > kShownLines)
    fmt::print("  ... {} more (--json lists them all)\n", moves.size() - kShownLines);
}

void run_green(const HackenbushOptions& o, const hb::Graph& g, const std::string& name,
               const hackenbush_cli::Position* moved) {
  const auto a = hb::analyze_green(g);
  if (!o.svg.empty())
    write_output_file(o.svg,
                      hb::render_svg(g, a.winning_moves,
                                     fmt::format("{}: value *{}, {}", name, a.value,
                                                 count_of(a.winning_moves.size(), "winning cut"))));
  if (o.json) {
    if (!o.explain) return print_json(with_cuts(report::green_json(g, a, nullptr), moved));
    const auto x = hb::explain_green(g);
    return print_json(with_cuts(report::green_json(g, a, &x), moved));
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

void run_blue_red(const HackenbushOptions& o, const hb::Graph& g, const std::string& name,
                  const hackenbush_cli::Position* moved) {
  const auto a = hb::analyze_blue_red(g);
  const Outcome outcome = report::blue_red_outcome(a);
  const std::string_view sentence = report::hackenbush_winner_sentence(outcome);
  if (!o.svg.empty())
    write_output_file(
        o.svg, hb::render_svg(g, a.blue_wins,
                              fmt::format("{}: value {}, {}", name, a.value.to_string(), sentence),
                              &a.red_wins));
  if (o.json) return print_json(with_cuts(report::blue_red_json(g, a), moved));
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

void run_mixed(const HackenbushOptions& o, const hb::Graph& g, const std::string& name,
               const hackenbush_cli::Position* moved) {
  const auto a = hb::analyze_mixed(g);
  if (!o.svg.empty())
    write_output_file(o.svg,
                      hb::render_svg(g, a.left_wins,
                                     fmt::format("{}: value {}, {}", name, a.value,
                                                 report::hackenbush_winner_sentence(a.outcome)),
                                     &a.right_wins));
  if (o.json) return print_json(with_cuts(report::mixed_json(g, a), moved));
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
  const auto p = hackenbush_cli::position(o.position);
  const bool moved = !p.cuts.empty();
  if (moved && !o.json) {
    std::string names;
    for (const auto c : p.cuts) names += (names.empty() ? "" : " ") + ("e" + std::to_string(c));
    fmt::print("After {} ({}), {} to move:\n", count_of(p.cuts.size(), "cut"), names,
               hackenbush_cli::side_title(p.to_move));
  }
  const hb::Graph& g = p.now;
  switch (hb::position_kind(g)) {
    case hb::PositionKind::green:
      return run_green(o, g, p.name, moved ? &p : nullptr);
    case hb::PositionKind::blue_red:
      return run_blue_red(o, g, p.name, moved ? &p : nullptr);
    case hb::PositionKind::mixed:
      return run_mixed(o, g, p.name, moved ? &p : nullptr);
  }
}

}  // namespace

namespace hackenbush_cli {

std::string edge_name(const hb::Graph& g, std::uint32_t e) {
  return report::hackenbush_edge_name(g, e);
}

std::string side_title(hb::Side s) {
  return s == hb::Side::blue ? "Blue" : "Red";
}

void add_position_options(Command cmd, PositionOptions& o, bool with_first) {
  cmd.add_option("file", o.file,
                 "edge list ('u v [g|b|r]' per line, 0 = ground, # comments), JSON if the name "
                 "ends in .json ({\"edges\": [[0,1], [1,2,\"b\"]]}), or a game record");
  cmd.add_option("--string", o.notation,
                 "CGSuite-style stalks and trees instead of a file: e = green, l = blue, "
                 "r = red, from the ground up; (a;b) branches; ';' at the top = another "
                 "branch on the ground");
  cmd.add_option("--moves", o.moves,
                 "cuts played on the picture, the sides alternating: e3 cuts edge 3 (a game "
                 "record too, with its picture in '# edge' lines)");
  if (with_first)
    cmd.add_option("--first", o.first,
                   "the side that made the first cut of --moves: blue (default) or red");
  add_max_input_option(cmd, o.max_input);
}

Position position(const PositionOptions& o) {
  const std::uint64_t max_input = max_input_bytes(o.max_input);
  const bool moves_record = hb::is_game_record(o.moves);
  if (o.file_given && !o.notation.empty())
    throw InputError("give a FILE or --string TEXT, not both");
  if (o.file_given && o.file.empty()) throw InputError("the FILE name is empty");
  if (moves_record && (o.file_given || !o.notation.empty()))
    throw InputError(
        "--moves is a game record with its own picture ('# edge' lines): give it without a FILE "
        "or --string");
  if (!o.file_given && o.notation.empty() && !moves_record)
    throw InputError("no position given; give a FILE or --string TEXT (or a game record)");
  Position p;
  std::optional<hb::Side> record_first;
  if (moves_record) {
    auto r = hb::parse_game_record(o.moves, "--moves");
    p.picture = std::move(r.picture);
    p.cuts = std::move(r.cuts);
    record_first = r.first;
    p.name = "the record";
  } else if (!o.file_given) {
    p.picture = hb::parse_string_notation(o.notation, "--string");
    p.name = "'" + o.notation + "'";
  } else {
    const bool json = ends_with(o.file, ".json");
    const std::string text =
        read_file(o.file, json ? TextLimits{} : hb::kEdgeListLimits, max_input);
    p.name = o.file;
    if (!json && hb::is_game_record(text)) {
      if (!o.moves.empty())
        throw InputError(o.file +
                         " is a game record with its own cuts: give --moves only with "
                         "a picture");
      auto r = hb::parse_game_record(text, o.file);
      p.picture = std::move(r.picture);
      p.cuts = std::move(r.cuts);
      record_first = r.first;
    } else {
      p.picture = json ? hb::parse_json_graph(text, o.file) : hb::parse_edge_list(text, o.file);
    }
  }
  if (!moves_record && !p.cuts.size() && !o.moves.empty())
    p.cuts = hb::parse_cuts(o.moves, p.picture.edge_count());
  p.first = record_first.value_or(hb::Side::blue);
  if (!o.first.empty()) {
    const hb::Side f = hb::parse_side(o.first, "--first");
    if (record_first && f != *record_first)
      throw InputError("--first " + std::string(hb::to_string(f)) + ": the record says " +
                       std::string(hb::to_string(*record_first)) + " cut first");
    p.first = f;
  }
  p.now = p.picture;
  p.to_move = hb::play_cuts(p.now, p.cuts, p.first);
  return p;
}

}  // namespace hackenbush_cli

namespace {

const Registration hackenbush_registration{
    40, "hackenbush", [](Command app) {
      auto o = std::make_shared<HackenbushOptions>();
      auto cmd = app.add_subcommand(
          "hackenbush",
          "Hackenbush: green values and every winning cut on any graph; blue-red numbers; "
          "green-blue-red canonical forms; play, move, analyze-game");
      hackenbush_cli::add_position_options(cmd, o->position, true);
      cmd.add_flag("--explain", o->explain, "print the reductions step by step");
      cmd.add_option("--svg", o->svg, "draw the position, winning cuts highlighted, to OUT");
      cmd.add_flag("--json", o->json,
                   "print JSON: value, winner (first/second; blue/red/first/second when blue or "
                   "red edges take part), "
                   "winning_moves (0-based edge indices in input order)");
      hackenbush_cli::install_play(cmd);
      hackenbush_cli::install_move(cmd);
      hackenbush_cli::install_analyze_game(cmd);
      cmd.footer(
          "Examples:\n"
          "  grundy hackenbush examples/hackenbush/seed_tree.txt --explain\n"
          "  grundy hackenbush --string 'ee(e;eee)' --json\n"
          "  grundy hackenbush examples/hackenbush/bbrb.txt      (blue-red stalk: 7/4)\n"
          "  grundy hackenbush examples/hackenbush/fusion.txt --svg fusion.svg\n"
          "  grundy hackenbush --string 'el;e'               (green with blue on top, and a "
          "green edge: ^)\n"
          "  grundy hackenbush game.txt                      (a game record: the position "
          "after its cuts)\n"
          "  grundy hackenbush play --string 'ee(e;eee)' --engine good");
      cmd.callback([o, cmd] {
        if (cmd.ran_subcommand()) return;  // play, move or analyze-game ran instead
        o->position.file_given = cmd.count("file") > 0;
        run(*o);
      });
    }};

}  // namespace
}  // namespace grundy::cli
