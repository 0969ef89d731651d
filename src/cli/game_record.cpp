#include "game_record.h"

#include <ctime>

#include <fmt/core.h>

namespace grundy::cli {

std::string game_record(const RecordHeader& h, const std::vector<std::string>& moves) {
  std::string text = fmt::format(
      "# grundy game record\n# Game: {}\n# Engine: {}\n# Players: {}\n# Result: {}\n# Date: {}\n",
      h.game, h.engine, h.players, h.result, today());
  std::string line;
  for (const auto& m : moves) line += (line.empty() ? "" : " ") + m;
  return text + line + "\n";
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char buffer[16];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d", &local);
  return buffer;
}

}  // namespace grundy::cli
