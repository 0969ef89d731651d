// `grundy bench` workload for Hackenbush with green, blue and red edges: canonical forms part by
// part, beside playing the whole position out (who wins when each player starts, and every
// winning cut) in the same run. The position is a sum of small mixed trees, the usual shape of a
// game in play: the baseline's positions multiply across parts, ours add.
#include <cstdint>

#include <fmt/core.h>

#include "absl/container/flat_hash_map.h"
#include "bench.h"
#include "grundy/games/hackenbush/mixed.h"
#include "grundy/games/hackenbush/parts.h"

namespace grundy::cli {
namespace {

namespace hb = grundy::hackenbush;

// `parts` random trees of `edges` edges each, colours at random, all standing on the ground.
hb::Graph sum_of_trees(int parts, int edges, std::uint64_t seed) {
  hb::Graph g;
  std::uint64_t x = seed;
  const auto next = [&x] {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
  };
  const hb::Colour colours[] = {hb::Colour::green, hb::Colour::blue, hb::Colour::red};
  std::uint64_t base = 1;
  for (int p = 0; p < parts; ++p) {
    for (int i = 0; i < edges; ++i) {
      const std::uint64_t v = base + static_cast<std::uint64_t>(i);
      const std::uint64_t u = i == 0 ? 0 : base + next() % static_cast<std::uint64_t>(i);
      g.add_edge(u, v, colours[next() % 3]);
    }
    base += static_cast<std::uint64_t>(edges);
  }
  return g;
}

// The naive side: the whole graph as one game, each position's winner for each starter
// memoised, no parts and no canonical forms.
class PlayOut {
 public:
  explicit PlayOut(const hb::Graph& g) : part_(hb::whole_graph_part(g)), masks_(part_) {}

  bool mover_wins(hb::PartMasks::Mask m, bool left) {
    const auto key = std::make_pair(m, left);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool wins = false;
    for (std::size_t i = 0; i < masks_.size() && !wins; ++i)
      if ((m >> i & 1) && masks_.colour(i) != (left ? hb::Colour::red : hb::Colour::blue))
        wins = !mover_wins(masks_.cut(m, i), !left);
    memo_.emplace(key, wins);
    return wins;
  }
  const hb::PartMasks& masks() const { return masks_; }
  std::size_t positions() const { return memo_.size(); }

 private:
  hb::Part part_;
  hb::PartMasks masks_;
  absl::flat_hash_map<std::pair<hb::PartMasks::Mask, bool>, bool> memo_;
};

// Who wins and every winning cut, by playing the whole position out; the cut lists go in
// `left_wins` and `right_wins`. Returns the number of (position, starter) pairs visited.
std::size_t play_out(const hb::Graph& g, std::vector<std::uint32_t>& left_wins,
                     std::vector<std::uint32_t>& right_wins) {
  PlayOut slow(g);
  const auto full = slow.masks().full();
  slow.mover_wins(full, true);
  slow.mover_wins(full, false);
  for (std::uint32_t i = 0; i < g.edge_count(); ++i) {
    if (!(full >> i & 1)) continue;
    const auto after = slow.masks().cut(full, i);
    if (g.edge(i).colour != hb::Colour::red && !slow.mover_wins(after, false))
      left_wins.push_back(i);
    if (g.edge(i).colour != hb::Colour::blue && !slow.mover_wins(after, true))
      right_wins.push_back(i);
  }
  return slow.positions();
}

BenchResult mixed_vs_play_out(int positions, int parts, int edges) {
  std::vector<hb::Graph> games;
  std::size_t total_edges = 0;
  for (int i = 0; i < positions; ++i) {
    games.push_back(sum_of_trees(parts, edges, 2026 + static_cast<std::uint64_t>(i)));
    total_edges += games.back().edge_count();
  }
  BenchResult r;
  r.unit = "edges";
  std::vector<hb::MixedAnalysis> ours;
  std::size_t searched = 0;
  r.ours = time_it([&] {
    for (const auto& g : games) {
      ours.push_back(hb::analyze_mixed(g));
      searched += ours.back().searched_positions;
    }
    return total_edges;
  });
  std::vector<std::vector<std::uint32_t>> left(games.size()), right(games.size());
  std::size_t visited = 0;
  r.baseline = time_it([&] {
    for (std::size_t i = 0; i < games.size(); ++i) visited += play_out(games[i], left[i], right[i]);
    return total_edges;
  });
  r.baseline_name = fmt::format("play each position out ({} position-starter pairs)", visited);
  std::uint64_t sig = kSignatureSeed;
  for (std::size_t i = 0; i < games.size(); ++i) {
    for (const char c : ours[i].value) sig = mix(sig, static_cast<std::uint64_t>(c));
    // The two must agree; a disagreement changes the signature.
    sig = mix(sig, left[i] == ours[i].left_wins && right[i] == ours[i].right_wins ? 1 : 0xBAD);
    for (auto e : ours[i].left_wins) sig = mix(sig, e);
    for (auto e : ours[i].right_wins) sig = mix(sig, e + 1000);
  }
  r.signature = sig;
  r.note = fmt::format(
      "value + winning cuts of {} positions, each {} random green-blue-red trees of {} edges "
      "({} positions searched); rates in edges/s",
      positions, parts, edges, searched);
  return r;
}

const BenchRegistration bench_partizan_r1{430, "hackenbush-mixed-4x9",
                                          [] { return mixed_vs_play_out(12, 4, 9); }};
const BenchRegistration bench_partizan_r2{440, "hackenbush-mixed-5x6",
                                          [] { return mixed_vs_play_out(12, 5, 6); }};

}  // namespace
}  // namespace grundy::cli
