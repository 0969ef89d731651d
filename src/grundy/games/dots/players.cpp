#include "grundy/games/dots/players.h"

#include <algorithm>
#include <bit>
#include <optional>

#include <fmt/core.h>

#include "grundy/core/error.h"
#include "grundy/games/dots/coins.h"
#include "grundy/games/dots/nimstring.h"
#include "grundy/games/dots/solver.h"
#include "grundy/games/dots/strategy.h"

namespace grundy::dots {
namespace {

// With at most this many undrawn lines and safe lines still to play, control counts exactly.
constexpr int kCountingLines = 20;

int pick(const std::vector<int>& lines, search::Rng& rng) {
  return lines[rng.below(static_cast<std::uint32_t>(lines.size()))];
}

// The sacrifices that give away the fewest boxes.
std::vector<int> smallest_sacrifices(const DotsState& s, const std::vector<int>& sacrifices,
                                     int* offered = nullptr) {
  std::vector<int> best;
  int least = 1 << 20;
  for (int l : sacrifices) {
    const int n = boxes_offered(s, l);
    if (n < least) {
      least = n;
      best.clear();
    }
    if (n == least) best.push_back(l);
  }
  if (offered) *offered = least;
  return best;
}

// Boxes in the long chains and loops of the position (what control is worth, roughly).
int long_chain_boxes(const DotsState& s) {
  if (s.board().lines() - s.lines_drawn() > 64) return 0;
  const Coins g = Coins::of(s);
  int boxes = 0;
  for (const auto& ch : find_chains(g, g.all()))
    if (ch.is_long()) boxes += ch.length();
  return boxes;
}

int greedy_move(const DotsState& s, search::Rng& rng) {
  const auto m = classify_moves(s);
  if (!m.captures.empty()) return m.captures.front();
  if (!m.safe.empty()) return pick(m.safe, rng);
  return pick(smallest_sacrifices(s, m.sacrifices), rng);
}

// Lines after which the opponent loses the fight for control: the Nimstring value of what is
// left (after the opponent's free captures) is 0. Empty if none, or if the position is too big
// to evaluate quickly (then `evaluated` is false).
std::vector<int> control_winning_moves(const DotsState& s, const std::vector<int>& lines,
                                       bool& evaluated, const std::atomic<bool>* stop) {
  evaluated = false;
  std::vector<int> out;
  if (s.board().lines() - s.lines_drawn() > 64) return out;
  const Coins g = Coins::of(s);
  Nimstring nim(g, 60'000, stop);
  try {
    for (int l : lines) {
      int string = -1;
      for (int i = 0; i < g.string_count(); ++i)
        if (g.line[i] == l) string = i;
      if (nim.value(g.all() & ~(std::uint64_t{1} << string)) == NimstringValue{}) out.push_back(l);
    }
    evaluated = true;
  } catch (const LimitError&) {
    out.clear();
  }
  return out;
}

class RandomEngine : public DotsPlayer {
 public:
  explicit RandomEngine(std::uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  DotsState::Move choose(const DotsState& s) override {
    search::MoveList<DotsState::Move, DotsState::kMaxMoves> moves;
    s.legal_moves(moves);
    return moves[rng_.below(static_cast<std::uint32_t>(moves.size()))];
  }
  void new_game(std::uint64_t seed) override { rng_ = search::Rng(seed); }

 private:
  search::Rng rng_;
};

class GreedyEngine : public DotsPlayer {
 public:
  explicit GreedyEngine(std::uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "greedy"; }
  DotsState::Move choose(const DotsState& s) override {
    return static_cast<DotsState::Move>(greedy_move(s, rng_));
  }
  void new_game(std::uint64_t seed) override { rng_ = search::Rng(seed); }

 private:
  search::Rng rng_;
};

class ControlEngine : public DotsPlayer {
 public:
  ControlEngine(std::uint64_t seed, const std::atomic<bool>* stop) : rng_(seed), stop_(stop) {}
  std::string name() const override { return "control"; }
  DotsState::Move choose(const DotsState& s) override {
    return static_cast<DotsState::Move>(control_advice(s, rng_, stop_).line);
  }
  void new_game(std::uint64_t seed) override { rng_ = search::Rng(seed); }

 private:
  search::Rng rng_;
  const std::atomic<bool>* stop_;
};

class PerfectEngine : public DotsPlayer {
 public:
  PerfectEngine(std::uint64_t seed, const EngineOptions& o) : rng_(seed), options_(o) {}
  std::string name() const override { return "perfect"; }
  DotsState::Move choose(const DotsState& s) override {
    SolveOptions so;
    so.seconds = options_.seconds;
    so.threads = 1;
    so.stop = options_.stop;
    if (!table_) table_ = std::make_unique<search::TranspositionTable>(options_.table_bytes);
    so.table = table_.get();
    try {
      const auto r = solve(s, so);
      if (r.complete && !r.best.empty()) return static_cast<DotsState::Move>(pick(r.best, rng_));
    } catch (const LimitError&) {  // too many undrawn lines for the solver: play by strategy
    }
    return static_cast<DotsState::Move>(control_advice(s, rng_, options_.stop).line);
  }
  void new_game(std::uint64_t seed) override { rng_ = search::Rng(seed); }

 private:
  search::Rng rng_;
  EngineOptions options_;
  std::unique_ptr<search::TranspositionTable> table_;  // kept between moves and games
};

}  // namespace

Advice control_advice(const DotsState& s, search::Rng& rng, const std::atomic<bool>* stop) {
  const Board& b = s.board();
  const auto m = classify_moves(s);
  // A strong player counts once few lines are left; so does this one, exactly — where the
  // classical rules below are not exact already.
  const auto count = [&]() -> std::optional<Advice> {
    if (b.lines() - s.lines_drawn() > kCountingLines) return std::nullopt;
    thread_local search::TranspositionTable table(std::size_t{16} << 20);
    SolveOptions so;
    so.table = &table;
    so.seconds = 1;
    so.threads = 1;
    so.stop = stop;
    const auto r = solve(s, so);
    if (!r.complete || r.best.empty()) return std::nullopt;
    return Advice{pick(r.best, rng), fmt::format("counted to the end: this line keeps a margin "
                                                 "of {} in the boxes still to play",
                                                 r.value)};
  };
  if (!m.captures.empty()) {
    if (const int free = free_capture(s); free >= 0)
      return {free, "take the box: it costs nothing"};
    if (const auto c = control_choice(s)) {
      bool exact = false;
      const bool keep = keep_control(s, *c, &exact);
      if (!exact)
        if (const auto counted = count()) return *counted;
      if (keep)
        return {c->double_deal,
                fmt::format("keep control: decline the last {} boxes with {} (double-dealing), so "
                            "that the opponent must open the next chain",
                            c->handed_over, b.line_name(c->double_deal))};
      return {c->take, "take the boxes: keeping control here would cost more than it brings"};
    }
    return {m.captures.front(), "take the box: it costs nothing"};
  }
  if (const int open = best_opening(s); open >= 0)
    return {open, "only chains and loops are left: open the one that costs least overall"};
  if (const auto counted = count()) return *counted;
  if (!m.safe.empty()) {
    bool evaluated = false;
    const auto winning = control_winning_moves(s, m.safe, evaluated, stop);
    if (!winning.empty())
      return {pick(winning, rng),
              "a safe line that wins the fight for control (the Nimstring value left is 0)"};
    if (evaluated) {
      // Losing the fight with safe lines: a small sacrifice may win it back (Nimstring counts
      // short chains given away as ordinary moves).
      int offered = 0;
      const auto small = smallest_sacrifices(s, m.sacrifices, &offered);
      bool small_evaluated = false;
      const auto regain = control_winning_moves(s, small, small_evaluated, stop);
      if (!regain.empty() && offered <= 2 && long_chain_boxes(s) > 2 * offered + 2)
        return {pick(regain, rng),
                fmt::format("sacrifice {} box{} to win back control: the long chains to come are "
                            "worth more",
                            offered, offered == 1 ? "" : "es")};
    }
    // Long chain rule: the first player wants dots + long chains even.
    if (!evaluated && b.lines() - s.lines_drawn() <= 64) {
      std::vector<int> good;
      for (int l : m.safe) {
        DotsState t = s;
        t.play(static_cast<DotsState::Move>(l));
        const Coins g = Coins::of(t);
        int long_chains = 0;
        for (const auto& ch : find_chains(g, g.all()))
          if (ch.kind == Chain::Kind::chain && ch.is_long()) ++long_chains;
        if (((b.dots() + long_chains) % 2 == 0) == (s.to_move() == 0)) good.push_back(l);
      }
      if (!good.empty())
        return {pick(good, rng), "a safe line that makes the long chain rule favour us"};
    }
    return {pick(m.safe, rng), "a safe line (it gives nothing away)"};
  }
  int offered = 0;
  const auto smallest = smallest_sacrifices(s, m.sacrifices, &offered);
  // Prefer handing over boxes without a choice: a 2-chain opened in the middle.
  return {pick(smallest, rng),
          fmt::format("every line gives boxes away: give the fewest ({})", offered)};
}

std::unique_ptr<DotsPlayer> make_engine(std::string_view name, std::uint64_t seed,
                                        const EngineOptions& options) {
  if (name == "random") return std::make_unique<RandomEngine>(seed);
  if (name == "greedy") return std::make_unique<GreedyEngine>(seed);
  if (name == "control") return std::make_unique<ControlEngine>(seed, options.stop);
  if (name == "perfect") return std::make_unique<PerfectEngine>(seed, options);
  throw InputError("unknown engine '" + std::string(name) +
                   "'; choose random, greedy, control or perfect");
}

}  // namespace grundy::dots
