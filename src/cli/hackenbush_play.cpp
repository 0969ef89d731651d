// grundy hackenbush play FILE | --string TEXT [--moves CUTS] [--side blue|red]
//   [--first me|engine] [--engine E] [--seed S]
// In the terminal: the edges still standing are listed after each cut, the engine's last cut and
// what fell with it marked; type a cut (e3), ? for a hint, undo, resign, new (a new game from
// this position), record, analyze, or q (play_loop.h).
#include <memory>
#include <string>

#include <fmt/core.h>

#include "game_record.h"
#include "grundy/core/error.h"
#include "grundy/core/strength.h"
#include "grundy/core/text.h"
#include "grundy/games/hackenbush/game_review.h"
#include "grundy/games/hackenbush/play.h"
#include "grundy/games/hackenbush/record.h"
#include "hackenbush_cli.h"
#include "play_loop.h"

namespace grundy::cli::hackenbush_cli {
namespace {

constexpr std::size_t kEdgesPerLine = 6;
constexpr std::size_t kEdgesShown = 120;  // a larger picture lists its first edges only

struct PlayOptions {
  PositionOptions position;
  std::string side;
  std::string first = "me";
  StrengthOptions engine;
};

// "blue, green" : the colours of a picture, for the record's "# Game:" line (as the page).
std::string colour_names(const hb::Graph& g) {
  bool has[3] = {false, false, false};
  for (const auto& e : g.edges()) has[static_cast<int>(e.colour)] = true;
  std::string names;
  for (const auto c : {hb::Colour::blue, hb::Colour::green, hb::Colour::red})
    if (has[static_cast<int>(c)])
      names += (names.empty() ? "" : ", ") + std::string(c == hb::Colour::blue    ? "blue"
                                                         : c == hb::Colour::green ? "green"
                                                                                  : "red");
  return names;
}

class Game final : public TerminalGame {
 public:
  Game(const Position& p, hb::Side me, Strength strength, std::uint64_t seed)
      : picture_(p.picture),
        cuts_(p.cuts),
        first_(p.first),
        me_(me),
        strength_(strength),
        rng_(seed) {
    replay();
  }

  bool over() const override { return resigned_ || hb::legal_cuts(now_, to_move()).empty(); }
  bool engine_to_move() const override { return to_move() != me_; }
  void engine_moves() override {
    cut(hb::choose_cut(now_, to_move(), strength_, rng_));
    fmt::print("\n");
    print_board();  // it names the engine's cut
  }
  void print_board() const override;
  std::string prompt() const override { return fmt::format("Your move ({}): ", side_title(me_)); }
  void hint() override;
  bool any_mine() const override { return cuts_.has_move_of(static_cast<int>(me_)); }
  void undo() override {
    cuts_.take_back(static_cast<int>(me_));
    resigned_ = false;
    replay();
  }
  void resign() override { resigned_ = true; }
  std::string restart_here() override {
    if (hb::legal_cuts(now_, to_move()).empty())
      throw InputError(side_title(to_move()) +
                       " has no edge left to cut: there is no game to start from here.");
    cuts_.restart_here();
    resigned_ = false;
    return count_of(cuts_.size(), "cut") + " made";
  }
  std::string record() const override;
  void analyze() override {
    print_review(picture_, hb::review_game(picture_, cuts_.all(), first_), me_);
  }
  std::string result() const override {
    if (resigned_) return "you resigned: the engine wins";
    const hb::Side loser = to_move();
    return fmt::format("{} — {} no edge left to cut", loser == me_ ? "the engine wins" : "you win",
                       loser == me_ ? "you have" : "the engine has");
  }
  void play(std::string_view word) override {
    const auto e = hb::parse_cuts(word, picture_.edge_count()).front();
    hb::Graph next = now_;
    hb::play_cuts(next, {e}, me_);  // InputError: fallen, cut already, or the other side's
    cut(e);
    fmt::print("You cut {}{}.\n", edge_name(picture_, e), fell_text());
    print_board();
  }

 private:
  hb::Side side_of(std::size_t k) const { return k % 2 == 0 ? first_ : hb::other(first_); }
  hb::Side to_move() const { return side_of(cuts_.size()); }
  void cut(std::uint32_t e) {
    const hb::Graph before = now_;
    cuts_.add(e, static_cast<int>(to_move()));
    now_.cut(e);
    fell_.clear();
    const auto live_before = hb::decompose(before).live, live_now = hb::decompose(now_).live;
    for (std::uint32_t i = 0; i < now_.edge_count(); ++i)
      if (i != e && live_before[i] && !live_now[i]) fell_.push_back(i);
  }
  std::string fell_text() const {
    if (fell_.empty()) return "";
    std::string names;
    for (const auto f : fell_) names += (names.empty() ? "" : ", ") + fmt::format("e{}", f);
    return "; " + names + (fell_.size() == 1 ? " falls" : " fall") + " with it";
  }
  void replay() {
    now_ = picture_;
    hb::play_cuts(now_, cuts_.all(), first_);
    fell_.clear();
  }

  hb::Graph picture_;
  MoveLog<std::uint32_t> cuts_;  // players: static_cast<int>(Side)
  hb::Side first_;               // the side that made the first cut of cuts_
  hb::Side me_;
  bool resigned_ = false;
  Strength strength_;
  search::Rng rng_;
  hb::Graph now_;
  std::vector<std::uint32_t> fell_;  // what fell with the last cut
};

std::string Game::record() const {
  std::vector<std::string> names;
  for (const auto e : cuts_.all()) names.push_back(fmt::format("e{}", e));
  std::string outcome = "unfinished";
  if (resigned_)
    outcome =
        fmt::format("{} resigned: {} wins", hb::to_string(me_), hb::to_string(hb::other(me_)));
  else if (over())
    outcome = fmt::format("{} wins: {} has no edge left to cut",
                          hb::to_string(hb::other(to_move())), hb::to_string(to_move()));
  std::vector<std::string> extra = {"First: " + std::string(hb::to_string(first_)),
                                    "You: " + std::string(hb::to_string(me_))};
  for (const auto& e : picture_.edges())
    extra.push_back(fmt::format("edge {} {} {}", picture_.label(e.u), picture_.label(e.v),
                                hb::to_string(e.colour)));
  return game_record(
      {"Hackenbush (" + colour_names(picture_) + ")", std::string(to_string(strength_)),
       fmt::format("you {}, the engine {}", hb::to_string(me_), hb::to_string(hb::other(me_))),
       outcome},
      names, extra);
}

// The engine's last cut (and what fell with it), then the standing edges, a few to a line.
void Game::print_board() const {
  if (cuts_.last_player() == static_cast<int>(hb::other(me_)))
    fmt::print("The engine ({}) cut {}{}.\n", side_title(hb::other(me_)),
               edge_name(picture_, cuts_.all().back()), fell_text());
  const auto live = hb::decompose(now_).live;
  std::vector<std::string> standing;
  std::size_t count = 0;
  for (std::uint32_t i = 0; i < now_.edge_count(); ++i)
    if (live[i] && count++ < kEdgesShown) standing.push_back(edge_name(picture_, i));
  fmt::print("  Standing ({} of {}):\n", count, picture_.edge_count());
  for (std::size_t i = 0; i < standing.size(); i += kEdgesPerLine) {
    std::string line = " ";
    for (std::size_t j = i; j < std::min(standing.size(), i + kEdgesPerLine); ++j)
      line += "  " + standing[j];
    fmt::print("{}\n", line);
  }
  if (count > kEdgesShown) fmt::print("  ... and {} more\n", count - kEdgesShown);
}

void Game::hint() {
  const auto v = hb::evaluate(now_);
  const auto& wins = v.wins[static_cast<int>(me_)];
  fmt::print("Value {} ({}).\n", v.value, hb::to_string(v.kind));
  if (wins.empty()) {
    fmt::print("Hint: no cut wins against perfect play; cut {} and hope for a mistake.\n",
               edge_name(picture_, hb::legal_cuts(now_, me_).front()));
    return;
  }
  std::string more;
  if (wins.size() > 1) more = fmt::format(" ({} winning cuts)", wins.size());
  fmt::print("Hint: cut {}{}.\n", edge_name(picture_, wins.front()), more);
}

void run(const PlayOptions& o) {
  Position p = position(o.position);
  const bool engine_starts = engine_first(o.first);
  const Strength strength = o.engine.strength();
  const hb::Side side = o.side.empty() ? hb::Side::blue : hb::parse_side(o.side, "--side");
  hb::Side me;
  if (p.cuts.empty()) {
    // Nothing played yet: --side picks the user's side, --first who cuts first.
    me = side;
    p.first = p.to_move = engine_starts ? hb::other(me) : me;
  } else {
    // The cuts fix the side to move; --first says whether that is the user.
    me = engine_starts ? hb::other(p.to_move) : p.to_move;
    if (!o.side.empty() && side != me)
      throw InputError(
          fmt::format("--side {}: after the cuts given {} is to move, so --first {} makes you {}",
                      hb::to_string(side), side_title(p.to_move), o.first, hb::to_string(me)));
  }
  if (hb::legal_cuts(p.now, p.to_move).empty())
    throw InputError(side_title(p.to_move) +
                     " has no edge left to cut: the game is over before it starts");
  Game game(p, me, strength, o.engine.seed);
  play_in_terminal(
      game,
      fmt::format("Hackenbush ({}), against the {} engine. You are {} (you may cut {} and "
                  "green edges), {}.\n{}",
                  colour_names(p.picture), to_string(strength), side_title(me), hb::to_string(me),
                  p.to_move == me ? "you cut first" : "the engine cuts first",
                  play_commands("a cut by the edge's name (e3)")));
}

}  // namespace

void install_play(Command hackenbush) {
  auto o = std::make_shared<PlayOptions>();
  auto cmd = hackenbush.add_subcommand(
      "play", "Play against the engine in the terminal (hints, undo, resign, record, analysis)");
  add_position_options(cmd, o->position, false);
  cmd.add_option("--side", o->side,
                 "your side: blue (default; Blue cuts blue and green edges) or red");
  cmd.add_option("--first", o->first, "who cuts first: me (default) or engine");
  add_strength_options(cmd, o->engine);
  cmd.footer(
      "Commands while playing: a cut (e3), ? (hint), undo, resign, new, record, analyze, q.\n"
      "Example:\n  grundy hackenbush play --string 'ee(e;eee)' --engine good\n"
      "  grundy hackenbush play examples/hackenbush/bbrb.txt --side red --first engine\n"
      "  grundy hackenbush play game.txt   (a game record: its picture and cuts)");
  cmd.callback([o, cmd] {
    o->position.file_given = cmd.count("file") > 0;
    run(*o);
  });
}

}  // namespace grundy::cli::hackenbush_cli
