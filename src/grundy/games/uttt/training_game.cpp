#include "grundy/games/uttt/training_game.h"

#include <cstdio>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/uttt/notation.h"

namespace grundy::uttt {

namespace {

constexpr std::size_t kMaxGameLine = 64 * 1024;

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

char winner_letter(const Board& b) {
  return b.winner() == 0 ? 'X' : b.winner() == 1 ? 'O' : 'D';
}

}  // namespace

TrainingGame parse_training_game(std::string_view line, Rules rules) {
  if (line.size() > kMaxGameLine) throw InputError("a game line is longer than 64 KiB");
  const std::size_t bar = line.find('|');
  const auto head = words(line.substr(0, bar));
  if (head.empty()) throw InputError("a game line has no result (X, O or D)");
  TrainingGame g;
  if (head[0] != "X" && head[0] != "O" && head[0] != "D")
    throw InputError("result '" + std::string(head[0]) + "' is not X, O or D");
  g.result = head[0][0];
  Board b(rules);
  std::string list;
  for (std::size_t i = 1; i < head.size(); ++i) {
    if (i > 1) list += ' ';
    list += head[i];
  }
  // play_moves checks every move (and names the first bad one); the moves are then read back.
  b = play_moves(list, rules);
  for (const auto& token : split_move_list(list)) g.moves.push_back(parse_cell(token));
  if (b.is_over() && winner_letter(b) != g.result)
    throw InputError(
        std::string("result '") + g.result + "' contradicts the final position (" +
        (b.winner() < 0 ? std::string("a draw") : winner_letter(b) + std::string(" has won")) +
        ")");
  if (bar != std::string_view::npos) {
    if (line.find('|', bar + 1) != std::string_view::npos)
      throw InputError("a game line has more than one '|'");
    const auto vs = words(line.substr(bar + 1));
    if (vs.size() > g.moves.size())
      throw InputError(std::to_string(vs.size()) + " values for " + std::to_string(g.moves.size()) +
                       " moves");
    for (std::size_t i = 0; i < vs.size(); ++i) {
      const std::string what = "value " + std::to_string(i + 1);
      const double v = parse_decimal(vs[i], what, -1, 1);
      if (v < 0 && v != -1)
        throw InputError(what + " '" + std::string(vs[i]) + "' is neither -1 nor in [0, 1]");
      g.values.push_back(static_cast<float>(v));
    }
  }
  return g;
}

std::string format_training_game(const TrainingGame& game) {
  std::string s(1, game.result);
  s += ' ';
  s += format_moves(game.moves);
  s += " |";
  char buf[24];
  for (float v : game.values) {
    std::snprintf(buf, sizeof buf, " %.3f", static_cast<double>(v));
    s += buf;
  }
  return s;
}

}  // namespace grundy::uttt
