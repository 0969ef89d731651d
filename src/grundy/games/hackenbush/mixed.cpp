#include "grundy/games/hackenbush/mixed.h"

#include <algorithm>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "grundy/core/error.h"
#include "grundy/core/partizan_names.h"
#include "grundy/games/hackenbush/blue_red.h"
#include "grundy/games/hackenbush/green.h"

namespace grundy::hackenbush {
namespace {

// Exhaustive search of one part: every set of standing edges, each put in canonical form.
class CanonicalSearch {
 public:
  CanonicalSearch(GameStore& store, const Part& p) : store_(store), masks_(p) {}

  const PartMasks& masks() const { return masks_; }
  std::size_t positions() const { return memo_.size(); }

  // Recursion depth is at most the number of edges (64).
  GameId value(PartMasks::Mask mask) {
    if (auto it = memo_.find(mask); it != memo_.end()) return it->second;
    if (memo_.size() >= kMaxMixedPositions)
      throw LimitError("a part of " + std::to_string(masks_.size()) +
                       " edges mixing green with blue or red has more than " +
                       std::to_string(kMaxMixedPositions) +
                       " positions: too large for exhaustive search");
    std::vector<GameId> left, right;
    for (std::size_t i = 0; i < masks_.size(); ++i) {
      if (!(mask >> i & 1)) continue;
      const GameId child = value(masks_.cut(mask, i));
      const Colour c = masks_.colour(i);
      if (c != Colour::red) left.push_back(child);
      if (c != Colour::blue) right.push_back(child);
    }
    const GameId g = store_.make(std::move(left), std::move(right));
    memo_.emplace(mask, g);
    return g;
  }

 private:
  GameStore& store_;
  PartMasks masks_;
  absl::flat_hash_map<PartMasks::Mask, GameId> memo_;
};

enum class Kind { number, nimber, game };

// A part's value and, if asked, its value after each cut (per local edge), in the cheapest
// representation its colours allow.
struct PartEval {
  Kind kind = Kind::game;
  Dyadic number;
  PartValues numbers_after;  // a blue-red part's values after each cut
  std::uint64_t nimber = 0;
  std::vector<std::uint64_t> nimbers_after;
  GameId game = 0;
  std::vector<GameId> games_after;
  std::string method;
  std::size_t positions = 0;
};

Graph part_graph(const Part& p) {
  Graph g;
  for (const Edge& e : p.local) g.add_edge(e.u, e.v, Colour::green);
  return g;
}

PartEval evaluate(GameStore& store, const Part& p, bool with_cuts) {
  PartEval r;
  const bool green = p.has(Colour::green);
  if (green && !p.has(Colour::blue) && !p.has(Colour::red)) {
    r.kind = Kind::nimber;
    r.method = "green";
    const Graph g = part_graph(p);
    r.nimber = green_value(g);
    if (with_cuts) {
      const std::uint64_t work = std::uint64_t{p.local.size()} * (p.vertices + p.local.size());
      if (work > kMaxGreenWork)
        throw LimitError("a green part of " + std::to_string(p.local.size()) +
                         " edges beside blue or red edges: its cuts are valued by re-evaluating "
                         "it once per edge, limited to edges x (vertices + edges) <= " +
                         std::to_string(kMaxGreenWork));
      for (std::uint32_t i = 0; i < p.local.size(); ++i)
        r.nimbers_after.push_back(decompose(g, {}, i).value[0]);
    }
    return r;
  }
  if (!green) {
    PartValues v = evaluate_blue_red_part(p);
    r.kind = Kind::number;
    r.number = v.value;
    r.method = v.method == PartMethod::stalk  ? "stalk"
               : v.method == PartMethod::tree ? "tree"
                                              : "search (blue-red)";
    r.numbers_after = std::move(v);
    return r;
  }
  if (const auto order = stalk_order(p); !order.empty()) {
    // A stalk: its positions are its prefixes, the first k edges standing for k = 0..m.
    if (order.size() > kMaxMixedStalk)
      throw LimitError("a stalk of " + std::to_string(order.size()) +
                       " edges mixing green with blue or red: stalks are valued up to " +
                       std::to_string(kMaxMixedStalk) + " edges");
    std::vector<GameId> prefix{store.zero()};
    for (std::size_t k = 1; k <= order.size(); ++k) {
      std::vector<GameId> left, right;
      for (std::size_t j = 0; j < k; ++j) {
        const Colour c = p.local[order[j]].colour;
        if (c != Colour::red) left.push_back(prefix[j]);
        if (c != Colour::blue) right.push_back(prefix[j]);
      }
      prefix.push_back(store.make(std::move(left), std::move(right)));
    }
    r.game = prefix.back();
    if (with_cuts) {
      r.games_after.resize(order.size());
      for (std::size_t k = 0; k < order.size(); ++k) r.games_after[order[k]] = prefix[k];
    }
    r.positions = prefix.size();
    r.method = "stalk (" + std::to_string(r.positions) + " positions)";
    return r;
  }
  if (p.local.size() > PartMasks::kMaxEdges || p.vertices > PartMasks::kMaxEdges)
    throw LimitError("a part of " + std::to_string(p.local.size()) +
                     " edges mixes green with blue or red edges: its value needs exhaustive "
                     "search, which takes parts of at most 64 edges (and 64 vertices) and " +
                     std::to_string(kMaxMixedPositions) + " positions");
  CanonicalSearch s(store, p);
  const auto full = s.masks().full();
  r.game = s.value(full);
  if (with_cuts)
    for (std::size_t i = 0; i < p.local.size(); ++i)
      r.games_after.push_back(s.value(s.masks().cut(full, i)));
  r.kind = Kind::game;
  r.positions = s.positions();
  r.method = "search (" + std::to_string(r.positions) + " positions)";
  return r;
}

// The sum of the parts, kept as numbers + *nimbers + games: G + *N with G = numbers + games. Large
// nimbers are never built as games (*N has N options); comparisons use GameStore::geq_star.
struct Sum {
  Dyadic numbers;
  std::uint64_t nimbers = 0;
  GameId games = 0;         // the sum of the parts of kind game
  GameId without_star = 0;  // numbers + games
};

// Nimbers below this are added as games, so that the total gets one canonical form.
constexpr std::uint64_t kSmallNimber = 64;

Sum add_up(GameStore& store, const std::vector<PartEval>& evals) {
  Sum s;
  s.games = store.zero();
  for (const PartEval& e : evals) {
    if (e.kind == Kind::number) s.numbers = s.numbers + e.number;
    if (e.kind == Kind::nimber) s.nimbers ^= e.nimber;
    if (e.kind == Kind::game) s.games = store.add(s.games, e.game);
  }
  s.without_star = store.add(store.number(s.numbers), s.games);
  return s;
}

// x + H >= 0 and x + H <= 0 for a number x and H = G + *n, deciding by the stops of G when
// they suffice (H has the stops of G).
std::pair<bool, bool> signs_with_number(GameStore& s, const Dyadic& x, GameId g, std::uint64_t n) {
  const Dyadic ls = s.left_stop(g) + x, rs = s.right_stop(g) + x;
  if (rs > Dyadic{}) return {true, false};
  if (ls < Dyadic{}) return {false, true};
  const GameId h = s.add(s.number(x), g);
  return {s.geq_star(h, n), s.leq_star(h, n)};
}

}  // namespace

GameId mixed_value(GameStore& store, const Graph& g) {
  const Decomposition d = decompose(g);
  std::vector<PartEval> evals;
  for (const Part& p : split_parts(g, d.live)) evals.push_back(evaluate(store, p, false));
  const Sum sum = add_up(store, evals);
  return store.add(sum.without_star, store.nimber(sum.nimbers));
}

GameId mixed_value_by_search(GameStore& store, const Graph& g) {
  const Part p = whole_graph_part(g);
  CanonicalSearch s(store, p);
  return s.value(s.masks().full());
}

MixedAnalysis analyze_mixed(const Graph& g) {
  GameStore store;
  GameNamer namer(store);
  const Decomposition d = decompose(g);
  const std::vector<Part> parts = split_parts(g, d.live);
  std::vector<PartEval> evals;
  MixedAnalysis a;
  for (const Part& p : parts) {
    evals.push_back(evaluate(store, p, true));
    const PartEval& e = evals.back();
    a.searched_positions += e.positions;
    a.live_edges += p.local.size();
    MixedPart mp;
    mp.first_edge = p.edges.front();
    mp.edges = p.local.size();
    mp.method = e.method;
    mp.value = e.kind == Kind::number ? e.number.to_string()
               : e.kind == Kind::nimber
                   ? format_number_up_star(Dyadic{}, 0, e.nimber)
                   : namer.name(e.game, GameNamer::kDefaultMaxChars, &mp.value_elided);
    if (mp.value_elided) mp.value_form = namer.form(e.game);
    a.parts.push_back(std::move(mp));
  }
  const Sum sum = add_up(store, evals);
  const GameId base = sum.without_star;
  const std::uint64_t star = sum.nimbers;
  a.left_stop = store.left_stop(base);
  a.right_stop = store.right_stop(base);
  {
    const bool ge = store.geq_star(base, star), le = store.leq_star(base, star);
    a.outcome = ge && le ? Outcome::second
                : ge     ? Outcome::left
                : le     ? Outcome::right
                         : Outcome::first;
  }
  GameNamer::Infinitesimal inf;
  const GameId total = star < kSmallNimber ? store.add(base, store.nimber(star)) : base;
  const std::uint64_t star_left = star < kSmallNimber ? 0 : star;
  if (namer.as_number_up_star(total, inf)) {
    const std::uint64_t m = inf.star ^ star_left;
    a.value = format_number_up_star(inf.number, inf.ups, m);
    a.value_kind = inf.ups == 0 && m == 0                   ? "number"
                   : inf.ups == 0 && inf.number == Dyadic{} ? "nimber"
                                                            : "number+ups+star";
  } else {
    a.value = namer.name(total, GameNamer::kDefaultMaxChars, &a.value_elided) +
              (star_left ? "+*" + std::to_string(star_left) : "");
    a.value_kind = "game";
    if (a.value_elided) {
      a.value_form = namer.form(total);
      a.value_form_star = star_left;
    }
  }

  // Sums of the game parts with one left out, from prefix and suffix sums.
  std::vector<std::size_t> game_parts;
  for (std::size_t i = 0; i < evals.size(); ++i)
    if (evals[i].kind == Kind::game) game_parts.push_back(i);
  std::vector<GameId> prefix{store.zero()}, suffix(game_parts.size() + 1, store.zero());
  for (const std::size_t i : game_parts) prefix.push_back(store.add(prefix.back(), evals[i].game));
  for (std::size_t k = game_parts.size(); k-- > 0;)
    suffix[k] = store.add(suffix[k + 1], evals[game_parts[k]].game);

  auto judge = [&](std::uint32_t edge, std::pair<bool, bool> signs) {
    const Colour c = g.edge(edge).colour;
    if (c != Colour::red && signs.first) a.left_wins.push_back(edge);
    if (c != Colour::blue && signs.second) a.right_wins.push_back(edge);
  };
  std::size_t game_index = 0;
  for (std::size_t pi = 0; pi < parts.size(); ++pi) {
    const PartEval& e = evals[pi];
    const Part& p = parts[pi];
    if (e.kind == Kind::number) {
      // After the cut: games + *N + a number.
      for (std::size_t i = 0; i < p.local.size(); ++i)
        judge(p.edges[i],
              signs_with_number(store, sum.numbers - e.number + e.numbers_after.after(i), sum.games,
                                star));
    } else if (e.kind == Kind::nimber) {
      // After the cut: numbers + games + *k.
      for (std::size_t i = 0; i < p.local.size(); ++i) {
        const std::uint64_t k = star ^ e.nimber ^ e.nimbers_after[i];
        judge(p.edges[i], {store.geq_star(base, k), store.leq_star(base, k)});
      }
    } else {
      const GameId rest = store.add(store.number(sum.numbers),
                                    store.add(prefix[game_index], suffix[game_index + 1]));
      ++game_index;
      for (std::size_t i = 0; i < p.local.size(); ++i) {
        const GameId t = store.add(rest, e.games_after[i]);
        judge(p.edges[i], {store.geq_star(t, star), store.leq_star(t, star)});
      }
    }
  }
  std::sort(a.left_wins.begin(), a.left_wins.end());
  std::sort(a.right_wins.begin(), a.right_wins.end());
  return a;
}

}  // namespace grundy::hackenbush
