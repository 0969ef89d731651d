// grundy uttt bot: the engine as a bot of the CodinGame protocol on stdin and stdout.
#include <poll.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include <fmt/core.h>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/uttt/bot.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/players.h"
#include "uttt_cli.h"

namespace grundy::cli::uttt_cli {
namespace {

struct BotFlags {
  std::string rules = "codingame";
  std::string engine = "net";
  double ms = 100, first_ms = 1000, margin_ms = 10;
  std::uint64_t iterations = 0;
  std::string seed, weights;
  double exploration = -1, minimax_weight = -1, free_move_penalty = -1;
  int vary = 0, free_move_plies = -1;
  bool verbose = false;
};

// A time in milliseconds that a user typed: finite, within (0, an hour].
double checked_ms(double ms, const char* option) {
  if (!std::isfinite(ms) || ms <= 0 || ms > 3.6e6)
    throw InputError(std::string(option) +
                     " must be a number of milliseconds above 0 and at most " + "3600000");
  return ms;
}

// Whether input is waiting on stdin (or it is closed, or poll fails: time to read either way).
bool input_waiting() {
  if (std::cin.rdbuf()->in_avail() > 0) return true;
  pollfd p{0, POLLIN, 0};
  return ::poll(&p, 1, 0) != 0;
}

// The time between turns: the bot's tree and memory work (Bot::idle_step) while no input waits.
// When input came meanwhile, returns a time before it arrived (the last look that found none), so
// that the turn's clock starts no later than the referee's.
std::optional<std::chrono::steady_clock::time_point> idle(uttt::Bot& bot) {
  std::optional<std::chrono::steady_clock::time_point> nothing_at;  // the last empty look began
  for (;;) {
    const auto look = std::chrono::steady_clock::now();
    if (input_waiting()) return nothing_at ? nothing_at : look;
    nothing_at = look;
    if (!bot.idle_step()) return std::nullopt;
  }
}

void run_bot(const BotFlags& f) {
  uttt::BotOptions o;
  o.rules = uttt::parse_rules(f.rules);
  o.engine = uttt::parse_engine(f.engine);
  if (o.engine != uttt::Engine::net && o.engine != uttt::Engine::mcts)
    throw InputError("the bot's --engine must be net or mcts");
  o.seconds = checked_ms(f.ms, "--ms") / 1000;
  o.first_seconds = checked_ms(f.first_ms, "--first-ms") / 1000;
  if (!std::isfinite(f.margin_ms) || f.margin_ms < 0 || f.margin_ms >= f.ms)
    throw InputError("--margin-ms must be at least 0 and below --ms");
  o.margin_seconds = f.margin_ms / 1000;
  o.iterations = f.iterations;
  for (const auto& [v, name] :
       {std::pair{f.exploration, "--exploration"}, std::pair{f.minimax_weight, "--minimax-weight"}})
    if (v != -1 && !(std::isfinite(v) && v >= 0 && v <= 10))
      throw InputError(std::string(name) + " must be a number from 0 to 10");
  if (f.minimax_weight > 1) throw InputError("--minimax-weight must be at most 1");
  if (f.vary < 0 || f.vary > 81) throw InputError("--vary must be between 0 and 81");
  o.vary_plies = f.vary;
  if (f.free_move_plies != -1 && (f.free_move_plies < 0 || f.free_move_plies > 81))
    throw InputError("--free-move-plies must be between 0 and 81");
  o.free_move_plies = f.free_move_plies;
  if (f.free_move_penalty != -1 &&
      !(std::isfinite(f.free_move_penalty) && f.free_move_penalty >= 0 && f.free_move_penalty <= 1))
    throw InputError("--free-move-penalty must be a number from 0 to 1");
  o.free_move_penalty = f.free_move_penalty;
  o.exploration = f.exploration;
  o.minimax_weight = f.minimax_weight;
  o.seed = f.seed.empty() ? std::random_device{}() : parse_uint(f.seed, "--seed", UINT64_MAX);
  auto loaded = std::make_unique<uttt::net::Weights>();  // (200 KB: not on the stack)
  if (!f.weights.empty()) {
    uttt::net::load_weights(f.weights, *loaded);
    o.weights = loaded.get();
  }
  uttt::Bot bot(o);
  uttt::Turn turn;
  std::chrono::steady_clock::time_point arrival;
  std::optional<std::chrono::steady_clock::time_point> arrived_by = idle(bot);
  for (bool first = true; uttt::read_turn(std::cin, first, turn, &arrival); first = false) {
    if (arrived_by) arrival = std::min(arrival, *arrived_by);
    const uttt::BotTurn t = bot.play(turn, arrival);
    fmt::print("{}\n", uttt::protocol_cell(t.move));
    std::fflush(stdout);
    arrived_by = idle(bot);
    if (f.verbose)
      fmt::print(stderr,
                 "{} ({}): {}, {} playouts, search budget {:.1f} ms, answered in {:.1f} ms\n",
                 uttt::cell_name(t.move), uttt::protocol_cell(t.move),
                 t.forced ? std::string("the only valid action")
                          : fmt::format("win rate {:.3f}", t.win_rate),
                 t.iterations, 1000 * t.budget, 1000 * t.seconds);
  }
}

}  // namespace

void install_bot_command(Command uttt) {
  auto flags = std::make_shared<BotFlags>();
  auto b = uttt.add_subcommand(
      "bot",
      "Play one game as a bot of the CodinGame protocol on stdin/stdout (for `uttt arena`, "
      "CodinGame-style referees)");
  b.add_option("--rules", flags->rules, "codingame, standard or orlin").default_str("codingame");
  b.add_option("--engine", flags->engine, "net (the network search) or mcts (random playouts)")
      .default_str("net");
  b.add_option("--ms", flags->ms, "the referee's time per turn in milliseconds").default_str("100");
  b.add_option("--first-ms", flags->first_ms, "the referee's time for the bot's first turn")
      .default_str("1000");
  b.add_option("--margin-ms", flags->margin_ms,
               "milliseconds of each turn kept back for reading, writing and scheduling (of the "
               "first turn, as much in proportion)")
      .default_str("10");
  b.add_option("--iterations", flags->iterations,
               "a fixed number of playouts per turn instead of the clock (reproducible)");
  b.add_option("--seed", flags->seed, "random seed (default: a new one each run)");
  b.add_flag("--verbose", flags->verbose, "one line per turn on stderr: move, win rate, playouts");
  b.add_option("--vary", flags->vary,
               "until N moves are on the board, play a random move among those the search values "
               "within 0.03 of its best (different games against a deterministic opponent)")
      .default_str("0");
  b.add_option("--weights", flags->weights,
               "net: a network written by tools/uttt_train (PREFIX.bin) instead of the built-in");
  b.add_option("--exploration", flags->exploration,
               "net: the UCT exploration constant (tuning; default 0.15)");
  b.add_option("--minimax-weight", flags->minimax_weight,
               "net: the weight of the minimax value against the mean, 0-1 (tuning; default 0.6)");
  b.add_option("--free-move-plies", flags->free_move_plies,
               "net: while fewer than N stones are on the board, leave out of the search the moves "
               "that send the opponent to a closed board (0: search every move)");
  b.add_option("--free-move-penalty", flags->free_move_penalty,
               "net: multiply by this (0-1) the exploration term of a searched move that sends the "
               "opponent to a closed board (tuning; default 1, no penalty)");
  b.footer(
      "Each turn: the opponent's 'row column' (0-8 each; '-1 -1' when the bot starts), the "
      "number of valid actions, the actions; the bot answers 'row column'. It exits at the end "
      "of input.\nExample:\n  printf -- '-1 -1\\n1\\n4 4\\n' | grundy uttt bot");
  b.callback([flags] { run_bot(*flags); });
}

}  // namespace grundy::cli::uttt_cli
