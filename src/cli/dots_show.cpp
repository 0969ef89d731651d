// grundy dots show RxC [--moves LIST] [--svg FILE] [--explain] [--json]
#include <memory>
#include <string>

#include <fmt/core.h>

#include "dots_cli.h"
#include "grundy/core/output_file.h"
#include "grundy/games/dots/explain.h"
#include "grundy/games/dots/render.h"
#include "io.h"

namespace grundy::cli::dots_cli {
namespace {

struct ShowOptions {
  std::string size;
  std::string moves;
  std::string svg;
  bool explain = false;
  bool json = false;
};

void run(const ShowOptions& o) {
  const auto& board = dots::Board::parse(o.size);
  const auto s = dots::DotsState::after(board, o.moves);
  if (!o.svg.empty()) write_output_file(o.svg, dots::render_svg(s, headline(s)));
  if (o.json) {
    if (!o.explain) return print_json(report::dots_show_json(s, nullptr));
    const auto lines = dots::explain_strings_and_coins(s);
    return print_json(report::dots_show_json(s, &lines));
  }
  fmt::print("{}", report::dots_show_text(s));
  if (o.explain) {
    fmt::print("\n");
    for (const auto& line : dots::explain_strings_and_coins(s)) fmt::print("{}\n", line);
  }
}

}  // namespace

void install_show(Command dots) {
  auto o = std::make_shared<ShowOptions>();
  auto cmd = dots.add_subcommand("show", "Draw the board after a list of moves");
  cmd.add_option("size", o->size, "board size in boxes, ROWSxCOLUMNS (e.g. 3x3)").required();
  cmd.add_option("--moves", o->moves, "the lines drawn so far, in order ('a1b1 a1a2 ...')");
  cmd.add_option("--svg", o->svg, "also write the board as an SVG picture to this file");
  cmd.add_flag("--explain", o->explain, "describe the position as strings and coins");
  cmd.add_flag("--json", o->json, "print JSON: board, to_move, score, drawn, owners");
  cmd.footer("Example:\n  grundy dots show 2x2 --moves 'a1b1 a1a2 b1b2 a2b2' --explain");
  cmd.callback([o] { run(*o); });
}

}  // namespace grundy::cli::dots_cli
