#include "grundy/games/dots/explain.h"

#include <array>

#include <fmt/core.h>

namespace grundy::dots {

std::string chain_boxes(const Board& b, const Coins& g, const Chain& c) {
  std::string out;
  for (std::size_t i = 0; i < c.coins.size(); ++i) {
    if (i) out += '-';
    out += b.box_name(g.box[c.coins[i]]);
  }
  return out;
}

std::string describe_chain(const Board& b, const Coins& g, const Chain& c) {
  const auto end_word = [&](int i) -> std::string {
    switch (c.end[i]) {
      case Chain::End::ground:
        return "the ground";
      case Chain::End::open:
        return "an open end (capturable now)";
      case Chain::End::junction:
        return "junction " + b.box_name(g.box[c.end_coin[i]]);
    }
    return "";
  };
  const int n = c.length();
  if (c.kind == Chain::Kind::loop)
    return fmt::format("a {}loop of {} box{} ({}){}", c.is_long() ? "long " : "", n,
                       n == 1 ? "" : "es", chain_boxes(b, g, c),
                       c.isolated() ? "" : ", hanging from " + end_word(0));
  const std::string joined = c.end[0] == c.end[1] && c.end[0] != Chain::End::junction
                                 ? fmt::format("both ends at {}", end_word(0))
                                 : fmt::format("ends at {} and {}", end_word(0), end_word(1));
  return fmt::format("a {} chain of {} box{} ({}), {}", c.is_long() ? "long" : "short", n,
                     n == 1 ? "" : "es", chain_boxes(b, g, c), joined);
}

std::vector<std::string> explain_strings_and_coins(const DotsState& s) {
  std::vector<std::string> out;
  const Board& b = s.board();
  const int undrawn = b.lines() - s.lines_drawn();
  out.push_back(fmt::format(
      "As strings and coins: each of the {} open boxes is a coin, each of the {} undrawn lines a "
      "string joining two coins, or a coin and the ground at the board's edge. Drawing a line "
      "cuts a string; whoever cuts a coin's last string takes it and moves again.",
      s.boxes_left(), undrawn));
  if (undrawn == 0) return out;
  if (undrawn > 64) {
    out.push_back("(Chains are listed once at most 64 lines are undrawn.)");
    return out;
  }
  const Coins g = Coins::of(s);
  const std::uint64_t all = g.all();
  std::array<std::vector<std::string>, 5> by_degree;
  for (int c = 0; c < g.coin_count; ++c)
    by_degree[g.degree(c, all)].push_back(b.box_name(g.box[c]));
  static constexpr const char* kWhat[5] = {"", "1 string (capturable now)", "2 strings",
                                           "3 strings (junctions)", "4 strings"};
  for (int d = 4; d >= 1; --d)
    if (!by_degree[d].empty()) {
      std::string names;
      for (const auto& n : by_degree[d]) names += (names.empty() ? "" : " ") + n;
      out.push_back(fmt::format("Coins with {}: {}.", kWhat[d], names));
    }
  const auto chains = find_chains(g, all);
  if (chains.empty()) {
    out.push_back("No chains yet: every coin still has 3 or 4 strings.");
    return out;
  }
  out.push_back("Chains and loops (coins with at most 2 strings, in a row):");
  for (const auto& c : chains) out.push_back("  - " + describe_chain(b, g, c));
  return out;
}

}  // namespace grundy::dots
