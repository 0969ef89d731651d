#include "grundy/games/dots/solver_graph.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "grundy/core/bits.h"
#include "grundy/core/error.h"
#include "grundy/games/dots/coins.h"
#include "grundy/games/dots/state.h"

namespace grundy::dots {
namespace {

// The line joining two dots, or -1.
int line_between(const Board& b, Board::Dot p, Board::Dot q) {
  const std::string name =
      b.column_name(p.x) + std::to_string(p.y + 1) + b.column_name(q.x) + std::to_string(q.y + 1);
  return b.find_line(name);
}

// Permutations of the board's lines under its symmetries (the identity excluded).
std::vector<std::vector<int>> line_symmetries(const Board& b) {
  std::vector<std::vector<int>> out;
  const int R = b.rows(), C = b.cols();
  for (int t = 1; t < (R == C ? 8 : 4); ++t) {
    const bool flip_x = t & 1, flip_y = t & 2, transpose = t & 4;
    std::vector<int> perm(static_cast<std::size_t>(b.lines()));
    for (int l = 0; l < b.lines(); ++l) {
      auto ends = b.endpoints(l);
      for (auto& d : ends) {
        if (flip_x) d.x = C - d.x;
        if (flip_y) d.y = R - d.y;
        if (transpose) std::swap(d.x, d.y);
      }
      perm[l] = line_between(b, ends[0], ends[1]);
    }
    out.push_back(std::move(perm));
  }
  return out;
}

}  // namespace

SolverGraph SolverGraph::of(const DotsState& s, bool use_symmetry, bool compact) {
  const Board& b = s.board();
  SolverGraph g;
  std::vector<int> lines;  // string -> line
  if (b.lines() <= 64 && !compact) {
    for (int l = 0; l < b.lines(); ++l) lines.push_back(l);
  } else {
    for (int l = 0; l < b.lines(); ++l)
      if (!s.drawn(l)) lines.push_back(l);
    if (lines.size() > 64)
      throw LimitError("the exact solver works on at most 64 undrawn lines; this position has " +
                       std::to_string(lines.size()));
    use_symmetry = false;
  }
  g.strings = static_cast<int>(lines.size());
  std::vector<int> coin_of_box(static_cast<std::size_t>(b.boxes()), -1);
  for (int box = 0; box < b.boxes(); ++box)
    if (b.lines() <= 64 && !compact ? true : s.owner(box) < 0) coin_of_box[box] = g.coins++;
  for (int i = 0; i < g.strings; ++i) {
    const int l = lines[i];
    g.line[i] = l;
    const auto [x, y] = b.boxes_of(l);
    g.ends[i] = {static_cast<std::int8_t>(x < 0 ? -1 : coin_of_box[x]),
                 static_cast<std::int8_t>(y < 0 ? -1 : coin_of_box[y])};
    for (auto c : g.ends[i])
      if (c >= 0) g.coin_strings[c] |= std::uint64_t{1} << i;
  }
  // Centre-out: by the distance of a line's midpoint from the board's centre.
  std::vector<int> order(static_cast<std::size_t>(g.strings));
  std::iota(order.begin(), order.end(), 0);
  const auto distance = [&](int i) {
    const auto [p, q] = b.endpoints(g.line[i]);
    const double mx = (p.x + q.x) / 2.0 - b.cols() / 2.0, my = (p.y + q.y) / 2.0 - b.rows() / 2.0;
    return mx * mx + my * my;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](int i, int j) { return distance(i) < distance(j); });
  for (int k = 0; k < g.strings; ++k) {
    g.centre_order[k] = static_cast<std::uint8_t>(order[k]);
    g.centre_rank[order[k]] = static_cast<std::uint8_t>(k);
  }
  // Parallel strings: a coin's strings to the ground.
  for (int c = 0; c < g.coins; ++c) {
    std::uint64_t mask = 0;
    for (int i = 0; i < g.strings; ++i)
      if ((g.ends[i][0] == c && g.ends[i][1] < 0) || (g.ends[i][1] == c && g.ends[i][0] < 0))
        mask |= std::uint64_t{1} << i;
    if (grundy::popcount(mask) < 2) continue;
    Parallel p{mask, {}};
    std::uint64_t acc = 0, rest = mask;
    for (int k = 1; k <= grundy::popcount(mask); ++k) {
      acc |= rest & (~rest + 1);
      rest &= rest - 1;
      p.lowest[k] = acc;
    }
    g.parallel.push_back(p);
    if (grundy::popcount(mask) > 2) {
      g.wide.push_back(p);
      continue;
    }
    const int lo = std::countr_zero(mask), shift = 63 - std::countl_zero(mask) - lo;
    int k = 0;
    while (k < g.pair_group_count && g.pair_groups[k].shift != shift) ++k;
    if (k == static_cast<int>(g.pair_groups.size())) {  // more shifts than groups: the loop
      g.wide.push_back(p);
      continue;
    }
    if (k == g.pair_group_count) g.pair_groups[g.pair_group_count++].shift = shift;
    g.pair_groups[k].low |= std::uint64_t{1} << lo;
    g.pair_keep &= ~mask;
  }
  if (use_symmetry && b.lines() <= 64 && !compact)
    for (const auto& perm : line_symmetries(b)) {
      for (int j = 0; j < g.strings; ++j)
        g.image_bit[g.symmetries.size()][j] = std::uint64_t{1} << perm[j];
      auto& t = g.symmetries.emplace_back();
      for (int k = 0; k < 8; ++k)
        for (int byte = 0; byte < 256; ++byte) {
          std::uint64_t out = 0;
          for (int j = 0; j < 8; ++j)
            if ((byte >> j) & 1 && 8 * k + j < g.strings)
              out |= std::uint64_t{1} << perm[8 * k + j];
          t[k][byte] = out;
        }
    }
  return g;
}

std::uint64_t SolverGraph::present_of(const DotsState& s) const {
  std::uint64_t present = 0;
  for (int i = 0; i < strings; ++i)
    if (!s.drawn(line[i])) present |= std::uint64_t{1} << i;
  return present;
}

}  // namespace grundy::dots
