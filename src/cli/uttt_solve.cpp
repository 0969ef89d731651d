// grundy uttt solve: win, draw or loss by proof-number search, with checkpoints and proofs.
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "grundy/core/error.h"
#include "grundy/core/output_file.h"
#include "grundy/core/parse.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/solve.h"
#include "grundy/games/uttt/solve_distributed.h"
#include "grundy/search/proof_table.h"
#include "io.h"
#include "report/distributed.h"
#include "report/uttt.h"
#include "uttt_cli.h"

namespace grundy::cli::uttt_cli {
namespace {

std::atomic<bool> g_stop{false};
extern "C" void on_stop_signal(int) {
  g_stop.store(true);
}

struct SolveCliOptions {
  PositionOptions position;
  std::string nodes;
  double seconds = 0;
  std::string memory = "256";
  std::string checkpoint;
  double checkpoint_every = 600;
  std::string proof;
  bool json = false;
  bool progress = false;
  bool no_proof_size = false;
  bool status = false;
  std::string opening;
  DistributedCliOptions distributed;
};

void print_status(const uttt::Board& b, const uttt::SolveOptions& s, bool json) {
  const auto st = uttt::solve_status(b, s);
  const char* mover = player_name(b.to_move());
  const char* other = player_name(1 - b.to_move());
  auto number = [](std::uint32_t n) {
    return n >= search::kPnInfinity ? std::string("inf") : std::to_string(n);
  };
  if (json) {
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : st.moves) {
      nlohmann::json replies = nlohmann::json::array();
      for (const auto& r : m.replies)
        replies.push_back({{"move", uttt::cell_name(r.move)}, {"status", r.status}});
      nlohmann::json j = {
          {"move", uttt::cell_name(m.move)}, {"status", m.status}, {"pn", m.pn}, {"dn", m.dn}};
      if (!m.replies.empty()) j["replies"] = replies;
      moves.push_back(j);
    }
    print_json({{"to_move", mover},
                {"resumed", st.resumed},
                {"root_pn", st.root_pn},
                {"root_dn", st.root_dn},
                {"moves", moves}});
    return;
  }
  fmt::print("Can {} win? {} (root proof number {}, disproof number {}){}.\n", mover,
             st.root_pn == 0   ? "proved"
             : st.root_dn == 0 ? "no"
                               : "open",
             number(st.root_pn), number(st.root_dn),
             st.resumed ? ", from the checkpoint" : ", from an empty table");
  for (const auto& m : st.moves) {
    fmt::print("  {} {}: {} (pn {}, dn {})\n", mover, uttt::cell_name(m.move), m.status,
               number(m.pn), number(m.dn));
    if (m.replies.empty()) continue;
    int done = 0;
    for (const auto& r : m.replies) done += r.status == "wins";
    fmt::print("    {} of {}'s {} replies are proved wins for {}:", done, other, m.replies.size(),
               mover);
    for (const auto& r : m.replies)
      fmt::print(" {}{}", uttt::cell_name(r.move),
                 r.status == "wins"    ? "+"
                 : r.status == "fails" ? "-"
                                       : "?");
    fmt::print("  (+ won, - not winning, ? open)\n");
  }
}

std::string count_text(std::uint64_t n) {
  if (n >= 10'000'000'000ull) return fmt::format("{:.1f}G", static_cast<double>(n) / 1e9);
  if (n >= 10'000'000) return fmt::format("{:.1f}M", static_cast<double>(n) / 1e6);
  return std::to_string(n);
}

void run_solve(const SolveCliOptions& o) {
  const uttt::Board b = position(o.position);
  if (b.is_over()) throw InputError("the game is over: there is nothing to solve");
  uttt::SolveOptions s;
  if (!o.nodes.empty())
    s.max_nodes = parse_uint(o.nodes, "--nodes", std::uint64_t{1} << 50, "2^50");
  s.seconds = o.seconds;
  const auto mib = parse_uint_in(o.memory, "--memory", 1, std::uint64_t{1} << 20, "1048576 (MiB)");
  s.table_bytes = static_cast<std::size_t>(mib) << 20;
  s.checkpoint = o.checkpoint;
  s.checkpoint_every = o.checkpoint_every;
  s.stop = &g_stop;
  s.proof_size = !o.no_proof_size;
  s.opening = o.opening;
  if (!o.proof.empty()) {
    resolve_output(o.proof);  // fail now, not after hours of search
    s.export_proof = true;
    for (const auto& t : uttt::split_move_list(o.position.moves))
      s.start_moves.push_back(uttt::parse_cell(t));
  }
  if (o.status) {
    if (o.distributed.on)
      throw InputError("--status reads a single-process checkpoint: leave out --distributed");
    print_status(b, s, o.json);
    return;
  }
  std::optional<DistributedRun> dist;
  if (o.distributed.on) {
    dist.emplace(o.distributed);
    if (dist->worker()) {
      dist->serve(uttt::distributed_runner(b, s, uttt::share_weight_for(dist->workers())));
      return;
    }
  }
  const bool show = o.progress || ::isatty(STDERR_FILENO);
  if (show && !dist) {
    s.progress_every = 10;
    s.progress = [](const uttt::SolveProgress& p) {
      fmt::print(stderr,
                 "solve: {:.0f} s, {} nodes, question '{}', root pn {} dn {}, table {:.1f}% "
                 "full{}\n",
                 p.seconds, count_text(p.nodes), p.question, p.root_pn, p.root_dn,
                 p.permille_full / 10.0, p.checkpoint_saved ? ", checkpoint saved" : "");
    };
  }
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  search::distributed::Figures figures;
  const auto r = dist ? solve_distributed(*dist, b, s, show, figures) : uttt::solve(b, s);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  if (!r.proof.empty()) write_output_file(o.proof, r.proof);
  const char* mover = player_name(r.to_move);
  if (o.json) {
    auto j = report::uttt_solve_json(b, r, o.proof, o.checkpoint);
    if (dist) j["distributed"] = report::distributed_json(figures);
    print_json(j);
  } else {
    if (r.result == "unknown") {
      fmt::print("Result: unknown ({} to move): the budget ended after {} nodes in {:.1f} s.\n",
                 mover, r.nodes, r.seconds);
      if (r.checkpoint_saved)
        fmt::print("Checkpoint saved to {}; run the same command again to continue.\n",
                   o.checkpoint);
    } else {
      const std::string what = r.result == "win"    ? fmt::format("{} wins", mover)
                               : r.result == "loss" ? fmt::format("{} loses", mover)
                                                    : "a draw with best play";
      fmt::print("Result: {} (proved by proof-number search{}).\n", what,
                 r.resumed ? ", resumed from " + o.checkpoint : "");
      if (r.has_move) fmt::print("First move of the proof: {}\n", uttt::cell_name(r.first_move));
      if (r.proof_size)
        fmt::print("Proof: {} positions; {} nodes searched in {:.2f} s.\n", r.proof_size, r.nodes,
                   r.seconds);
      else
        fmt::print("{} nodes searched in {:.2f} s.\n", r.nodes, r.seconds);
    }
    if (!o.proof.empty()) {
      if (!r.proof.empty())
        fmt::print("Proof written to {} ({} moves of {}); check it with uttt_proof_check.\n",
                   o.proof, r.proof_moves, mover);
      else
        fmt::print("No proof written: --proof exports wins only.\n");
    }
    if (dist) print_distributed_figures(figures);
  }
  if (r.result == "unknown" && g_stop.load()) std::exit(130);
}

}  // namespace

void install_solve_commands(Command uttt) {
  auto o = std::make_shared<SolveCliOptions>();
  auto s = uttt.add_subcommand(
      "solve", "Win, draw or loss for the player to move, by proof-number search (df-pn)");
  add_position_options(s, o->position);
  s.add_option("--nodes", o->nodes, "stop after this many nodes (result 'unknown')");
  s.add_number(
      "--seconds", o->seconds, 0.001, 1e8,
      "stop after this many seconds of solving, a stop by Ctrl-Z not counted (result 'unknown')");
  s.add_option("--memory", o->memory, "table size in MiB").default_str("256");
  s.add_option("--checkpoint", o->checkpoint,
               "save the table to FILE periodically and when the budget ends; resume from it "
               "when it exists (same position, rules and --memory)");
  s.add_number("--checkpoint-every", o->checkpoint_every, 1, 1e6, "seconds between checkpoints")
      .default_str("600");
  s.add_option(
      "--proof", o->proof,
      "when the mover wins, write the proof to FILE for build/uttt_proof_check (a separate "
      "program; source in tools/uttt_proof_check)");
  s.add_flag("--no-proof-size", o->no_proof_size, "do not walk the proof to count its positions");
  s.add_option("--opening", o->opening,
               "centre: the mover plays the centre opening (e5; while the centre board is not "
               "full, the centre of the board it is sent to) and the search proves the rest; "
               "reports win or unknown");
  s.add_flag("--status", o->status,
             "no search: report what the --checkpoint table knows about each move and the "
             "replies to the most promising one");
  s.add_flag("--progress", o->progress, "report progress on stderr even when not a TTY");
  s.add_flag("--json", o->json,
             "print JSON: result, to_move, first_move, proof_size, nodes, seconds");
  add_distributed_options(s, o->distributed);
  s.footer(
      "Example:\n  grundy uttt solve --rules orlin --moves 'e5 d4 b2' --nodes 1000000\n  "
      "grundy uttt solve --rules orlin --memory 8192 --checkpoint orlin.ckpt --proof orlin.proof");
  s.callback([o] { run_solve(*o); });
}

}  // namespace grundy::cli::uttt_cli
