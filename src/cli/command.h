#pragma once
// Subcommands register themselves: each src/cli/<name>.cpp defines one static Registration, so
// adding a subcommand touches no other file.
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace grundy::cli {

struct Subcommand {
  int order;  // position in `grundy --help`
  std::string name;
  std::function<void(CLI::App& app)> install;  // adds the subcommand and its callback
};

std::vector<Subcommand>& registry();

struct Registration {
  Registration(int order, std::string name, std::function<void(CLI::App&)> install) {
    registry().push_back({order, std::move(name), std::move(install)});
  }
};

}  // namespace grundy::cli
