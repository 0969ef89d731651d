// grundy dots solve RxC [--moves LIST] [--json] [--threads N] [--table-mb M] [--seconds S]
//                       [--progress] [--checkpoint FILE [--resume] [--checkpoint-every S]
//                       [--checkpoint-entries N]] [--distributed]
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "dots_cli.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/dots/checkpoint.h"
#include "grundy/games/dots/solve_distributed.h"
#include "grundy/games/dots/solver.h"
#include "interrupt.h"
#include "io.h"
#include "report/distributed.h"

namespace grundy::cli::dots_cli {
namespace {

constexpr int kLinesWithinReach = 40;  // 4x4 (docs/dots.md "Figures")

struct SolveCliOptions {
  std::string size;
  std::string moves;
  std::string threads;
  std::string table_mb;
  std::string seconds;
  std::string checkpoint;
  std::string checkpoint_every;
  std::string checkpoint_entries;
  bool resume = false;
  bool json = false;
  bool progress = false;
  bool one_best = false;
  DistributedCliOptions distributed;
};

// One progress line: nodes and their rate over `interval` seconds (since the line before),
// the bounds proven, the test under way and where the main search is in it (move i of n at each
// of the first plies: "at 1/49 3/48 12/47"), the table's fill.
std::string progress_line(const search::SearchProgress& p, std::uint64_t nodes_before,
                          double interval) {
  const auto bound = [](int v) {
    return v <= -search::kInfinity  ? std::string("-inf")
           : v >= search::kInfinity ? std::string("+inf")
                                    : std::to_string(v);
  };
  std::string where;
  if (p.testing) {
    where = fmt::format(", testing value >= {}", p.threshold);
    if (p.path_length > 0) where += ", at";
    for (int i = 0; i < p.path_length; ++i)
      where += fmt::format(" {}/{}", p.path_move[i], p.path_moves[i]);
  }
  const double rate =
      interval > 0 ? static_cast<double>(p.nodes - std::min(p.nodes, nodes_before)) / interval : 0;
  return fmt::format(
      "solving: {:.3g} nodes ({:.3g}/s), value in [{}, {}]{}, table {}% full, {:.0f} s",
      static_cast<double>(p.nodes), rate, bound(p.lower), bound(p.upper), where,
      p.permille_full / 10, p.seconds);
}

std::string outcome(const dots::DotsState& s, const dots::SolveResult& r) {
  const int left = s.boxes_left();
  const int mine = (left + r.value) / 2, theirs = (left - r.value) / 2;
  const char* verb = r.value > 0 ? "wins" : r.value == 0 ? "ties" : "loses";
  const int p = s.to_move();
  const int final1 = s.points(0) + (p == 0 ? mine : theirs);
  const int final2 = s.points(1) + (p == 0 ? theirs : mine);
  return fmt::format("Player {} to move {} the remaining {} box{} {}–{}{} (final score {}–{}: {}).",
                     p + 1, verb, left, left == 1 ? "" : "es", mine, theirs,
                     r.value < 0 ? " at best" : "", final1, final2, result_words(final1, final2));
}

void run(const SolveCliOptions& o) {
  const auto& board = dots::Board::parse(o.size);
  const auto s = dots::DotsState::after(board, o.moves);
  const int undrawn = board.lines() - s.lines_drawn();
  dots::SolveOptions so;
  so.threads = o.threads.empty() ? dots::default_solve_threads(undrawn)
                                 : static_cast<int>(parse_uint_in(o.threads, "--threads", 1, 64));
  if (!o.seconds.empty()) so.seconds = parse_decimal(o.seconds, "--seconds", 0.001, 1e8);
  std::uint64_t mb = 0;
  if (o.table_mb.empty()) {
    mb = dots::default_table_mib(undrawn, so.seconds);
  } else {
    mb = parse_uint_in(o.table_mb, "--table-mb", 1, std::uint64_t{1} << 20);
  }
  so.table_bytes = static_cast<std::size_t>(mb) << 20;
  so.best_moves = !o.one_best;
  so.checkpoint = o.checkpoint;
  so.resume = o.resume;
  if (o.resume && o.checkpoint.empty()) throw InputError("--resume needs --checkpoint FILE");
  if (!o.checkpoint_every.empty()) {
    if (o.checkpoint.empty()) throw InputError("--checkpoint-every needs --checkpoint FILE");
    so.checkpoint_every = parse_decimal(o.checkpoint_every, "--checkpoint-every", 1, 1e6);
  }
  if (!o.checkpoint_entries.empty()) {
    if (o.checkpoint.empty()) throw InputError("--checkpoint-entries needs --checkpoint FILE");
    so.checkpoint_entries =
        parse_uint_in(o.checkpoint_entries, "--checkpoint-entries", 1, dots::kMaxCheckpointEntries);
  }
  if (o.resume && ::access(o.checkpoint.c_str(), F_OK) != 0)
    fmt::print(stderr, "grundy: no checkpoint '{}' yet: starting from the beginning\n",
               o.checkpoint);
  std::optional<DistributedRun> dist;
  dots::NodeTable table;
  if (o.distributed.on) {
    dist.emplace(o.distributed);
    // Without --threads, a rank takes the cores it may use (bound to them, or its share of the
    // machine's) where one process would take several: one engine thread a rank when mpirun
    // starts a rank per core, every core when it starts one a machine.
    if (o.threads.empty() && so.threads > 1) so.threads = dist->cores_per_rank(so.threads);
    dist->check_threads(so.threads);
    table = node_table(*dist, so);
    if (dist->worker()) {
      dist->serve(dots::distributed_runner(
          s, so, search::distributed::share_weight_for(dist->workers()), table));
      return;
    }
  }
  InterruptScope interrupt;
  so.stop = interrupt.stop();
  const bool tty = ::isatty(STDERR_FILENO);
  // Beyond 4x4 (40 lines, 10^9 nodes) a run has no foreseeable end: say so before it starts,
  // and report the bounds it proves once a minute even without a terminal.
  const bool out_of_reach = so.seconds <= 0 && undrawn > kLinesWithinReach;
  if (out_of_reach)
    fmt::print(stderr,
               "grundy: {} undrawn lines are beyond this solver's reach (4x4, 40 lines, took 10^9 "
               "nodes; 4x5, 49, was not solved in 26 minutes): it runs until stopped with Ctrl-C, "
               "printing the bounds it has proved{}; give --seconds S to stop after S seconds "
               "with the bounds, --checkpoint FILE to resume later\n",
               undrawn, tty || o.progress ? "" : " once a minute");
  double last_line = 0;
  if ((o.progress || tty || out_of_reach) && !dist)
    so.progress = [tty, every = o.progress || tty ? 0.0 : 60.0, &last_line,
                   last_nodes = std::uint64_t{0}](const search::SearchProgress& p) mutable {
      if (p.seconds - last_line < every) return;
      fmt::print(stderr, "{}{}{}", tty ? "\r" : "",
                 progress_line(p, last_nodes, p.seconds - last_line), tty ? "   " : "\n");
      std::fflush(stderr);
      last_line = p.seconds;
      last_nodes = p.nodes;
    };
  search::distributed::Figures figures;
  const auto r =
      dist ? solve_distributed(*dist, s, so, table, o.progress, figures) : dots::solve(s, so);
  if (so.progress && tty) fmt::print(stderr, "\n");
  if (r.checkpoint_saved) {
    fmt::print(stderr,
               "grundy: stopped with the value in [{}, {}]; checkpoint '{}' saved ({} table "
               "entries); run the same command with --resume to continue\n",
               std::max(r.lower, -s.boxes_left()), std::min(r.upper, s.boxes_left()), o.checkpoint,
               r.checkpoint_entries);
    if (interrupt.interrupted()) std::exit(130);
  }
  const auto best = dots_line_names(board, r.best);
  if (o.json) {
    auto j = report::dots_solve_json(s, r);
    if (dist) j["distributed"] = report::distributed_json(figures);
    print_json(j);
  } else {
    fmt::print("{}\n", headline(s));
    if (s.is_over()) {
      fmt::print("Nothing left to play.\n");
    } else if (!r.complete) {
      fmt::print(
          "Not solved within the budget: the value (margin of the remaining {} boxes for "
          "the player to move) is between {} and {}.\n",
          s.boxes_left(), std::max(r.lower, -s.boxes_left()), std::min(r.upper, s.boxes_left()));
    } else {
      fmt::print("{}\n", outcome(s, r));
      if (!best.empty())
        fmt::print(
            "{} {}{}.\n",
            best.size() == 1 ? "The best line:" : "Best lines:", name_list(best, "or"),
            r.best_complete ? "" : " (other lines may be as good: not every line was tested)");
    }
    fmt::print("Searched {} nodes in {:.2f} s ({:.3g} nodes/s), table hit rate {:.0f}%{}.\n",
               r.nodes, r.seconds, r.seconds > 0 ? static_cast<double>(r.nodes) / r.seconds : 0.0,
               100 * r.tt.hit_rate(),
               r.resumed ? fmt::format(", after {} nodes before the checkpoint", r.nodes_before)
                         : std::string());
    if (dist) print_distributed_figures(figures);
  }
  if (interrupt.interrupted()) std::exit(130);
}

}  // namespace

void install_solve(Command dots) {
  auto o = std::make_shared<SolveCliOptions>();
  auto cmd = dots.add_subcommand(
      "solve", "The exact value (margin of the boxes still to win) and every best line");
  cmd.add_option("size", o->size, "board size in boxes, ROWSxCOLUMNS (e.g. 3x3)").required();
  cmd.add_option("--moves", o->moves, "the lines drawn so far, in order");
  cmd.add_flag("--json", o->json, "print JSON: to_move, score, value, best, nodes, seconds");
  cmd.add_option("--threads", o->threads,
                 "search threads (default: all cores on big positions; with --distributed, of "
                 "each rank: by default the cores it is bound to, or its share of the machine's)");
  cmd.add_option("--table-mb", o->table_mb,
                 "transposition table size in MiB (default: 64 up to 32 undrawn lines, 256 up "
                 "to 35, 1024 up to 40, 4096 beyond; with --seconds S at most 64 per second)");
  cmd.add_option(
      "--seconds", o->seconds,
      "stop after this many seconds of solving, a stop by Ctrl-Z not counted, with bounds");
  cmd.add_flag("--progress", o->progress, "report progress on stderr even when not a terminal");
  cmd.add_flag("--one-best", o->one_best, "find one best line instead of testing every line");
  cmd.add_option("--checkpoint", o->checkpoint,
                 "save progress to this file (periodically and on Ctrl-C) for --resume");
  cmd.add_option("--checkpoint-every", o->checkpoint_every,
                 "seconds between checkpoints (default 300)");
  cmd.add_option("--checkpoint-entries", o->checkpoint_entries,
                 "table entries a checkpoint keeps at most, the biggest subtrees first (default: "
                 "an eighth of the table, at most 2^25; 15 bytes each)");
  cmd.add_flag("--resume", o->resume, "continue from the --checkpoint file");
  add_distributed_options(cmd, o->distributed);
  cmd.footer(
      "Example:\n  grundy dots solve 3x3\n  grundy dots solve 4x4 --moves 'b2c2 b3c3' --json");
  cmd.callback([o] { run(*o); });
}

}  // namespace grundy::cli::dots_cli
