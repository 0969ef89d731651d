#include "command.h"

namespace grundy::cli {

std::vector<Subcommand>& registry() {
  static std::vector<Subcommand> commands;
  return commands;
}

}  // namespace grundy::cli
