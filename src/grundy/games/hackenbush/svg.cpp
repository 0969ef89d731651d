#include "grundy/games/hackenbush/svg.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "grundy/core/error.h"
#include "grundy/games/hackenbush/green.h"

namespace grundy::hackenbush {
namespace {

constexpr double kSlot = 46, kLevel = 64, kMargin = 40;

std::string_view stroke(Colour c) {
  switch (c) {
    case Colour::green:
      return "#1f9e3a";
    case Colour::blue:
      return "#1f5fd1";
    case Colour::red:
      return "#d3272b";
  }
  return "#000";
}

std::string escape(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

std::string num(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", x);
  return buf;
}

}  // namespace

std::string render_svg(const Graph& g, const std::vector<std::uint32_t>& highlighted,
                       std::string_view caption,
                       const std::vector<std::uint32_t>* red_highlighted) {
  if (g.edge_count() > kMaxSvgEdges)
    throw LimitError("pictures are limited to " + std::to_string(kMaxSvgEdges) +
                     " edges; this position has " + std::to_string(g.edge_count()));
  const Decomposition d = decompose(g);
  const std::uint32_t n = g.vertex_count();

  // Tree layout: DFS-tree leaves take consecutive slots, a parent sits over its children's
  // middle. Vertices off the ground get slots of their own to the right, at height 1.
  std::vector<std::vector<std::uint32_t>> children(n);
  for (const std::uint32_t v : d.preorder)
    if (v != 0) children[d.dfs_parent(g, v)].push_back(v);
  std::vector<double> x(n, 0), level(n, 1);  // level: height above the ground
  double next_slot = 0;
  for (const std::uint32_t v : d.preorder) level[v] = d.depth[v];
  // Slots in DFS order for leaves; parents after their children (reverse preorder gives that).
  for (const std::uint32_t v : d.preorder)
    if (children[v].empty() && v != 0) x[v] = next_slot++;
  for (std::size_t k = d.preorder.size(); k-- > 0;) {
    const std::uint32_t v = d.preorder[k];
    if (!children[v].empty()) x[v] = (x[children[v].front()] + x[children[v].back()]) / 2;
  }
  std::uint32_t max_level = 1;
  for (const std::uint32_t v : d.preorder) max_level = std::max(max_level, d.depth[v]);
  // Cut edges (a game's position) are gone: neither they nor the vertex they hang on are drawn.
  const std::uint32_t gone = g.cut_vertex();
  for (std::uint32_t v = 1; v < n; ++v)
    if (d.piece[v] == kNone && v != gone) x[v] = next_slot++, level[v] = 1 + (v % 2);
  max_level = std::max<std::uint32_t>(max_level, n > 1 ? 2 : 1);
  const double slots = std::max(next_slot, 3.0);
  const double width =
      std::max({2 * kMargin + slots * kSlot, kMargin + 8.0 * static_cast<double>(caption.size()),
                red_highlighted ? kMargin + 420.0 : 0.0});
  const double legend = red_highlighted ? 18 : 0;
  const double ground_y = kMargin + 30 + legend + (max_level + 0.6) * kLevel;
  const double height = ground_y + kMargin;
  auto px = [&](std::uint32_t v) { return kMargin + (x[v] + 0.5) * kSlot; };
  auto py = [&](std::uint32_t v) { return ground_y - level[v] * kLevel; };

  std::vector<std::uint8_t> win(g.edge_count(), 0);
  for (const std::uint32_t e : highlighted) win[e] |= 1;
  if (red_highlighted)
    for (const std::uint32_t e : *red_highlighted) win[e] |= 2;

  std::string s;
  s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" +
       num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) +
       "\" font-family=\"sans-serif\">\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s += "<text x=\"" + num(kMargin / 2) + "\" y=\"24\" font-size=\"15\">" + escape(caption) +
       "</text>\n";
  if (red_highlighted)
    s += "<text x=\"" + num(kMargin / 2) + "\" y=\"44\" font-size=\"12\" fill=\"#444\">halo: " +
         "<tspan fill=\"#3d8bff\">blue = Blue's winning cut</tspan>, " +
         "<tspan fill=\"#e0507a\">pink = Red's</tspan> (each moving first)</text>\n";
  s += "<line x1=\"" + num(kMargin / 2) + "\" y1=\"" + num(ground_y) + "\" x2=\"" +
       num(width - kMargin / 2) + "\" y2=\"" + num(ground_y) +
       "\" stroke=\"#5a4630\" stroke-width=\"5\"/>\n";

  // Parallel edges bend by an offset so that each stays visible.
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> seen;
  std::string halos, lines, labels;
  for (std::uint32_t i = 0; i < g.edge_count(); ++i) {
    if (g.is_cut(i)) continue;
    const Edge& e = g.edge(i);
    const auto key = std::minmax(e.u, e.v);
    const int copy = seen[{key.first, key.second}]++;
    std::string path;
    double mx, my;
    if (e.u == e.v) {
      // A loop: a teardrop above the vertex (on the ground: a foot of its own).
      const double vx = e.u == 0 ? kMargin + (copy + 0.5) * 14 : px(e.u);
      const double vy = e.u == 0 ? ground_y : py(e.u);
      const double r = 14 + 6 * copy;
      path = "M " + num(vx) + " " + num(vy) + " C " + num(vx - r) + " " + num(vy - 2 * r) + ", " +
             num(vx + r) + " " + num(vy - 2 * r) + ", " + num(vx) + " " + num(vy);
      mx = vx;
      my = vy - 1.5 * r;
    } else {
      // An edge to the ground ends on the ground line below its other end.
      const std::uint32_t a = e.u == 0 ? e.v : e.u, b = e.u == 0 ? e.u : e.v;
      const double x1 = px(a), y1 = py(a);
      const double x2 = b == 0 ? x1 : px(b), y2 = b == 0 ? ground_y : py(b);
      // Non-tree edges bend too, or they would lie on top of the tree path they close.
      const bool tree_edge = d.parent_edge[e.u] == i || d.parent_edge[e.v] == i;
      const int slot = copy + (tree_edge ? 0 : 1);
      const double bend = slot == 0 ? 0 : ((slot % 2) ? 1 : -1) * 22.0 * ((slot + 1) / 2);
      const double cx = (x1 + x2) / 2 + bend, cy = (y1 + y2) / 2;
      path = "M " + num(x1) + " " + num(y1) + " Q " + num(cx) + " " + num(cy) + " " + num(x2) +
             " " + num(y2);
      mx = (x1 + x2) / 4 + cx / 2;
      my = (y1 + y2) / 4 + cy / 2;
    }
    const bool live = d.live[i];
    const auto halo = [&](const char* colour, int thickness) {
      halos += "<path d=\"" + path + "\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"" +
               std::to_string(thickness) + "\" stroke-opacity=\"0.8\" stroke-linecap=\"round\"/>\n";
    };
    if (!red_highlighted && win[i]) halo("#ffc400", 13);
    if (red_highlighted && (win[i] & 1)) halo("#8fc0ff", 17);
    if (red_highlighted && (win[i] & 2)) halo("#ff6f9a", (win[i] & 1) ? 9 : 13);
    lines += "<path d=\"" + path + "\" fill=\"none\" stroke=\"" +
             std::string(live ? stroke(e.colour) : "#b0b0b0") + "\" stroke-width=\"4\"" +
             (live ? "" : " stroke-dasharray=\"6 4\"") + "/>\n";
    labels += "<text x=\"" + num(mx + 5) + "\" y=\"" + num(my - 3) +
              "\" font-size=\"10\" fill=\"#555\">e" + std::to_string(i) + "</text>\n";
  }
  s += halos + lines;
  for (std::uint32_t v = 1; v < n; ++v) {
    if (v == gone) continue;
    s += "<circle cx=\"" + num(px(v)) + "\" cy=\"" + num(py(v)) +
         "\" r=\"5\" fill=\"#222\"/>\n<text x=\"" + num(px(v) - 6) + "\" y=\"" + num(py(v) - 9) +
         "\" font-size=\"12\" text-anchor=\"end\">" + std::to_string(g.label(v)) + "</text>\n";
  }
  s += labels;
  s += "<text x=\"" + num(width - kMargin / 2) + "\" y=\"" + num(ground_y + 22) +
       "\" font-size=\"11\" text-anchor=\"end\" fill=\"#5a4630\">ground (vertex 0)</text>\n";
  s += "</svg>\n";
  return s;
}

}  // namespace grundy::hackenbush
