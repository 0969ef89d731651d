#include "play_loop.h"

#include <cctype>
#include <cstdio>
#include <iostream>
#include <vector>

#include <fmt/core.h>

#include "grundy/core/error.h"
#include "grundy/core/text.h"

namespace grundy::cli {

std::string play_commands(std::string_view move_example) {
  return fmt::format(
      "Type {}, ? for a hint, undo, resign, new (a new game from this position), record, "
      "analyze, or q to quit.",
      move_example);
}

bool engine_first(const std::string& first) {
  if (first != "me" && first != "engine")
    throw InputError("--first must be 'me' or 'engine', not '" + shown_token(first) + "'");
  return first == "engine";
}

void add_strength_options(Command cmd, StrengthOptions& o) {
  cmd.add_option("--engine", o.engine, "its strength: perfect (default), good or beginner");
  cmd.add_number("--seed", o.seed, 0, ~std::uint64_t{0} >> 1, "random seed for the engine")
      .default_str("1");
}

void print_mistake_counts(const std::string (&names)[2], const int (&counts)[2]) {
  for (int p = 0; p < 2; ++p) {
    std::string name = names[p];
    if (!name.empty())
      name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    fmt::print("{}: {}.\n", name,
               counts[p] == 0 ? std::string("no mistake") : count_of(counts[p], "mistake"));
  }
}

void play_in_terminal(TerminalGame& game, std::string_view introduction) {
  fmt::print("{}\n\n", introduction);
  game.print_board();
  bool announced = false;
  while (true) {
    if (game.over() && !announced) {
      announced = true;
      fmt::print(
          "\nGame over: {}.\nType record for the game record, analyze for {}, undo, new, or q.\n",
          game.result(), game.analysis_words());
    }
    if (!game.over() && game.engine_to_move()) {
      game.engine_moves();
      continue;
    }
    fmt::print("{}", game.over() ? std::string("> ") : game.prompt());
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) {
      fmt::print("\n");
      return;
    }
    const std::string command = line.substr(0, line.find('#'));  // the tokens view into it
    std::vector<ListToken> tokens;
    try {
      tokens = split_move_list(command);
    } catch (const InputError& e) {
      fmt::print("{}\n", e.what());
      continue;
    }
    if (tokens.empty()) continue;
    const std::string_view word = tokens[0].text;
    if (word == "q" || word == "quit") return;
    try {
      if (word == "?" || word == "hint") {
        if (game.over())
          fmt::print("The game is over: no hints. Type analyze to see every move's value.\n");
        else
          game.hint();
      } else if (word == "undo") {
        if (!game.any_mine()) {
          fmt::print("Nothing of yours to take back.\n");
          continue;
        }
        game.undo();
        announced = false;
        fmt::print("Taken back.\n");
        game.print_board();
      } else if (word == "resign") {
        if (game.over())
          fmt::print("The game is over.\n");
        else
          game.resign();
      } else if (word == "new") {
        std::string from;
        try {
          from = game.restart_here();
        } catch (const InputError& e) {
          fmt::print("{}\n", e.what());
          continue;
        }
        announced = false;
        fmt::print("A new game from this position ({}).\n", from);
        game.print_board();
      } else if (word == "record") {
        fmt::print("{}", game.record());
      } else if (word == "analyze" || word == "analyse") {
        try {
          game.analyze();
        } catch (const InputError& e) {  // a LimitError: too long a game to analyse here
          fmt::print("{}\n", e.what());
        }
      } else if (game.over()) {
        fmt::print("The game is over: type record, analyze, undo, new or q.\n");
      } else {
        game.play(word);
      }
    } catch (const InputError& e) {
      fmt::print("{} — try again (? for a hint).\n", e.what());
    }
  }
}

}  // namespace grundy::cli
