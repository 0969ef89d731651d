// The `grundy` command: parses arguments, dispatches to a subcommand, and turns every typed
// error into one line on stderr with exit status 2 (1 for I/O errors; see exits.h).
#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <system_error>

#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include "command.h"
#include "exits.h"
#include "grundy/core/error.h"
#include "grundy/core/kernel_set.h"
#include "grundy/core/run_clock.h"
#include "grundy/core/text_check.h"

namespace {

// An option given an empty value ("--at ''") is an error like any other malformed value, not a
// silent "option left out". (Required options and positional arguments are left to their
// parsers, whose messages say what an empty one lacks.)
void refuse_empty_values(CLI::App& app) {
  const CLI::Validator non_empty(
      [](std::string& value) {
        return value.empty() ? std::string("the value is empty") : std::string();
      },
      "");
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    for (CLI::Option* opt : sub->get_options())
      if (opt->get_type_size() != 0 && !opt->get_required() && !opt->get_positional())
        opt->check(non_empty);
}

// Never throws: a failing stderr must not turn an error message into a crash.
int fail(std::string_view message, int status) {
  const std::string line = "grundy: " + grundy::one_line(message) + "\n";
  std::fputs(line.c_str(), stderr);
  return status;
}

int run(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {  // --help, --version
    const int status = app.exit(e);
    const int flushed = grundy::cli::flush_stdout();
    return flushed ? flushed : status;
  } catch (const CLI::ParseError& e) {
    return fail(e.what(), 2);
  } catch (const grundy::InputError& e) {
    return fail(e.what(), 2);
  } catch (const grundy::IoError& e) {
    return fail(e.what(), 1);
  } catch (const std::bad_alloc&) {
    return fail("out of memory; ask for a smaller computation", 2);
  } catch (const std::system_error& e) {
    // fmt::print throws this when a write to stdout fails (a full disk, a closed pipe).
    if (grundy::cli::stdout_failed()) return grundy::cli::write_error_status(e.code().value());
    throw;
  }
  return grundy::cli::flush_stdout();
}

}  // namespace

int main(int argc, char** argv) {
  grundy::cli::install_failure_handlers();
  grundy::watch_pauses();  // solving time leaves out a stop (Ctrl-Z, SIGSTOP) until SIGCONT
  // The kernel set (GRUNDY_KERNELS or the CPU's best) is chosen before anything runs.
  try {
    grundy::select_kernel_set_from_environment();
  } catch (const grundy::InputError& e) {
    return fail(e.what(), 2);
  }
  CLI::App app{"grundy: who wins a combinatorial game with perfect play, and which move wins"};
  app.require_subcommand(1);
  app.set_version_flag("--version",
                       fmt::format("grundy 0.1 (kernels: {})",
                                   grundy::kernel_set_name(grundy::active_kernel_set())));
  app.footer("Run 'grundy SUBCOMMAND --help' for the options and an example of each.");
  auto& commands = grundy::cli::registry();
  std::sort(commands.begin(), commands.end(),
            [](const auto& a, const auto& b) { return a.order < b.order; });
  for (const auto& c : commands) c.install(grundy::cli::Command(&app));
  refuse_empty_values(app);
  app.name("grundy");
  if (argc > 1 && argv[1][0] != '-' &&
      std::none_of(commands.begin(), commands.end(),
                   [&](const auto& c) { return c.name == argv[1]; })) {
    return fail(fmt::format("unknown subcommand '{}'; run 'grundy --help' for the list",
                            grundy::printable(argv[1])),
                2);
  }
  return run(app, argc, argv);
}
