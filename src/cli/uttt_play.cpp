// grundy uttt analyze | play | match: the engines at work.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
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
#include "play_loop.h"
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

std::string engine_label(const EngineFlags& f) {
  if (f.engine == "random" || f.engine == "heuristic") return f.engine;
  return f.iterations ? fmt::format("{}, {} iterations a move", f.engine, f.iterations)
                      : fmt::format("{}, {:g} ms a move", f.engine, f.ms);
}

// One game in the terminal: the moves it started from, the moves since, who made each.
class Game final : public TerminalGame {
 public:
  Game(const uttt::Board& start, std::vector<std::string> start_moves, int engine_side,
       const EngineFlags& flags)
      : start_(start),
        moves_(std::move(start_moves)),
        engine_side_(engine_side),
        me_(1 - engine_side),
        flags_(flags),
        options_(engine_options(flags, flags.engine)),
        engine_(uttt::make_player(options_)),
        b_(start) {
    engine_->new_game(options_.seed);
  }

  std::string engine_name() const { return std::string(engine_->name()); }
  bool over() const override { return b_.is_over() || resigned_ >= 0; }
  bool engine_to_move() const override { return b_.to_move() == engine_side_; }
  void engine_moves() override {
    const auto m = engine_->choose(b_);
    fmt::print("\nThe engine ({}) plays {}.\n\n", player_name(engine_side_), uttt::cell_name(m));
    play_move(m, engine_side_);
    print_board();
  }
  void print_board() const override { fmt::print("{}", board_text(b_)); }
  std::string prompt() const override {
    return fmt::format("Your move ({}): ", player_name(b_.to_move()));
  }
  void hint() override {
    auto hint_options = options_;
    hint_options.engine = uttt::Engine::mcts;
    const auto a = uttt::analyze(b_, hint_options);
    fmt::print("Hint: {} (win rate for you {:.0f}%{})\n", uttt::cell_name(a.best), 100 * a.win_rate,
               a.result ? ", proved " + result_word(*a.result) : std::string());
  }
  bool any_mine() const override { return moves_.has_move_of(me_); }
  void undo() override {
    moves_.take_back(me_);
    resigned_ = -1;
    b_ = uttt::play_moves(all_moves(), start_.rules());
    engine_->new_game(options_.seed);
  }
  void resign() override { resigned_ = me_; }
  std::string restart_here() override {
    moves_.restart_here();
    resigned_ = -1;
    engine_->new_game(options_.seed);
    return fmt::format("{} moves played", moves_.size());
  }
  std::string record() const override {
    std::string outcome = "unfinished";
    if (resigned_ >= 0)
      outcome = fmt::format("{} resigned: {} wins", player_name(me_), player_name(engine_side_));
    else if (b_.is_over())
      outcome = b_.winner() < 0 ? "a draw" : fmt::format("{} wins", player_name(b_.winner()));
    return game_record({fmt::format("Ultimate Tic-Tac-Toe, {} rules", uttt::rules_name(b_.rules())),
                        engine_label(flags_),
                        fmt::format("X {}, O {}", me_ == 0 ? "you" : "the engine",
                                    me_ == 1 ? "you" : "the engine"),
                        outcome},
                       moves_.all());
  }
  void analyze() override {
    uttt::ReviewOptions ro;
    ro.iterations = 10000;
    print_game_review(uttt::review_game(all_moves(), start_.rules(), ro));
  }
  std::string_view analysis_words() const override { return "every move's evaluation"; }
  std::string result() const override {
    if (resigned_ >= 0) return "you resigned: the engine wins";
    if (b_.winner() < 0) return "a draw";
    return b_.winner() == engine_side_ ? "the engine wins" : "you win";
  }
  void play(std::string_view word) override {
    const auto m = uttt::parse_cell(word);
    const std::string why = uttt::illegal_reason(b_, m);
    if (!why.empty()) throw InputError(std::string(word) + " is illegal: " + why);
    play_move(m, me_);
    fmt::print("\n");
    print_board();
  }

 private:
  void play_move(uttt::Board::Move m, int player) {
    engine_->observe(b_, m);
    b_.play(m);
    moves_.add(uttt::cell_name(m), player);
  }
  std::string all_moves() const {
    std::string all;
    for (const auto& m : moves_.all()) all += m + " ";
    return all;
  }

  uttt::Board start_;
  MoveLog<std::string> moves_;  // --moves, then the game's
  int engine_side_, me_;
  int resigned_ = -1;
  EngineFlags flags_;
  uttt::EngineOptions options_;
  std::unique_ptr<search::Player<uttt::Board>> engine_;
  uttt::Board b_;
};

void run_play(const PlayOptions& o) {
  const uttt::Board start = position(o.position);
  const bool engine_starts = engine_first(o.first);
  // The engine plays the side to move now when --first engine, the other side otherwise.
  const int engine_side = engine_starts ? start.to_move() : 1 - start.to_move();
  Game game(start, uttt::split_move_list(o.position.moves), engine_side, o.engine);
  play_in_terminal(game, fmt::format("{}. You play {}, the {} engine plays {}.\n{}",
                                     title(start, o.position.moves), player_name(1 - engine_side),
                                     game.engine_name(), player_name(engine_side),
                                     play_commands("a cell (e.g. e5)")));
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
