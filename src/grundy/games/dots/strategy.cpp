#include "grundy/games/dots/strategy.h"

#include <algorithm>
#include <bit>

#include "grundy/core/bits.h"
#include "grundy/games/dots/coins.h"
#include "grundy/games/dots/endgame.h"

namespace grundy::dots {

MoveClasses classify_moves(const DotsState& s) {
  MoveClasses m;
  const Board& b = s.board();
  for (int l = 0; l < b.lines(); ++l) {
    if (s.drawn(l)) continue;
    if (s.completes(l) > 0) {
      m.captures.push_back(l);
      continue;
    }
    bool offers = false;
    for (int box : b.boxes_of(l))
      if (box >= 0 && s.sides(box) == 2) offers = true;
    (offers ? m.sacrifices : m.safe).push_back(l);
  }
  return m;
}

int boxes_offered(const DotsState& s, int line) {
  DotsState t = s;
  t.play(static_cast<DotsState::Move>(line));
  int taken = 0;
  for (bool again = true; again;) {
    again = false;
    for (int l = 0; l < t.board().lines(); ++l)
      if (!t.drawn(l) && t.completes(l) > 0) {
        taken += t.play(static_cast<DotsState::Move>(l)).captured;
        again = true;
      }
  }
  return taken;
}

std::optional<ControlChoice> control_choice(const DotsState& s) {
  if (s.board().lines() - s.lines_drawn() > 64) return std::nullopt;
  const Coins g = Coins::of(s);
  const std::uint64_t all = g.all();
  std::optional<ControlChoice> found;
  int chains_open = 0;
  std::uint64_t counted = 0;
  for (int a = 0; a < g.coin_count; ++a) {
    const std::uint64_t own = g.strings_of[a] & all;
    if (grundy::popcount(own) != 1 || ((counted >> a) & 1)) continue;
    const int sa = std::countr_zero(own);
    const int x = g.other(sa, a);
    if (x == kGround || g.degree(x, all) != 2) return std::nullopt;  // a free capture first
    const int t = std::countr_zero(g.strings_of[x] & all & ~(std::uint64_t{1} << sa));
    const int y = g.other(t, x);
    int handed = 0;
    if (y == kGround || g.degree(y, all) >= 3) {
      handed = 2;
    } else if (g.degree(y, all) == 2) {
      const int u = std::countr_zero(g.strings_of[y] & all & ~(std::uint64_t{1} << t));
      const int z = g.other(u, y);
      if (z != kGround && z != a && g.degree(z, all) == 1) {
        handed = 4;
        counted |= std::uint64_t{1} << z;
      }
    }
    if (handed == 0) return std::nullopt;  // deeper in a chain: take first
    ++chains_open;
    found = ControlChoice{g.line[sa], g.line[t], handed};
  }
  if (chains_open != 1) return std::nullopt;  // none, or take the others first
  return found;
}

int free_capture(const DotsState& s) {
  const auto m = classify_moves(s);
  if (m.captures.empty()) return -1;
  if (s.board().lines() - s.lines_drawn() > 64) return m.captures.front();
  const Coins g = Coins::of(s);
  const std::uint64_t all = g.all();
  for (int a = 0; a < g.coin_count; ++a) {
    const std::uint64_t own = g.strings_of[a] & all;
    if (grundy::popcount(own) != 1) continue;
    const int sa = std::countr_zero(own);
    const int x = g.other(sa, a);
    if (x == kGround || g.degree(x, all) != 2) return g.line[sa];
    const int t = std::countr_zero(g.strings_of[x] & all & ~(std::uint64_t{1} << sa));
    const int y = g.other(t, x);
    if (y == kGround || g.degree(y, all) >= 3) continue;  // a choice: two boxes left
    if (g.degree(y, all) == 1) return g.line[sa];         // three open at both ends: take
    const int u = std::countr_zero(g.strings_of[y] & all & ~(std::uint64_t{1} << t));
    const int z = g.other(u, y);
    if (z != kGround && z != a && g.degree(z, all) == 1) continue;  // a loop's last four
    return g.line[sa];                                              // deeper in a chain
  }
  return -1;
}

Endgame endgame_of(const DotsState& s) {
  Endgame e;
  if (s.board().lines() - s.lines_drawn() > 64 || s.is_over()) return e;
  const Coins g = Coins::of(s);
  const std::uint64_t all = g.all();
  for (int c = 0; c < g.coin_count; ++c)
    if (g.degree(c, all) != 2) return e;
  for (const auto& ch : find_chains(g, all)) {
    if (!ch.isolated()) return e;
    (ch.kind == Chain::Kind::loop ? e.loops : e.chains).push_back(ch.length());
  }
  e.simple = true;
  e.value = simple_endgame_value(e.chains, e.loops);
  return e;
}

bool keep_control(const DotsState& s, const ControlChoice& c, bool* exact) {
  if (exact) *exact = false;
  // The rest, as it will be once this chain is taken whole.
  DotsState rest = s;
  for (bool again = true; again;) {
    again = false;
    for (int l = 0; l < rest.board().lines(); ++l)
      if (!rest.drawn(l) && rest.completes(l) > 0) {
        rest.play(static_cast<DotsState::Move>(l));
        again = true;
      }
  }
  if (rest.is_over()) {
    if (exact) *exact = true;
    return false;
  }
  const Endgame e = endgame_of(rest);
  if (e.simple) {
    if (exact) *exact = true;
    // Taking all: we move first in the rest, worth e.value; declining: the opponent takes
    // `handed_over` and moves first: -(handed + e.value) against handed + e.value.
    return -(c.handed_over + e.value) > c.handed_over + e.value;
  }
  // Rule of thumb: the long chains and loops still to come pay for what is handed over.
  if (rest.board().lines() - rest.lines_drawn() > 64) return true;
  const Coins g = Coins::of(rest);
  int long_boxes = 0, components = 0;
  for (const auto& ch : find_chains(g, g.all()))
    if (ch.is_long()) {
      long_boxes += ch.length();
      components += ch.kind == Chain::Kind::loop ? 2 : 1;
    }
  return long_boxes - 4 * components + 4 > c.handed_over;
}

int best_opening(const DotsState& s) {
  if (s.board().lines() - s.lines_drawn() > 64 || s.is_over()) return -1;
  const Coins g = Coins::of(s);
  const std::uint64_t all = g.all();
  for (int c = 0; c < g.coin_count; ++c)
    if (g.degree(c, all) != 2) return -1;
  const auto chains = find_chains(g, all);
  std::vector<int> lengths_c, lengths_l;
  for (const auto& ch : chains) {
    if (!ch.isolated()) return -1;
    (ch.kind == Chain::Kind::loop ? lengths_l : lengths_c).push_back(ch.length());
  }
  int best = -1, best_value = -(1 << 20);
  for (std::size_t i = 0; i < chains.size(); ++i) {
    const auto& ch = chains[i];
    const bool loop = ch.kind == Chain::Kind::loop;
    auto cs = lengths_c, ls = lengths_l;
    auto& from = loop ? ls : cs;
    from.erase(std::find(from.begin(), from.end(), ch.length()));
    const int rest = simple_endgame_value(cs, ls);
    const int n = ch.length();
    const int opponent = loop     ? std::max(n + rest, n - 8 - rest)
                         : n <= 2 ? n + rest
                                  : std::max(n + rest, n - 4 - rest);
    if (-opponent > best_value) {
      best_value = -opponent;
      // A 2-chain in the middle (the hard-hearted handout); anything else at an end string.
      best = g.line[!loop && n == 2 ? ch.strings[1] : ch.strings[0]];
    }
  }
  return best;
}

}  // namespace grundy::dots
