// grundy dots checkpoint FILE [--keep N --out SMALL] [--json] — what a solver checkpoint holds,
// and a copy of it with only its heaviest entries (to carry a long run to another machine).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "dots_cli.h"
#include "grundy/core/error.h"
#include "grundy/games/dots/checkpoint_summary.h"
#include "io.h"

namespace grundy::cli::dots_cli {
namespace {

struct CheckpointCliOptions {
  std::string file;
  std::uint64_t keep = 0;
  std::string out;
  bool json = false;
};

std::vector<std::string> drawn_names(const dots::Board& board, const dots::LineSet& drawn) {
  std::vector<int> lines;
  drawn.for_each([&](int i) { lines.push_back(i); });
  return dots_line_names(board, lines);
}

std::string bound(int v, int boxes) {
  return std::to_string(std::clamp(v, -boxes, boxes));
}

nlohmann::json summary_json(const dots::CheckpointSummary& s) {
  const auto& c = s.header;
  const auto& board = dots::Board::get(c.rows, c.cols);
  const int boxes = board.boxes();  // an upper bound on what is left: the file keeps no score
  nlohmann::json weights = nlohmann::json::array();
  for (int w = 32; w >= 1; --w)
    if (s.by_weight[w] > 0)
      weights.push_back(
          {{"weight", w}, {"min_nodes", std::uint64_t{1} << (w - 1)}, {"entries", s.by_weight[w]}});
  return {{"board", board.size_name()},
          {"drawn", drawn_names(board, c.drawn)},
          {"to_move", c.to_move + 1},
          {"lower", std::clamp(c.lower, -boxes, boxes)},
          {"upper", std::clamp(c.upper, -boxes, boxes)},
          {"nodes", c.nodes},
          {"seconds", c.seconds},
          {"entries", c.entries},
          {"by_weight", weights}};
}

void print_summary(const std::string& file, const dots::CheckpointSummary& s) {
  const auto& c = s.header;
  const auto& board = dots::Board::get(c.rows, c.cols);
  fmt::print("Checkpoint {}: Dots and Boxes {}, {} of {} lines drawn, player {} to move.\n", file,
             board.size_name(), c.drawn.count(), board.lines(), c.to_move + 1);
  if (!c.drawn.empty())
    fmt::print("Lines drawn: {}.\n", name_list(drawn_names(board, c.drawn), "and", 200));
  fmt::print("Proven so far: the value is in [{}, {}]; {} nodes in {:.0f} s of solving.\n",
             bound(c.lower, board.boxes()), bound(c.upper, board.boxes()), c.nodes, c.seconds);
  fmt::print("{} table entries (solved subtrees) by size; --keep N keeps the biggest:\n",
             c.entries);
  fmt::print("  {:<10} {:>14} {:>22}\n", "nodes", "entries", "with the bigger ones");
  std::uint64_t heavier = 0;
  for (int w = 32; w >= 1; --w) {
    if (s.by_weight[w] == 0) continue;
    heavier += s.by_weight[w];
    fmt::print("  {:<10} {:>14} {:>22}\n", fmt::format("2^{}+", w - 1), s.by_weight[w], heavier);
  }
}

void run(const CheckpointCliOptions& o) {
  if ((o.keep == 0) != o.out.empty())
    throw InputError(o.keep == 0 ? "--out needs --keep N" : "--keep needs --out FILE");
  if (o.keep == 0) {
    const auto s = dots::summarize_checkpoint(o.file);
    if (o.json) return print_json(summary_json(s));
    return print_summary(o.file, s);
  }
  const auto r = dots::shrink_checkpoint(o.file, o.out, o.keep);
  if (o.json) {
    auto j = summary_json(r.before);
    j["kept"] = {{"file", o.out},
                 {"entries", r.kept},
                 {"weight", r.weight},
                 {"min_nodes", std::uint64_t{1} << std::min(r.weight - 1, 63)}};
    return print_json(j);
  }
  print_summary(o.file, r.before);
  fmt::print(
      "Wrote {}: {} entries, every subtree of 2^{} nodes or more; it resumes the same run.\n",
      o.out, r.kept, r.weight - 1);
}

}  // namespace

void install_checkpoint(Command dots) {
  auto o = std::make_shared<CheckpointCliOptions>();
  auto cmd = dots.add_subcommand(
      "checkpoint", "What a solve's checkpoint holds, or a smaller copy of it (--keep, --out)");
  cmd.add_option("file", o->file, "a checkpoint written by grundy dots solve --checkpoint")
      .required();
  cmd.add_number("--keep", o->keep, 1, dots::kMaxCheckpointEntries,
                 "write a copy with at most this many entries, the biggest subtrees first");
  cmd.add_option("--out", o->out, "the copy's file (may be FILE itself)");
  cmd.add_flag("--json", o->json, "print JSON: board, drawn, to_move, bounds, nodes, entries");
  cmd.footer(
      "Examples:\n  grundy dots checkpoint 4x5.ckpt\n"
      "  grundy dots checkpoint 4x5.ckpt --keep 200000 --out 4x5-small.ckpt");
  cmd.callback([o] { run(*o); });
}

}  // namespace grundy::cli::dots_cli
