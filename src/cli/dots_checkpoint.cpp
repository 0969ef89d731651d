// grundy dots checkpoint FILE [--keep N --out SMALL | --moves LIST [--replies]] [--json] — what
// a solver checkpoint holds, a copy of it with only its heaviest entries (to carry a long run to
// another machine), or what it proves about each line of a position and, with --replies, about
// each reply to those (a long run's progress).
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "dots_cli.h"
#include "grundy/core/error.h"
#include "grundy/core/hex.h"
#include "grundy/games/dots/checkpoint_moves.h"
#include "grundy/games/dots/checkpoint_summary.h"
#include "io.h"

namespace grundy::cli::dots_cli {
namespace {

struct CheckpointCliOptions {
  std::string file;
  std::uint64_t keep = 0;
  std::string out;
  std::string moves;
  bool at_position = false;  // --moves given (an empty list: the empty board)
  bool replies = false;
  bool json = false;
};

void print_summary(const std::string& file, const dots::CheckpointSummary& s) {
  const auto& c = s.header;
  const auto& board = dots::Board::get(c.rows, c.cols);
  const int open = report::dots_open_boxes(board, c.drawn);
  fmt::print("Checkpoint {}: Dots and Boxes {}, {} of {} lines drawn, player {} to move.\n", file,
             board.size_name(), c.drawn.count(), board.lines(), c.to_move + 1);
  if (!c.drawn.empty())
    fmt::print("Lines drawn: {}.\n",
               name_list(report::dots_drawn_names(board, c.drawn), "and", 200));
  fmt::print("Proven so far: the value is in [{}, {}]; {} nodes in {:.0f} s of solving.\n",
             std::clamp(c.lower, -open, open), std::clamp(c.upper, -open, open), c.nodes,
             c.seconds);
  if (c.keys != 0)
    fmt::print("Solver keys {}: {}.\n", hex64(c.keys),
               s.keys_match ? "this grundy's, it can resume the run"
                            : "not this grundy's, it cannot resume the run");
  else
    fmt::print("Version {}, written before key fingerprints: {}.\n", c.version,
               s.keys_match ? "this grundy keys positions the same way and can resume the run"
                            : "this grundy keys positions differently and cannot resume the run");
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

// "16 of 48 lines (5 of 13 positions up to symmetry) with a proven bound: 16 at most 0, 0 at
// least 0"
std::string proven_words(const std::vector<dots::CheckpointMove>& lines) {
  int known = 0, at_most = 0, at_least = 0, positions = 0, known_positions = 0;
  for (const auto& l : lines) {
    known += l.known;
    at_most += l.upper <= 0;
    at_least += l.lower >= 0;
    positions += l.same_as < 0;
    known_positions += l.same_as < 0 && l.known;
  }
  return fmt::format(
      "{} of {} lines ({} of {} positions up to symmetry) with a proven bound: {} at most 0, {} "
      "at least 0",
      known, lines.size(), known_positions, positions, at_most, at_least);
}

void print_moves(const std::string& file, const dots::CheckpointMoves& m, bool replies) {
  print_summary(file, m.summary);
  const auto& board = dots::Board::get(m.summary.header.rows, m.summary.header.cols);
  const int player = m.to_move + 1;
  fmt::print(
      "\nThe lines of {} (player {} to move, {} boxes open), each valued for player {} "
      "(the margin of the {} boxes) as far as the table proves:\n",
      m.drawn.empty()
          ? std::string("the empty board")
          : "the position with " + name_list(report::dots_drawn_names(board, m.drawn), "and", 200) +
                " drawn",
      player, m.open, player, m.open);
  for (const auto& l : m.moves) {
    std::string note;
    if (l.captured > 0) note = l.captured == 1 ? " (takes a box)" : " (takes two boxes)";
    if (l.same_as >= 0) note += " (as " + board.line_name(l.same_as) + ")";
    if (replies && !l.replies.empty())
      note += fmt::format("; then for player {}: {}", l.captured > 0 ? player : 3 - player,
                          proven_words(l.replies));
    fmt::print("  {:<6} {}{}\n", board.line_name(l.line), report::dots_bounds_words(l, m.open),
               note);
  }
  fmt::print("{}.\n", proven_words(m.moves));
}

void run(const CheckpointCliOptions& o) {
  if ((o.keep == 0) != o.out.empty())
    throw InputError(o.keep == 0 ? "--out needs --keep N" : "--keep needs --out FILE");
  if (o.at_position && o.keep != 0) throw InputError("--moves and --keep: one at a time");
  if (o.replies && !o.at_position) throw InputError("--replies needs --moves LIST");
  if (o.at_position) {
    const auto m = dots::checkpoint_moves(o.file, o.moves, o.replies);
    if (o.json) return print_json(report::dots_checkpoint_json(m));
    return print_moves(o.file, m, o.replies);
  }
  if (o.keep == 0) {
    const auto s = dots::summarize_checkpoint(o.file);
    if (o.json) return print_json(report::dots_checkpoint_json(s));
    return print_summary(o.file, s);
  }
  const auto r = dots::shrink_checkpoint(o.file, o.out, o.keep);
  if (o.json) return print_json(report::dots_checkpoint_json(r, o.out));
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
  cmd.add_option("--moves", o->moves,
                 "what the table proves about each line after these lines (from the empty "
                 "board; '' for it)");
  cmd.add_flag("--replies", o->replies,
               "with --moves: also every reply to each line, and how many are proven");
  cmd.add_flag("--json", o->json,
               "print JSON: board, drawn, to_move, bounds, nodes, entries, keys");
  cmd.footer(
      "Examples:\n  grundy dots checkpoint 4x5.ckpt\n"
      "  grundy dots checkpoint 4x5.ckpt --keep 200000 --out 4x5-small.ckpt\n"
      "  grundy dots checkpoint 4x5.ckpt --moves 'b3c3'\n"
      "  grundy dots checkpoint 4x5.ckpt --moves 'c3d3' --replies");
  cmd.callback([o, cmd] {
    o->at_position = cmd.count("--moves") > 0;
    run(*o);
  });
}

}  // namespace grundy::cli::dots_cli
