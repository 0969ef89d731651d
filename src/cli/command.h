#pragma once
// Subcommands register themselves: each src/cli/<name>.cpp defines one static Registration, so
// adding a subcommand touches no other file.
//
// They see CLI11 through Command and Option below, a few methods named as CLI11 names them, and
// only command.cpp and main.cpp include <CLI/CLI.hpp>: CLI11 (Debian's 2.1) is header-only, and
// every file that added an option compiled ~1.3 MB of its code again (8 s a file, 29 files, in
// both builds of `make test`).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace grundy::cli {

// One option of a command; the setters return *this to chain like CLI11's.
class Option {
 public:
  explicit Option(CLI::Option* option) : option_(option) {}
  Option& required();
  Option& default_str(const std::string& text);  // the default --help shows
  Option& capture_default_str();                 // --help shows the variable's value
  Option& type_name(const std::string& name);    // "SIZE" instead of "TEXT"

 private:
  CLI::Option* option_;
};

// A command or subcommand. A value type: copies name the same command.
class Command {
 public:
  explicit Command(CLI::App* app) : app_(app) {}
  Command add_subcommand(const std::string& name, const std::string& description);
  // An option parsed into `target`. A name without dashes is positional.
  Option add_option(const std::string& name, std::string& target, const std::string& description);
  Option add_option(const std::string& name, std::vector<std::string>& target,
                    const std::string& description);
  // Numbers are read by core/parse.h (the web API's parser too), never by CLI11's converters:
  // a bad value is one line naming the option ("--ms 'nan' is not a finite number") and exit
  // status 2. Whole numbers are never negative and never wrap; decimals are finite. Without a
  // range: from 0 to the type's largest value (decimals: to 1e15).
  Option add_option(const std::string& name, int& target, const std::string& description);
  Option add_option(const std::string& name, std::uint64_t& target, const std::string& description);
  Option add_option(const std::string& name, double& target, const std::string& description);
  // The same within [min, max] ("--iterations '0' is below 1", "--ms '1e30' is above 3600000").
  Option add_number(const std::string& name, int& target, int min, int max,
                    const std::string& description);
  Option add_number(const std::string& name, std::uint64_t& target, std::uint64_t min,
                    std::uint64_t max, const std::string& description);
  Option add_number(const std::string& name, double& target, double min, double max,
                    const std::string& description);
  Option add_flag(const std::string& name, bool& target, const std::string& description);
  void footer(const std::string& text);
  void callback(std::function<void()> run);
  void require_subcommand(int count);
  // How many times the option (by any of its names) was given.
  std::size_t count(const std::string& name) const;

 private:
  CLI::App* app_;
};

struct Subcommand {
  int order;  // position in `grundy --help`
  std::string name;
  std::function<void(Command app)> install;  // adds the subcommand and its callback
};

std::vector<Subcommand>& registry();

struct Registration {
  Registration(int order, std::string name, std::function<void(Command)> install) {
    registry().push_back({order, std::move(name), std::move(install)});
  }
};

}  // namespace grundy::cli
