// The one place besides main.cpp that compiles CLI11 (see command.h).
#include "command.h"

#include <algorithm>
#include <limits>

#include <CLI/CLI.hpp>

#include "grundy/core/parse.h"

namespace grundy::cli {

std::vector<Subcommand>& registry() {
  static std::vector<Subcommand> commands;
  return commands;
}

Option& Option::required() {
  option_->required();
  return *this;
}

Option& Option::default_str(const std::string& text) {
  option_->default_str(text);
  return *this;
}

Option& Option::capture_default_str() {
  option_->capture_default_str();
  return *this;
}

Option& Option::type_name(const std::string& name) {
  option_->type_name(name);
  return *this;
}

Command Command::add_subcommand(const std::string& name, const std::string& description) {
  return Command(app_->add_subcommand(name, description));
}

Option Command::add_option(const std::string& name, std::string& target,
                           const std::string& description) {
  return Option(app_->add_option(name, target, description));
}

Option Command::add_option(const std::string& name, std::vector<std::string>& target,
                           const std::string& description) {
  return Option(app_->add_option(name, target, description));
}

namespace {

constexpr double kLargestDecimal = 1e15;

// "--ms" for "-m,--ms", "count" for a positional: the name messages use.
std::string option_label(const std::string& name) {
  const auto comma = name.rfind(',');
  return comma == std::string::npos ? name : name.substr(comma + 1);
}

template <class Parse>
CLI::Option* add_parsed(CLI::App* app, const std::string& name, const std::string& description,
                        const char* type, Parse parse) {
  return app
      ->add_option_function<std::string>(
          name, [parse, label = option_label(name)](const std::string& v) { parse(v, label); },
          description)
      ->type_name(type);
}

}  // namespace

Option Command::add_option(const std::string& name, int& target, const std::string& description) {
  return add_number(name, target, 0, std::numeric_limits<int>::max(), description);
}

Option Command::add_option(const std::string& name, std::uint64_t& target,
                           const std::string& description) {
  return add_number(name, target, 0, std::numeric_limits<std::uint64_t>::max(), description);
}

Option Command::add_option(const std::string& name, double& target,
                           const std::string& description) {
  return add_number(name, target, 0, kLargestDecimal, description);
}

Option Command::add_number(const std::string& name, int& target, int min, int max,
                           const std::string& description) {
  return Option(add_parsed(app_, name, description, "N", [&target, min, max](auto& v, auto& what) {
    target = static_cast<int>(parse_uint_in(v, what, static_cast<std::uint64_t>(std::max(min, 0)),
                                            static_cast<std::uint64_t>(std::max(max, 0))));
  }));
}

Option Command::add_number(const std::string& name, std::uint64_t& target, std::uint64_t min,
                           std::uint64_t max, const std::string& description) {
  return Option(add_parsed(app_, name, description, "N", [&target, min, max](auto& v, auto& what) {
    target = parse_uint_in(v, what, min, max);
  }));
}

Option Command::add_number(const std::string& name, double& target, double min, double max,
                           const std::string& description) {
  return Option(add_parsed(
      app_, name, description, "NUMBER",
      [&target, min, max](auto& v, auto& what) { target = parse_decimal(v, what, min, max); }));
}

Option Command::add_flag(const std::string& name, bool& target, const std::string& description) {
  return Option(app_->add_flag(name, target, description));
}

void Command::footer(const std::string& text) {
  app_->footer(text);
}

void Command::callback(std::function<void()> run) {
  app_->callback(std::move(run));
}

void Command::require_subcommand(int count) {
  app_->require_subcommand(count);
}

std::size_t Command::count(const std::string& name) const {
  return app_->count(name);
}

}  // namespace grundy::cli
