// grundy uttt arena "CMD A" "CMD B": a referee for two programs that speak the CodinGame
// protocol, each started afresh for every game.
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <memory>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "child_process.h"
#include "grundy/core/error.h"
#include "grundy/core/output_file.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/openings.h"
#include "grundy/games/uttt/referee.h"
#include "interrupt.h"
#include "io.h"
#include "report/uttt.h"
#include "uttt_cli.h"

namespace grundy::cli::uttt_cli {
namespace {

// A bot as a fresh process per game.
class ProcessContestant : public uttt::Contestant {
 public:
  ProcessContestant(std::string command, const std::atomic<bool>* stop)
      : command_(std::move(command)), stop_(stop) {}
  void start() override { process_ = std::make_unique<ChildProcess>(command_, stop_); }
  uttt::BotReply ask(const std::string& turn, double seconds) override {
    using Clock = ChildProcess::Clock;
    const auto sent = Clock::now();
    const auto deadline =
        sent + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    uttt::BotReply r;
    ChildProcess::Wait w = ChildProcess::Wait::closed;
    if (process_->write_all(turn, deadline))
      w = process_->read_line(r.line, deadline);
    else if (Clock::now() >= deadline)
      w = ChildProcess::Wait::timeout;
    r.seconds = std::chrono::duration<double>(Clock::now() - sent).count();
    if (w == ChildProcess::Wait::timeout) r.kind = uttt::BotReply::Kind::late;
    if (w == ChildProcess::Wait::closed) {
      r.kind = uttt::BotReply::Kind::closed;
      r.detail =
          "the program " + process_->stop(std::chrono::milliseconds(200)) + " without answering";
      if (const std::string tail = process_->stderr_tail(); !tail.empty())
        r.detail += "; its last words on stderr: " + one_line(tail);
    }
    return r;
  }
  void finish() override {
    if (process_) process_->stop(std::chrono::milliseconds(1000));
    process_.reset();
  }

 private:
  static std::string one_line(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
    for (char& c : s)
      if (c == '\n' || c == '\r') c = '|';
    return s;
  }
  std::string command_;
  const std::atomic<bool>* stop_;
  std::unique_ptr<ChildProcess> process_;
};

struct ArenaOptions {
  std::string a, b;
  std::string rules = "codingame";
  int games = 10;
  double ms = 100, first_ms = 1000;
  int openings = 0;
  int opening_plies = 4;
  std::uint64_t seed = 1;
  std::string log;
  bool json = false;
  bool progress = false;
};

std::string moves_text(const std::vector<uttt::Board::Move>& moves) {
  return moves.empty() ? std::string("-") : uttt::format_moves(moves);
}

// One line of the log for game i.
std::string log_line(int i, const uttt::RefereeGame& g, bool a_is_x) {
  const char* x = a_is_x ? "A" : "B";
  const char* o = a_is_x ? "B" : "A";
  std::string result;
  if (g.culprit >= 0)
    result = fmt::format("{} ({}) loses: {} {}", g.culprit == 0 ? "X" : "O", g.culprit == 0 ? x : o,
                         uttt::game_end_name(g.end), g.detail);
  else if (g.winner < 0)
    result = "a draw";
  else
    result = fmt::format("{} ({}) wins on {}", g.winner == 0 ? "X" : "O", g.winner == 0 ? x : o,
                         g.end == uttt::GameEnd::line ? "a line" : "the tie-break");
  return fmt::format(
      "game {}: X = {}, O = {}; opening {}; {}; {} moves; slowest answers X {:.0f} ms, O {:.0f} "
      "ms; moves {}\n",
      i + 1, x, o, moves_text(g.opening), result, g.moves.size(), 1000 * g.longest[0],
      1000 * g.longest[1], moves_text(g.moves));
}

std::string elo_text(double e) {
  if (std::isinf(e)) return e > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.0f}", e);
}

void print_summary(const ArenaOptions& o, const uttt::ArenaTally& t, int wanted, bool interrupted) {
  const auto s = t.score_interval();
  const double elo = uttt::elo_of_score(t.score());
  if (o.json) {
    print_json(report::uttt_arena_json(t, o.rules, o.ms, o.first_ms, o.openings, o.opening_plies,
                                       o.seed, interrupted));
    return;
  }
  fmt::print("A: {}\nB: {}\n", o.a, o.b);
  fmt::print(
      "{} game{} ({} rules, {:g} ms per turn, {:g} ms for each bot's first), colours "
      "alternating{}{}:\n",
      t.games, t.games == 1 ? "" : "s", o.rules, o.ms, o.first_ms,
      o.openings ? fmt::format("; {} balanced openings of {} moves (seed {}), each played "
                               "with both colours",
                               o.openings, o.opening_plies, o.seed)
                 : std::string(),
      interrupted ? fmt::format(" (interrupted: {} of {} played)", t.games, wanted)
                  : std::string());
  using uttt::GameEnd;
  auto faults = [](const int* by) {
    return fmt::format("late {}, illegal {}, crashed {}", by[static_cast<int>(GameEnd::late)],
                       by[static_cast<int>(GameEnd::illegal)],
                       by[static_cast<int>(GameEnd::crashed)]);
  };
  auto split = [&](const int* by, const char* who) {
    return fmt::format(
        "{} on a line, {} on the tie-break, {} by {}'s faults ({})",
        by[static_cast<int>(GameEnd::line)], by[static_cast<int>(GameEnd::tie_break)],
        by[static_cast<int>(GameEnd::late)] + by[static_cast<int>(GameEnd::illegal)] +
            by[static_cast<int>(GameEnd::crashed)],
        who, faults(by));
  };
  fmt::print("  A: {} wins, {} draws, {} losses; score {:.1f}% (95% interval {:.1f}%-{:.1f}%)\n",
             t.wins, t.draws, t.losses, 100 * t.score(), 100 * s.low, 100 * s.high);
  fmt::print("  Elo difference {} (95% interval {} to {})\n", elo_text(elo),
             elo_text(uttt::elo_of_score(s.low)), elo_text(uttt::elo_of_score(s.high)));
  fmt::print("  A's wins: {}\n", split(t.wins_by, "B"));
  fmt::print("  A's losses: {}\n", split(t.losses_by, "A"));
  fmt::print("  A as X: {} wins in {} games; as O: {} wins in {} games\n", t.wins_as_x,
             t.games_as_x, t.wins - t.wins_as_x, t.games - t.games_as_x);
}

void run_arena(const ArenaOptions& o) {
  const uttt::Rules rules = uttt::parse_rules(o.rules);
  if (o.a.empty() || o.b.empty()) throw InputError("a bot's command is empty");
  if (o.games < 1 || o.games > 1000000) throw InputError("--games must be between 1 and 10^6");
  for (const auto& [v, name] : {std::pair{o.ms, "--ms"}, std::pair{o.first_ms, "--first-ms"}})
    if (!std::isfinite(v) || v <= 0 || v > 3.6e6)
      throw InputError(std::string(name) +
                       " must be a number of milliseconds above 0 and at "
                       "most 3600000");
  if (o.openings < 0 || o.openings > 100000)
    throw InputError("--openings must be between 0 and 100000");
  if (o.opening_plies < 1 || o.opening_plies > 20)
    throw InputError("--opening-plies must be between 1 and 20");
  std::vector<std::vector<uttt::Board::Move>> openings;
  if (o.openings > 0)
    openings = uttt::balanced_openings(
        rules, {.count = o.openings, .plies = o.opening_plies, .seed = o.seed});
  // The log: a file is rewritten whole (atomically) after every game, so that it is always
  // complete up to the last game; a pipe or a terminal gets each line as it comes.
  std::optional<OutputFile> log_through;
  if (!o.log.empty()) {
    if (resolve_output(o.log).kind == OutputKind::write_through)
      log_through.emplace(o.log);
    else
      write_output_file(o.log, "");  // a log that cannot be written: say so before playing
  }

  std::signal(SIGPIPE, SIG_IGN);  // a bot that dies while we write to it is a loss, not our end
  InterruptScope interrupt;
  ProcessContestant a(o.a, interrupt.stop()), b(o.b, interrupt.stop());
  const uttt::TimeControl time{o.ms / 1000, o.first_ms / 1000};
  const bool show = o.progress || ::isatty(STDERR_FILENO);
  uttt::ArenaTally tally;
  std::string log;
  bool interrupted = false;
  for (int i = 0; i < o.games; ++i) {
    // Opening k is game 2k with A as X and game 2k + 1 with B as X.
    const bool a_is_x = i % 2 == 0;
    const auto& opening = openings.empty()
                              ? std::vector<uttt::Board::Move>{}
                              : openings[static_cast<std::size_t>(i / 2) % openings.size()];
    uttt::RefereeGame g;
    try {
      g = a_is_x ? uttt::referee_game(a, b, rules, opening, time)
                 : uttt::referee_game(b, a, rules, opening, time);
    } catch (const Interrupted&) {
      a.finish();
      b.finish();
      interrupted = true;
      break;
    }
    tally.add(g, a_is_x);
    const std::string line = log_line(i, g, a_is_x);
    if (log_through) {
      log_through->write(line);
    } else if (!o.log.empty()) {
      log += line;
      write_output_file(o.log, log);
    }
    if (show) fmt::print(stderr, "{}", line.substr(0, line.find("; moves")) + "\n");
  }
  if (log_through) log_through->commit();
  if (interrupted && tally.games == 0) throw InputError("interrupted before the first game ended");
  print_summary(o, tally, o.games, interrupted);
}

}  // namespace

void install_arena_command(Command uttt) {
  auto o = std::make_shared<ArenaOptions>();
  auto a = uttt.add_subcommand(
      "arena",
      "A referee for two bots of the CodinGame protocol: timed, checked games; wins, draws, "
      "losses, Elo");
  a.add_option("a", o->a, "bot A: a shell command, e.g. 'grundy uttt bot'").required();
  a.add_option("b", o->b, "bot B").required();
  a.add_option("--games", o->games, "games, colours alternating (A is X in odd-numbered games)")
      .default_str("10");
  a.add_option("--rules", o->rules, "codingame, standard or orlin").default_str("codingame");
  a.add_option("--ms", o->ms, "time per turn in milliseconds (a later answer loses)")
      .default_str("100");
  a.add_option("--first-ms", o->first_ms, "time for each bot's first turn").default_str("1000");
  a.add_option("--openings", o->openings,
               "play K balanced openings (imposed as the only valid action), each with both "
               "colours");
  a.add_option("--opening-plies", o->opening_plies, "moves in each opening").default_str("4");
  a.add_option("--seed", o->seed, "seed of the openings").default_str("1");
  a.add_option("--log", o->log, "write one line per game to FILE: result, why, times, moves");
  a.add_flag("--json", o->json, "print JSON");
  a.add_flag("--progress", o->progress, "one line per game on stderr even when not a TTY");
  a.footer(
      "Each bot is started for every game with /bin/sh -c; pin them to cores with taskset. A "
      "bot that answers late, answers a move that is not a valid action, or ends loses the "
      "game.\nExample:\n  grundy uttt arena 'grundy uttt bot' 'grundy uttt bot --ms 50' --games "
      "20 --openings 10");
  a.callback([o] { run_arena(*o); });
}

}  // namespace grundy::cli::uttt_cli
