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

// With at most this many undrawn lines, and at least kOpeningLines drawn, control counts
// exactly, within a node budget (a 4x4 position of 24 undrawn lines takes at most ~5·10^4
// nodes; 3x3, 24 lines in all, is counted from its fifth line, as before, in up to ~10^6).
constexpr int kCountingLines = 24;
constexpr int kOpeningLines = 4;
constexpr std::uint64_t kCountingNodes = 2'000'000;
// A sacrifice to win the fight for control is made while at least this many boxes beyond twice
// the price are still to be played for.
constexpr int kControlWorth = 4;

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

int greedy_move(const DotsState& s, search::Rng& rng) {
  const auto m = classify_moves(s);
  if (!m.captures.empty()) return m.captures.front();
  if (!m.safe.empty()) return pick(m.safe, rng);
  return pick(smallest_sacrifices(s, m.sacrifices), rng);
}

// The fight for control seen through Nimstring: for each candidate line, whether the opponent
// is left a Nimstring loss (value 0 once they have made their free captures). `evaluated` is
// false when the position is too big to evaluate within the budget.
class ControlFight {
 public:
  ControlFight(const DotsState& s, const std::atomic<bool>* stop)
      : fits_(s.board().lines() - s.lines_drawn() <= kFightLines &&
              s.lines_drawn() >= kOpeningLines) {
    if (!fits_) return;
    g_ = Coins::of(s);
    nim_.emplace(g_, kNimstringPositions, stop);
    string_of_.assign(static_cast<std::size_t>(s.board().lines()), -1);
    for (int i = 0; i < g_.string_count(); ++i)
      string_of_[static_cast<std::size_t>(g_.line[i])] = i;
  }

  // The lines of `lines` after which the opponent loses the fight; nullopt if not evaluated.
  std::optional<std::vector<int>> winning(const std::vector<int>& lines) {
    if (!fits_) return std::nullopt;
    std::vector<int> out;
    try {
      for (int l : lines)
        if (nim_->value(without(g_.all(), l)) == NimstringValue{}) out.push_back(l);
    } catch (const LimitError&) {
      return std::nullopt;
    }
    return out;
  }

  // Losing the fight with every safe line: the safe lines that leave the opponent the most
  // chances to go wrong — the largest share of their safe replies after which the fight is ours
  // again (a player who does not count, like greedy, picks among them blindly). nullopt if not
  // evaluated.
  std::optional<std::vector<int>> hardest_for_opponent(const std::vector<int>& safe) {
    if (!fits_) return std::nullopt;
    std::vector<int> best;
    double best_share = -1;
    try {
      for (int l : safe) {
        const std::uint64_t after = without(g_.all(), l);
        int replies = 0, wrong = 0;
        for (std::uint64_t rest = after; rest; rest &= rest - 1) {
          const int r = std::countr_zero(rest);
          if (!safe_string(after, r)) continue;
          ++replies;
          if (nim_->value(after & ~(std::uint64_t{1} << r)) != NimstringValue{}) ++wrong;
        }
        const double share = replies ? static_cast<double>(wrong) / replies : 0.0;
        if (share > best_share + 1e-9) {
          best_share = share;
          best.clear();
        }
        if (share > best_share - 1e-9) best.push_back(l);
      }
    } catch (const LimitError&) {
      return std::nullopt;
    }
    return best;
  }

 private:
  // Nimstring is tried from this many undrawn lines down (and not in the first kOpeningLines
  // moves), within this many positions: on 4x4 it evaluates nearly always at 28 lines and
  // rarely above; a failed try costs about a second (as on 3x3 before its fifth line).
  static constexpr int kFightLines = 28;
  static constexpr std::size_t kNimstringPositions = 200'000;

  std::uint64_t without(std::uint64_t present, int line) const {
    return present & ~(std::uint64_t{1} << string_of_[static_cast<std::size_t>(line)]);
  }
  // Cutting string r gives no coin its last-but-one string (no box its third side).
  bool safe_string(std::uint64_t present, int r) const {
    for (int c : g_.ends[static_cast<std::size_t>(r)])
      if (c != kGround && g_.degree(c, present) <= 2) return false;
    return true;
  }

  bool fits_;
  Coins g_;
  std::optional<Nimstring> nim_;
  std::vector<int> string_of_;
};

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
    // One table a board (of at most 64 lines: beyond, the solver keys positions afresh each
    // time and takes its own), compact: keys below 2^lines, values within the boxes.
    const Board& b = s.board();
    if (b.lines() <= 64 && (!table_ || table_rows_ != b.rows() || table_cols_ != b.cols())) {
      table_.reset();  // the old one's memory first
      table_ =
          std::make_unique<search::TranspositionTable>(options_.table_bytes, b.lines(), b.boxes());
      table_rows_ = b.rows();
      table_cols_ = b.cols();
    }
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
  int table_rows_ = 0, table_cols_ = 0;                // ... of this board
};

}  // namespace

Advice control_advice(const DotsState& s, search::Rng& rng, const std::atomic<bool>* stop) {
  const Board& b = s.board();
  const auto m = classify_moves(s);
  // A strong player counts once few lines are left; so does this one, exactly — where the
  // classical rules below are not exact already.
  const auto count = [&]() -> std::optional<Advice> {
    if (b.lines() - s.lines_drawn() > kCountingLines || s.lines_drawn() < kOpeningLines)
      return std::nullopt;
    thread_local search::TranspositionTable table(std::size_t{16} << 20);
    SolveOptions so;
    so.table = &table;
    so.seconds = 1;
    so.max_nodes = kCountingNodes;
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
  ControlFight fight(s, stop);
  // Sacrifices of one or two boxes that win the fight for control, fewest boxes first
  // (Nimstring counts a short chain given away as an ordinary move; the boxes are the price).
  const auto regain = [&]() -> std::optional<Advice> {
    for (int price = 1; price <= 2; ++price) {
      std::vector<int> cost;
      for (int l : m.sacrifices)
        if (boxes_offered(s, l) == price) cost.push_back(l);
      const auto won = fight.winning(cost);
      if (!won) return std::nullopt;
      if (!won->empty() && s.boxes_left() - price >= 2 * price + kControlWorth)
        return Advice{pick(*won, rng),
                      fmt::format("sacrifice {} box{} to win the fight for control: the boxes to "
                                  "come are worth more",
                                  price, price == 1 ? "" : "es")};
    }
    return std::nullopt;
  };
  if (!m.safe.empty()) {
    const auto winning = fight.winning(m.safe);
    if (winning && !winning->empty())
      return {pick(*winning, rng),
              "a safe line that wins the fight for control (the Nimstring value left is 0)"};
    if (winning) {
      if (const auto r = regain()) return *r;
      if (const auto hard = fight.hardest_for_opponent(m.safe); hard && !hard->empty())
        return {pick(*hard, rng),
                "the fight for control is lost with every safe line: the one that leaves the "
                "opponent the most ways to go wrong"};
    } else if (b.lines() - s.lines_drawn() <= 64) {
      // Long chain rule: the first player wants dots + long chains even.
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
        return {pick(good, rng),
                "a safe line that makes the long chain rule favour the player to move"};
    }
    return {pick(m.safe, rng), "a safe line (it gives nothing away)"};
  }
  if (const auto r = regain()) return *r;
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
