// The one place besides main.cpp that compiles CLI11 (see command.h).
#include "command.h"

#include <CLI/CLI.hpp>

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

Option Command::add_option(const std::string& name, int& target, const std::string& description) {
  return Option(app_->add_option(name, target, description));
}

Option Command::add_option(const std::string& name, std::int64_t& target,
                           const std::string& description) {
  return Option(app_->add_option(name, target, description));
}

Option Command::add_option(const std::string& name, std::uint64_t& target,
                           const std::string& description) {
  return Option(app_->add_option(name, target, description));
}

Option Command::add_option(const std::string& name, double& target,
                           const std::string& description) {
  return Option(app_->add_option(name, target, description));
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
