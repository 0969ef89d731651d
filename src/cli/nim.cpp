// grundy nim 3 4 5 [--misere] [--json] [--file FILE]
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "command.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/nim/nim.h"
#include "io.h"
#include "report/nim.h"

namespace grundy::cli {
namespace {

struct NimOptions {
  std::vector<std::string> heaps;
  std::string moves;
  std::string file;
  std::string max_input;
  bool misere = false;
  bool json = false;
};

constexpr std::size_t kHeapsShown = 16;  // text output lists heaps one by one up to this many

void print_text(const nim::Analysis& a, const std::vector<std::uint64_t>& heaps) {
  const bool misere = a.rule == Rule::misere;
  fmt::print("Nim, {} heap{}, {} play ({})\n\n", heaps.size(), heaps.size() == 1 ? "" : "s",
             misere ? "misère" : "normal",
             misere ? "whoever takes the last token loses" : "whoever takes the last token wins");
  std::uint64_t largest = a.nim_sum;
  for (auto h : heaps) largest = std::max(largest, h);
  const int width = std::max(1, 64 - std::countl_zero(largest));
  const int digits = static_cast<int>(std::to_string(largest).size());
  if (heaps.size() <= kHeapsShown) {
    for (std::size_t i = 0; i < heaps.size(); ++i)
      fmt::print("  heap {:>2}  {:>{}} = {:>{}}\n", i + 1, heaps[i], digits,
                 binary(heaps[i], width), width);
    fmt::print("  {:<7}  {:>{}} = {:>{}}\n\n", "xor", a.nim_sum, digits, binary(a.nim_sum, width),
               width);
  } else {
    fmt::print("  xor of all heaps = {} = {}\n\n", a.nim_sum, binary(a.nim_sum, width));
  }
  if (!misere) {
    if (a.nim_sum == 0)
      fmt::print(
          "The xor is 0, so {}: every move changes one heap and makes the xor non-zero,\n"
          "and the opponent can always answer by making it 0 again (Bouton).\n",
          outcome_sentence(a.winner));
    else
      fmt::print("The xor is {}, not 0, so {}: reduce a heap so that the xor becomes 0.\n",
                 a.nim_sum, outcome_sentence(a.winner));
  } else {
    const bool all_small = std::all_of(heaps.begin(), heaps.end(), [](auto h) { return h <= 1; });
    if (all_small)
      fmt::print(
          "Every heap has at most one token, so play is forced: with an even number of\n"
          "1-heaps the opponent takes the last token. Here {}.\n",
          outcome_sentence(a.winner));
    else
      fmt::print(
          "Some heap has 2 or more tokens, so misère Nim follows the normal xor rule\n"
          "(until the last big heap, which is cut to leave an odd number of 1-heaps).\n"
          "The xor is {}: {}.\n",
          a.nim_sum, outcome_sentence(a.winner));
  }
  constexpr std::size_t kMovesShown = 10;
  for (std::size_t i = 0; i < a.winning_moves.size() && i < kMovesShown; ++i) {
    const auto& m = a.winning_moves[i];
    fmt::print("Winning move: reduce heap {} from {} to {}", m.heap + 1, m.from, m.to);
    if (!misere || m.to == (m.from ^ a.nim_sum))
      fmt::print(" ({} xor {} = {})", m.from, a.nim_sum, m.to);
    fmt::print(".\n");
  }
  if (a.winning_moves.size() > kMovesShown)
    fmt::print("... and {} more winning moves (--json lists them all).\n",
               a.winning_moves.size() - kMovesShown);
}

void run(const NimOptions& o) {
  const std::uint64_t max_input = max_input_bytes(o.max_input);
  if (!o.file.empty() && !o.heaps.empty()) throw InputError("give HEAPS or --file FILE, not both");
  std::vector<std::uint64_t> heaps;
  if (!o.file.empty())
    heaps = nim::parse_heaps(read_file(o.file, nim::kTextLimits, max_input), o.file);
  for (std::size_t i = 0; i < o.heaps.size(); ++i)
    heaps.push_back(parse_uint(o.heaps[i], "heap " + std::to_string(heaps.size() + 1),
                               nim::kMaxHeap, "2^63-1"));
  if (heaps.empty()) throw InputError("no heaps given; try 'grundy nim 3 4 5'");
  nim::play_moves(heaps, o.moves);
  const auto a = nim::analyze(heaps, o.misere ? Rule::misere : Rule::normal);
  if (o.json)
    print_json(report::nim_json(a, heaps.size()));
  else
    print_text(a, heaps);
}

const Registration nim_registration{
    10, "nim", [](Command app) {
      auto o = std::make_shared<NimOptions>();
      auto cmd =
          app.add_subcommand("nim", "Nim: heaps, their xor, who wins and every winning move");
      cmd.add_option("heaps", o->heaps, "heap sizes, 0 to 2^63-1");
      cmd.add_option("--file", o->file,
                     "read heap sizes from a file (whitespace-separated; - = stdin)");
      cmd.add_option("--moves", o->moves,
                     "the position after these moves from the heaps: h1-2 takes 2 from heap 1 "
                     "(a game record from the web page too: '#' lines are comments)");
      add_max_input_option(cmd, o->max_input);
      cmd.add_flag("--misere", o->misere, "misère play: whoever takes the last token loses");
      cmd.add_flag("--json", o->json, "print JSON: value, winner, winning_moves");
      cmd.footer(
          "Example:\n  grundy nim 3 4 5\n  grundy nim 1 1 2 --misere --json\n  grundy nim 3 4 5 "
          "--moves 'h1-2 h3-1'");
      cmd.callback([o] { run(*o); });
    }};

}  // namespace
}  // namespace grundy::cli
