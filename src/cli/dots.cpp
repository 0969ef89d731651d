// grundy dots show|solve|analyze|play|match|move|checkpoint — Dots and Boxes and Nimstring.
#include <algorithm>

#include <fmt/core.h>

#include "command.h"
#include "dots_cli.h"

namespace grundy::cli {
namespace dots_cli {

std::string name_list(const std::vector<std::string>& names, const char* last_word,
                      std::size_t cap) {
  std::string out;
  const std::size_t shown = std::min(names.size(), cap);
  for (std::size_t i = 0; i < shown; ++i) {
    if (i > 0)
      out += (i + 1 == shown && shown == names.size()) ? fmt::format(" {} ", last_word) : ", ";
    out += names[i];
  }
  if (names.size() > shown) out += fmt::format(", ... ({} in all)", names.size());
  return out;
}

}  // namespace dots_cli

namespace {

const Registration dots_registration{
    60, "dots", [](Command app) {
      auto cmd = app.add_subcommand(
          "dots", "Dots and Boxes: the board, the exact solver, chains and Nimstring, play");
      cmd.require_subcommand(1);
      dots_cli::install_show(cmd);
      dots_cli::install_solve(cmd);
      dots_cli::install_analyze(cmd);
      dots_cli::install_analyze_game(cmd);
      dots_cli::install_play(cmd);
      dots_cli::install_match(cmd);
      dots_cli::install_move(cmd);
      dots_cli::install_checkpoint(cmd);
      cmd.footer(
          "Lines are named by their two dots: columns a, b, c, ... from the left, rows 1, 2, ...\n"
          "from the top (a1b1 is the top-left horizontal line, a1a2 the vertical one below a1).\n"
          "Examples:\n  grundy dots show 2x2 --moves 'a1b1 a1a2 b1b2'\n  grundy dots solve 3x3\n"
          "  grundy dots play 3x3 --engine control");
    }};

}  // namespace
}  // namespace grundy::cli
