#include "grundy/games/hackenbush/blue_red.h"

#include <algorithm>
#include <stdexcept>

#include "absl/container/flat_hash_map.h"
#include "grundy/core/error.h"
#include "grundy/games/hackenbush/blue_red_tree.h"
#include "grundy/games/hackenbush/green.h"
#include "grundy/games/hackenbush/parts.h"

namespace grundy::hackenbush {
namespace {

void check_blue_red(const Part& p) {
  for (const Edge& e : p.local)
    if (e.colour == Colour::green)
      throw InputError(
          "a stalk with a green edge is not a blue-red stalk (its value is no number)");
}

class Search {
 public:
  explicit Search(const Part& p) : masks_(p) {
    if (p.local.size() > kMaxSearchEdges)
      throw LimitError("a part of the position with " + std::to_string(p.local.size()) +
                       " edges that is neither a stalk nor a tree (it has a cycle, a loop or a "
                       "multi-edge): exhaustive search is limited to " +
                       std::to_string(kMaxSearchEdges) +
                       " edges per part (blue-red Hackenbush is NP-hard on general graphs)");
  }

  const PartMasks& masks() const { return masks_; }

  // Depth of recursion is at most the number of edges (kMaxSearchEdges).
  Dyadic value(PartMasks::Mask mask) {
    if (auto it = memo_.find(mask); it != memo_.end()) return it->second;
    bool has_left = false, has_right = false;
    Dyadic best_left, best_right;
    for (std::size_t i = 0; i < masks_.size(); ++i) {
      if (!(mask >> i & 1)) continue;
      const Colour c = masks_.colour(i);
      const Dyadic o = value(masks_.cut(mask, i));
      if (c == Colour::blue) {
        if (!has_left || best_left < o) best_left = o;
        has_left = true;
      } else {
        if (!has_right || o < best_right) best_right = o;
        has_right = true;
      }
    }
    if (has_left && has_right && !(best_left < best_right))
      throw std::logic_error("blue-red position that is not a number");
    const Dyadic v =
        simplest_between(has_left ? &best_left : nullptr, has_right ? &best_right : nullptr);
    memo_.emplace(mask, v);
    return v;
  }

 private:
  PartMasks masks_;
  absl::flat_hash_map<PartMasks::Mask, Dyadic> memo_;
};

// The edges of a part in order from the ground if it is a stalk (a path, no loops); else empty.
// Flat arrays (at most two edges per vertex), so that big parts that are not stalks are
// recognised quickly.
}  // namespace

Dyadic stalk_value(std::span<const Colour> from_ground) {
  return StalkPrefixes(from_ground).value();
}

Dyadic PartValues::after(std::size_t i) const {
  return stalk ? stalk->prefix(stalk_place[i]) : after_cut[i];
}

std::vector<std::int8_t> PartValues::compare_after(const Dyadic& t) const {
  std::vector<std::int8_t> out;
  if (stalk) {
    const std::vector<std::int8_t> by_place = stalk->compare(t);
    out.reserve(stalk_place.size());
    for (const std::uint32_t k : stalk_place) out.push_back(by_place[k]);
    return out;
  }
  out.reserve(after_cut.size());
  for (const Dyadic& a : after_cut) out.push_back(static_cast<std::int8_t>((a - t).sign()));
  return out;
}

std::vector<Dyadic> PartValues::all_after() const {
  if (!stalk) return after_cut;
  std::vector<Dyadic> out;
  for (std::size_t i = 0; i < stalk_place.size(); ++i) out.push_back(after(i));
  return out;
}

PartValues evaluate_blue_red_part(const Part& p) {
  check_blue_red(p);
  PartValues r;
  if (const auto order = stalk_order(p); !order.empty()) {
    std::vector<Colour> colours;
    colours.reserve(order.size());
    for (const std::size_t i : order) colours.push_back(p.local[i].colour);
    auto stalk = std::make_shared<const StalkPrefixes>(colours);
    r.value = stalk->value();
    r.stalk_place.resize(order.size());
    for (std::size_t k = 0; k < order.size(); ++k)
      r.stalk_place[order[k]] = static_cast<std::uint32_t>(k);
    r.stalk = std::move(stalk);
    r.method = PartMethod::stalk;
    return r;
  }
  if (auto tree = evaluate_blue_red_tree(p)) return std::move(*tree);
  return evaluate_blue_red_part_by_search(p);
}

PartValues evaluate_blue_red_part_by_search(const Part& p) {
  check_blue_red(p);
  Search s(p);
  PartValues r;
  const auto full = s.masks().full();
  r.value = s.value(full);
  r.after_cut.resize(p.local.size());
  for (std::size_t i = 0; i < p.local.size(); ++i) r.after_cut[i] = s.value(s.masks().cut(full, i));
  r.method = PartMethod::search;
  return r;
}

BlueRedAnalysis analyze_blue_red(const Graph& g) {
  const Decomposition d = decompose(g);
  for (std::size_t i = 0; i < g.edge_count(); ++i) {
    const Edge& e = g.edge(i);
    if (d.live[i] && e.colour == Colour::green)
      throw InputError("edge " + std::to_string(i) + " (" + std::to_string(g.label(e.u)) + "-" +
                       std::to_string(g.label(e.v)) +
                       ") is green: a blue-red analysis takes blue and red edges only");
  }
  const std::vector<Part> parts = split_parts(g, d.live);
  BlueRedAnalysis a;
  a.parts = parts.size();
  std::vector<PartValues> values;
  for (const Part& p : parts) {
    values.push_back(evaluate_blue_red_part(p));
    if (values.back().method == PartMethod::search) ++a.searched_parts;
    if (values.back().method == PartMethod::tree) ++a.tree_parts;
    a.value = a.value + values.back().value;
  }
  // Cutting edge i of part pi leaves a.value - value + after(i): it wins for Blue when that is
  // >= 0, i.e. after(i) >= value - a.value (for Red, <=).
  for (std::size_t pi = 0; pi < parts.size(); ++pi) {
    const std::vector<std::int8_t> against = values[pi].compare_after(values[pi].value - a.value);
    for (std::size_t i = 0; i < parts[pi].local.size(); ++i) {
      const std::uint32_t edge = parts[pi].edges[i];
      if (g.edge(edge).colour == Colour::blue) {
        if (against[i] >= 0) a.blue_wins.push_back(edge);
      } else if (against[i] <= 0) {
        a.red_wins.push_back(edge);
      }
    }
  }
  std::sort(a.blue_wins.begin(), a.blue_wins.end());
  std::sort(a.red_wins.begin(), a.red_wins.end());
  return a;
}

Dyadic blue_red_by_search(const Graph& g) {
  const Part p = whole_graph_part(g);
  if (p.has(Colour::green)) throw InputError("green edge in a blue-red search");
  Search s(p);
  return s.value(s.masks().full());
}

}  // namespace grundy::hackenbush
