// The `grundy` command: parses arguments, dispatches to a subcommand, and turns every typed
// error into one line on stderr with exit status 2.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>

#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include "command.h"
#include "grundy/core/error.h"

int main(int argc, char** argv) {
  CLI::App app{"grundy: who wins a combinatorial game with perfect play, and which move wins"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "grundy 0.1");
  app.footer("Run 'grundy SUBCOMMAND --help' for the options and an example of each.");
  auto& commands = grundy::cli::registry();
  std::sort(commands.begin(), commands.end(),
            [](const auto& a, const auto& b) { return a.order < b.order; });
  for (const auto& c : commands) c.install(app);
  app.name("grundy");
  if (argc > 1 && argv[1][0] != '-' &&
      std::none_of(commands.begin(), commands.end(),
                   [&](const auto& c) { return c.name == argv[1]; })) {
    fmt::print(stderr, "grundy: unknown subcommand '{}'; run 'grundy --help' for the list\n",
               argv[1]);
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    fmt::print(stderr, "grundy: {}\n", e.what());
    return 2;
  } catch (const grundy::InputError& e) {
    fmt::print(stderr, "grundy: {}\n", e.what());
    return 2;
  } catch (const grundy::IoError& e) {
    fmt::print(stderr, "grundy: {}\n", e.what());
    return 1;
  } catch (const std::bad_alloc&) {
    fmt::print(stderr, "grundy: out of memory; ask for a smaller computation\n");
    return 2;
  }
  return 0;
}
