#include "grundy/games/dots/render.h"

#include <algorithm>
#include <string>

#include <fmt/core.h>

namespace grundy::dots {
namespace {

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

std::string render_ascii(const DotsState& s, const std::vector<int>& marked) {
  const Board& b = s.board();
  const int R = b.rows(), C = b.cols();
  const int label = static_cast<int>(std::to_string(R + 1).size());
  const auto h_line = [&](int r, int c) { return r * C + c; };
  const auto v_line = [&](int r, int c) { return (R + 1) * C + r * (C + 1) + c; };
  std::string out(static_cast<std::size_t>(label + 1), ' ');
  for (int x = 0; x <= C; ++x) {
    const std::string name = b.column_name(x);
    out += name + std::string(x < C ? 4 - std::min<std::size_t>(name.size(), 3) : 0, ' ');
  }
  out += '\n';
  for (int r = 0; r <= R; ++r) {
    out += fmt::format("{:>{}} ", r + 1, label);
    for (int c = 0; c <= C; ++c) {
      out += '+';
      if (c < C) {
        const int l = h_line(r, c);
        out += s.drawn(l) ? "---" : contains(marked, l) ? "..." : "   ";
      }
    }
    out += '\n';
    if (r == R) break;
    out += std::string(static_cast<std::size_t>(label + 1), ' ');
    for (int c = 0; c <= C; ++c) {
      const int l = v_line(r, c);
      out += s.drawn(l) ? '|' : contains(marked, l) ? ':' : ' ';
      if (c < C) {
        const int owner = s.owner(r * C + c);
        out += owner < 0 ? "   " : owner == 0 ? " 1 " : " 2 ";
      }
    }
    out += '\n';
  }
  return out;
}

std::string render_svg(const DotsState& s, std::string_view caption,
                       const std::vector<int>& marked) {
  const Board& b = s.board();
  constexpr int kCell = 60, kMargin = 40, kTop = 56;
  // Wide enough for the caption (about 7.5 px a character at 15 px).
  const int width =
      std::max(2 * kMargin + b.cols() * kCell, kMargin + static_cast<int>(caption.size()) * 15 / 2);
  const int height = kTop + kMargin + b.rows() * kCell;
  const auto x_of = [&](int x) { return kMargin + x * kCell; };
  const auto y_of = [&](int y) { return kTop + y * kCell; };
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
      "viewBox=\"0 0 {} {}\" font-family=\"sans-serif\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"{}\" y=\"24\" font-size=\"15\">{}</text>\n",
      width, height, width, height, kMargin / 2, escape(caption));
  static constexpr const char* kFill[2] = {"#cfe0ff", "#ffd6cc"};
  static constexpr const char* kInk[2] = {"#1f4fbf", "#bf3a1f"};
  for (int box = 0; box < b.boxes(); ++box) {
    const int owner = s.owner(box);
    if (owner < 0) continue;
    const int r = box / b.cols(), c = box % b.cols();
    out += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n"
        "<text x=\"{}\" y=\"{}\" font-size=\"22\" text-anchor=\"middle\" fill=\"{}\">{}</text>\n",
        x_of(c), y_of(r), kCell, kCell, kFill[owner], x_of(c) + kCell / 2, y_of(r) + kCell / 2 + 8,
        kInk[owner], owner + 1);
  }
  for (int l = 0; l < b.lines(); ++l) {
    const auto [p, q] = b.endpoints(l);
    const bool drawn = s.drawn(l);
    if (!drawn && !contains(marked, l)) continue;
    out += fmt::format(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{}>"
        "<title>{}</title></line>\n",
        x_of(p.x), y_of(p.y), x_of(q.x), y_of(q.y), drawn ? "#222" : "#1a9c3a", drawn ? 4 : 3,
        drawn ? "" : " stroke-dasharray=\"6 4\"", b.line_name(l));
  }
  for (int y = 0; y <= b.rows(); ++y)
    for (int x = 0; x <= b.cols(); ++x)
      out += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"4\" fill=\"#222\"/>\n", x_of(x), y_of(y));
  for (int x = 0; x <= b.cols(); ++x)
    out +=
        fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
                    x_of(x), kTop - 12, b.column_name(x));
  for (int y = 0; y <= b.rows(); ++y)
    out += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"end\">{}</text>\n",
                       kMargin - 12, y_of(y) + 4, y + 1);
  out += "</svg>\n";
  return out;
}

}  // namespace grundy::dots
