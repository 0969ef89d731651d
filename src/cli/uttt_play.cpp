// grundy uttt analyze | play | match: the engines at work.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>

#include <fmt/core.h>

#include "game_record.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/games/uttt/game_review.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/players.h"
#include "grundy/search/match.h"
#include "io.h"
#include "report/uttt.h"
#include "uttt_cli.h"

namespace grundy::cli::uttt_cli {
namespace {

// The ranges of the engine options (the web app's budget bounds them further).
constexpr double kMaxMs = 3'600'000;                        // an hour per move
constexpr std::uint64_t kMaxIterations = 1'000'000'000;     // about 20 minutes of MCTS per move
constexpr std::uint64_t kMaxSeed = ~std::uint64_t{0} >> 1;  // as for every --seed

// Engine options as the command line gives them.
struct EngineFlags {
  std::string engine = "mcts";
  double ms = 1000;
  std::uint64_t iterations = 0;
  int threads = 1;
  std::uint64_t seed = 1;
};

void add_engine_flags(Command cmd, EngineFlags& f, double default_ms, bool with_engine = true) {
  f.ms = default_ms;
  if (with_engine)
    cmd.add_option("--engine", f.engine, "random, heuristic, mcts, alphabeta or net")
        .default_str("mcts");
  cmd.add_number("--ms", f.ms, 1, kMaxMs, "thinking time per move in milliseconds")
      .default_str(fmt::format("{:g}", default_ms));
  cmd.add_number("--iterations", f.iterations, 1, kMaxIterations,
                 "a fixed budget instead of time: playouts (mcts) or nodes (alphabeta); "
                 "reproducible with --threads 1");
  cmd.add_number("--threads", f.threads, 1, 64,
                 "threads (mcts: one tree each; alphabeta: Lazy SMP)")
      .default_str("1");
  cmd.add_number("--seed", f.seed, 0, kMaxSeed, "random seed").default_str("1");
}

uttt::EngineOptions engine_options(const EngineFlags& f, const std::string& engine) {
  uttt::EngineOptions o;
  o.engine = uttt::parse_engine(engine);
  o.seconds = f.iterations ? 0 : f.ms / 1000.0;
  o.iterations = f.iterations;
  o.threads = f.threads;
  o.seed = f.seed;
  return o;
}

std::string result_word(int r) {
  return r > 0 ? "win" : r < 0 ? "loss" : "draw";
}

std::string title(const uttt::Board& b, const std::string& moves) {
  const auto tokens = uttt::split_move_list(moves);
  std::string t = fmt::format("Ultimate Tic-Tac-Toe, {} rules, ", uttt::rules_name(b.rules()));
  if (tokens.empty()) return t + "the empty board";
  std::vector<uttt::Board::Move> ms;
  for (const auto& x : tokens) ms.push_back(uttt::parse_cell(x));
  return t + fmt::format("after {}", uttt::format_moves(ms));
}

// ---------------------------------------------------------------------------------- analyze

struct AnalyzeOptions {
  PositionOptions position;
  EngineFlags engine;
  bool json = false;
};

void run_analyze(const AnalyzeOptions& o) {
  const uttt::Board b = position(o.position);
  if (b.is_over()) throw InputError(report::uttt_nothing_to_analyse(b));
  const auto a = uttt::analyze(b, engine_options(o.engine, o.engine.engine));
  if (o.json) return print_json(report::uttt_analysis_json(a));
  const char* work = a.engine == "mcts" ? "playouts" : a.engine == "net" ? "expansions" : "nodes";
  fmt::print("{}; {} to move.\n", title(b, o.position.moves), player_name(a.to_move));
  fmt::print("Best move: {} ({}, {} {} in {:.2f} s)\n", uttt::cell_name(a.best), a.engine, a.work,
             work, a.seconds);
  if (a.result)
    fmt::print("Proved: {} {}.\n", player_name(a.to_move),
               *a.result > 0   ? "wins"
               : *a.result < 0 ? "loses whatever it does"
                               : "draws with best play");
  else
    fmt::print("Win rate for {}: {:.1f}% (a draw counts half)\n", player_name(a.to_move),
               100 * a.win_rate);
  std::string line;
  for (auto m : a.principal_variation) line += (line.empty() ? "" : " ") + uttt::cell_name(m);
  fmt::print("Principal variation: {}\n", line);
}

// ------------------------------------------------------------------------------------- play

struct PlayOptions {
  PositionOptions position;
  EngineFlags engine;
  std::string first = "me";
};

const char* const kPlayCommands =
    "Type a cell (e.g. e5), '?' for a hint, undo, resign, new (a new game from this position), "
    "record, analyze, or quit.";

std::string engine_label(const EngineFlags& f) {
  if (f.engine == "random" || f.engine == "heuristic") return f.engine;
  return f.iterations ? fmt::format("{}, {} iterations a move", f.engine, f.iterations)
                      : fmt::format("{}, {:g} ms a move", f.engine, f.ms);
}

void run_play(const PlayOptions& o) {
  const uttt::Board start = position(o.position);
  if (o.first != "me" && o.first != "engine") throw InputError("--first must be 'me' or 'engine'");
  const auto options = engine_options(o.engine, o.engine.engine);
  auto engine = uttt::make_player(options);
  engine->new_game(options.seed);
  // The engine plays the side to move now when --first engine, the other side otherwise.
  const int engine_side = o.first == "engine" ? start.to_move() : 1 - start.to_move();
  const int me = 1 - engine_side;
  auto hint_options = options;
  hint_options.engine = uttt::Engine::mcts;
  std::vector<std::string> start_moves = uttt::split_move_list(o.position.moves), moves;
  std::vector<int> players;  // who played each of `moves`
  int resigned = -1;
  const auto replay = [&] {
    std::string all;
    for (const auto& m : start_moves) all += m + " ";
    for (const auto& m : moves) all += m + " ";
    return uttt::play_moves(all, start.rules());
  };
  uttt::Board b = start;
  const auto result = [&] {
    if (resigned >= 0) return std::string("you resigned: the engine wins");
    if (b.winner() < 0) return std::string("a draw");
    return std::string(b.winner() == engine_side ? "the engine wins" : "you win");
  };
  const auto record = [&] {
    std::vector<std::string> all = start_moves;
    all.insert(all.end(), moves.begin(), moves.end());
    std::string outcome = "unfinished";
    if (resigned >= 0)
      outcome = fmt::format("{} resigned: {} wins", player_name(me), player_name(engine_side));
    else if (b.is_over())
      outcome = b.winner() < 0 ? "a draw" : fmt::format("{} wins", player_name(b.winner()));
    return game_record(
        {fmt::format("Ultimate Tic-Tac-Toe, {} rules", uttt::rules_name(b.rules())),
         engine_label(o.engine),
         fmt::format("X {}, O {}", me == 0 ? "you" : "the engine", me == 1 ? "you" : "the engine"),
         outcome},
        all);
  };
  fmt::print("{}. You play {}, the {} engine plays {}.\n{}\n\n", title(b, o.position.moves),
             player_name(me), engine->name(), player_name(engine_side), kPlayCommands);
  bool announced = false, show = true;
  while (true) {
    const bool over = b.is_over() || resigned >= 0;
    if (show) fmt::print("{}", board_text(b));
    show = false;
    if (over && !announced) {
      announced = true;
      fmt::print(
          "Game over: {}.\nType record for the game record, analyze for every move's "
          "evaluation, undo, new, or quit.\n",
          result());
    }
    if (!over && b.to_move() == engine_side) {
      const auto m = engine->choose(b);
      fmt::print("\nThe engine ({}) plays {}.\n\n", player_name(engine_side), uttt::cell_name(m));
      engine->observe(b, m);
      b.play(m);
      moves.push_back(uttt::cell_name(m));
      players.push_back(engine_side);
      show = true;
      continue;
    }
    if (over)
      fmt::print("> ");
    else
      fmt::print("Your move ({}): ", player_name(b.to_move()));
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) {
      fmt::print("\n");
      return;
    }
    const auto tokens = uttt::split_move_list(line.substr(0, line.find('#')));
    if (tokens.empty()) continue;
    const std::string& word = tokens[0];
    if (word == "quit" || word == "q") return;
    if (word == "?" || word == "hint") {
      if (over) {
        fmt::print("The game is over: no hints. Type analyze to see every move's evaluation.\n");
        continue;
      }
      const auto a = uttt::analyze(b, hint_options);
      fmt::print("Hint: {} (win rate for you {:.0f}%{})\n", uttt::cell_name(a.best),
                 100 * a.win_rate, a.result ? ", proved " + result_word(*a.result) : std::string());
    } else if (word == "undo") {
      if (std::find(players.begin(), players.end(), me) == players.end()) {
        fmt::print("Nothing of yours to take back.\n");
        continue;
      }
      while (!moves.empty()) {
        const int p = players.back();
        moves.pop_back();
        players.pop_back();
        if (p == me) break;
      }
      resigned = -1;
      announced = false;
      b = replay();
      engine->new_game(options.seed);
      fmt::print("Taken back.\n");
      show = true;
    } else if (word == "resign") {
      if (over) {
        fmt::print("The game is over.\n");
        continue;
      }
      resigned = me;
    } else if (word == "new") {
      start_moves.insert(start_moves.end(), moves.begin(), moves.end());
      moves.clear();
      players.clear();
      resigned = -1;
      announced = false;
      engine->new_game(options.seed);
      fmt::print("A new game from this position ({} moves played).\n", start_moves.size());
      show = true;
    } else if (word == "record") {
      fmt::print("{}", record());
    } else if (word == "analyze" || word == "analyse") {
      std::string all;
      for (const auto& m : start_moves) all += m + " ";
      for (const auto& m : moves) all += m + " ";
      uttt::ReviewOptions ro;
      ro.iterations = 10000;
      print_game_review(uttt::review_game(all, start.rules(), ro));
    } else if (over) {
      fmt::print("The game is over: type record, analyze, undo, new or quit.\n");
    } else {
      uttt::Board::Move m;
      try {
        m = uttt::parse_cell(word);
      } catch (const InputError& e) {
        fmt::print("{}\n", e.what());
        continue;
      }
      const std::string why = uttt::illegal_reason(b, m);
      if (!why.empty()) {
        fmt::print("{} is illegal: {}\n", word, why);
        continue;
      }
      engine->observe(b, m);
      b.play(m);
      moves.push_back(uttt::cell_name(m));
      players.push_back(me);
      fmt::print("\n");
      show = true;
    }
  }
}

// ------------------------------------------------------------------------------------ match

struct MatchOptions {
  PositionOptions position;
  EngineFlags engine;
  double ms_b = -1;  // engine B's budget when it differs from A's
  std::uint64_t iterations_b = 0;
  std::string a, b;
  int games = 10;
  bool json = false;
  bool progress = false;
};

void run_match(const MatchOptions& o) {
  const uttt::Board start = position(o.position);
  if (start.is_over()) throw InputError("the game is over: there is nothing to play");
  auto oa = engine_options(o.engine, o.a);
  EngineFlags flags_b = o.engine;
  if (o.ms_b >= 0 || o.iterations_b) {
    flags_b.ms = o.ms_b >= 0 ? o.ms_b : o.engine.ms;
    flags_b.iterations = o.iterations_b;
  }
  auto ob = engine_options(flags_b, o.b);
  ob.seed = oa.seed + 1;
  auto pa = uttt::make_player(oa);
  auto pb = uttt::make_player(ob);
  const bool show = o.progress || ::isatty(STDERR_FILENO);
  int played = 0;
  const auto r = search::play_match<uttt::Board>(
      *pa, *pb, start, o.games, o.engine.seed, uttt::kCells, [&](const search::GameRecord& g) {
        ++played;
        if (show)
          fmt::print(stderr, "game {}/{}: {} ({}) {} in {} moves\n", played, o.games, o.a,
                     g.a_first ? "X" : "O",
                     g.a_margin > 0   ? "wins"
                     : g.a_margin < 0 ? "loses"
                                      : "draws",
                     g.plies);
      });
  const auto score = r.score_interval();
  const auto wins = r.win_interval();
  auto budget_of = [](const EngineFlags& f) {
    return f.iterations ? fmt::format("{} iterations per move", f.iterations)
                        : fmt::format("{:g} ms per move", f.ms);
  };
  std::string budget = budget_of(o.engine);
  if (budget_of(flags_b) != budget) budget = fmt::format("A {}, B {}", budget, budget_of(flags_b));
  if (o.json) {
    print_json({{"a", o.a},
                {"b", o.b},
                {"rules", uttt::rules_name(start.rules())},
                {"games", r.games},
                {"wins", r.wins},
                {"draws", r.draws},
                {"losses", r.losses},
                {"wins_as_x", r.wins_first},
                {"games_as_x", r.games_first},
                {"score", r.score()},
                {"score_interval", {score.low, score.high}},
                {"win_interval", {wins.low, wins.high}},
                {"budget", budget},
                {"seed", o.engine.seed}});
    return;
  }
  fmt::print("{} against {}, {} game{} ({} rules, {}, seed {}), colours alternating:\n", o.a, o.b,
             r.games, r.games == 1 ? "" : "s", uttt::rules_name(start.rules()), budget,
             o.engine.seed);
  fmt::print("  {}: {} wins, {} draws, {} losses; score {:.1f}% (95% interval {:.1f}%-{:.1f}%)\n",
             o.a, r.wins, r.draws, r.losses, 100 * r.score(), 100 * score.low, 100 * score.high);
  fmt::print("  {} wins {:.1f}% of the games (95% interval {:.1f}%-{:.1f}%); {} of {} as X\n", o.a,
             100.0 * r.wins / r.games, 100 * wins.low, 100 * wins.high, r.wins_first,
             r.games_first);
}

}  // namespace

void install_play_commands(Command uttt) {
  auto analyze = std::make_shared<AnalyzeOptions>();
  auto a = uttt.add_subcommand(
      "analyze", "Best move, win rate, principal variation (and the result when proved)");
  add_position_options(a, analyze->position);
  add_engine_flags(a, analyze->engine, 1000);
  a.add_flag("--json", analyze->json,
             "print JSON: to_move, best, result (if proved), win_rate, principal_variation");
  a.footer(
      "Example:\n  grundy uttt analyze --moves 'e5 e4' --ms 500\n  grundy uttt analyze "
      "--moves 'e5' --iterations 20000 --json");
  a.callback([analyze] { run_analyze(*analyze); });

  auto play = std::make_shared<PlayOptions>();
  auto p = uttt.add_subcommand(
      "play", "Play against an engine in the terminal (hints, undo, resign, record, analysis)");
  add_position_options(p, play->position);
  add_engine_flags(p, play->engine, 1000);
  p.add_option("--first", play->first, "who moves first from the position: me or engine")
      .default_str("me");
  p.footer(
      "Commands while playing: a cell (e5), ? (hint), undo, resign, new, record, analyze, quit.\n"
      "Example:\n  grundy uttt play --engine mcts --ms 500 --first engine\n"
      "  grundy uttt play --moves \"$(cat game.txt)\"");
  p.callback([play] { run_play(*play); });

  auto match = std::make_shared<MatchOptions>();
  auto m = uttt.add_subcommand("match",
                               "Engine A against engine B: wins, draws, losses with 95% intervals");
  m.add_option("a", match->a, "engine A: random, heuristic, mcts, alphabeta or net").required();
  m.add_option("b", match->b, "engine B").required();
  m.add_number("--games", match->games, 1, 1'000'000,
               "games, colours alternating (A is X in even games)")
      .default_str("10");
  add_position_options(m, match->position);
  add_engine_flags(m, match->engine, 100, false);
  m.add_number("--ms-b", match->ms_b, 1, kMaxMs,
               "engine B's time per move, when it differs from A's");
  m.add_number("--iterations-b", match->iterations_b, 1, kMaxIterations,
               "engine B's iterations or nodes per move, when they differ from A's");
  m.add_flag("--json", match->json, "print JSON");
  m.add_flag("--progress", match->progress, "one line per game on stderr even when not a TTY");
  m.footer(
      "Example:\n  grundy uttt match mcts heuristic --games 200 --ms 100\n  grundy uttt match mcts "
      "mcts --games 100 --ms 1000 --ms-b 100");
  m.callback([match] { run_match(*match); });
}

}  // namespace grundy::cli::uttt_cli
