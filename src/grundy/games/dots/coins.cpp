#include "grundy/games/dots/coins.h"

#include <algorithm>
#include <string>

#include "grundy/core/error.h"
#include "grundy/games/dots/state.h"

namespace grundy::dots {

int Coins::add_coin(int board_box) {
  strings_of.push_back(0);
  box.push_back(board_box);
  return coin_count++;
}

int Coins::add_string(int a, int b, int board_line) {
  const int s = string_count();
  if (s >= 64) throw LimitError("more than 64 strings");
  ends.push_back({a, b});
  line.push_back(board_line);
  if (a != kGround) strings_of[a] |= std::uint64_t{1} << s;
  if (b != kGround && b != a) strings_of[b] |= std::uint64_t{1} << s;
  return s;
}

Coins Coins::of(const DotsState& s) {
  const Board& b = s.board();
  const int undrawn = b.lines() - s.lines_drawn();
  if (undrawn > 64)
    throw LimitError("the exact analysis works on at most 64 undrawn lines; this position has " +
                     std::to_string(undrawn));
  Coins g;
  std::vector<int> coin_of_box(static_cast<std::size_t>(b.boxes()), kGround);
  for (int box = 0; box < b.boxes(); ++box)
    if (s.owner(box) < 0) coin_of_box[box] = g.add_coin(box);
  for (int l = 0; l < b.lines(); ++l) {
    if (s.drawn(l)) continue;
    const auto [x, y] = b.boxes_of(l);
    g.add_string(x < 0 ? kGround : coin_of_box[x], y < 0 ? kGround : coin_of_box[y], l);
  }
  return g;
}

std::uint64_t capturable_coins(const Coins& g, std::uint64_t present) {
  std::uint64_t out = 0;
  for (int c = 0; c < g.coin_count; ++c)
    if (g.degree(c, present) == 1) out |= std::uint64_t{1} << c;
  return out;
}

std::vector<std::uint64_t> components(const Coins& g, std::uint64_t present) {
  std::vector<std::uint64_t> out;
  std::uint64_t left = present;
  while (left) {
    std::uint64_t comp = left & (~left + 1), frontier = comp;
    while (frontier) {
      const int s = std::countr_zero(frontier);
      frontier &= frontier - 1;
      for (int c : g.ends[s])
        if (c != kGround) {
          const std::uint64_t add = g.strings_of[c] & present & ~comp;
          comp |= add;
          frontier |= add;
        }
    }
    out.push_back(comp);
    left &= ~comp;
  }
  return out;
}

std::vector<Chain> find_chains(const Coins& g, std::uint64_t present) {
  std::vector<Chain> chains;
  std::vector<char> seen(static_cast<std::size_t>(g.coin_count), 0);
  const auto in_chain = [&](int c) { return c != kGround && g.degree(c, present) <= 2; };
  for (int start = 0; start < g.coin_count; ++start) {
    const int d = g.degree(start, present);
    if (seen[start] || d == 0 || d > 2) continue;
    // Walk from `start` along each of its strings until the chain ends.
    Chain ch;
    std::array<std::vector<int>, 2> side_coins, side_strings;
    const std::uint64_t own = g.strings_of[start] & present;
    std::array<int, 2> first{std::countr_zero(own), d == 2 ? 63 - std::countl_zero(own) : -1};
    seen[start] = 1;
    bool closed = false;
    for (int dir = 0; dir < 2 && !closed; ++dir) {
      if (first[dir] < 0) {
        ch.end[dir] = Chain::End::open;
        continue;
      }
      int c = start, s = first[dir];
      while (true) {
        side_strings[dir].push_back(s);
        const int next = g.other(s, c);
        if (next == start) {  // back where we began: a loop of coins with two strings each
          closed = true;
          break;
        }
        if (!in_chain(next)) {
          ch.end[dir] = next == kGround ? Chain::End::ground : Chain::End::junction;
          ch.end_coin[dir] = next;
          break;
        }
        seen[next] = 1;
        side_coins[dir].push_back(next);
        const std::uint64_t rest = g.strings_of[next] & present & ~(std::uint64_t{1} << s);
        if (!rest) {  // `next` has this one string: an open end
          ch.end[dir] = Chain::End::open;
          break;
        }
        c = next;
        s = std::countr_zero(rest);
      }
    }
    // Order: side 0 reversed, start, side 1.
    for (auto it = side_coins[0].rbegin(); it != side_coins[0].rend(); ++it)
      ch.coins.push_back(*it);
    for (auto it = side_strings[0].rbegin(); it != side_strings[0].rend(); ++it)
      ch.strings.push_back(*it);
    ch.coins.push_back(start);
    for (int c : side_coins[1]) ch.coins.push_back(c);
    for (int s : side_strings[1]) ch.strings.push_back(s);
    if (closed) {
      ch.kind = Chain::Kind::loop;
      ch.end = {Chain::End::ground, Chain::End::ground};
      ch.end_coin = {kGround, kGround};
    } else if (ch.end[0] == Chain::End::junction && ch.end[1] == Chain::End::junction &&
               ch.end_coin[0] == ch.end_coin[1]) {
      ch.kind = Chain::Kind::loop;  // a loop hanging from one junction
    }
    // Swap so that an open end, if any, comes first (the end to capture from).
    if (ch.end[1] == Chain::End::open && ch.end[0] != Chain::End::open) {
      std::swap(ch.end[0], ch.end[1]);
      std::swap(ch.end_coin[0], ch.end_coin[1]);
      std::reverse(ch.coins.begin(), ch.coins.end());
      std::reverse(ch.strings.begin(), ch.strings.end());
    }
    chains.push_back(std::move(ch));
  }
  return chains;
}

}  // namespace grundy::dots
