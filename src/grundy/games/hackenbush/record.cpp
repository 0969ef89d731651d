#include "grundy/games/hackenbush/record.h"

#include <numeric>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/core/text.h"
#include "grundy/core/text_check.h"

namespace grundy::hackenbush {
namespace {

constexpr std::string_view kRecordMark = "# grundy game record";

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// Union-find over dense vertices, for play_cuts.
class Components {
 public:
  explicit Components(std::size_t n) : parent_(n) {
    std::iota(parent_.begin(), parent_.end(), std::uint32_t{0});
  }
  std::uint32_t find(std::uint32_t v) {
    while (parent_[v] != v) v = parent_[v] = parent_[parent_[v]];
    return v;
  }
  void join(std::uint32_t a, std::uint32_t b) { parent_[find(a)] = find(b); }

 private:
  std::vector<std::uint32_t> parent_;
};

}  // namespace

bool is_game_record(std::string_view text) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trimmed(text.substr(start, end - start));
    start = end + 1;
    if (!line.empty()) return lower_ascii(line) == kRecordMark;
  }
  return false;
}

std::vector<std::uint32_t> parse_cuts(std::string_view text, std::size_t edge_count) {
  std::vector<std::uint32_t> cuts;
  for (const auto& t : split_move_list(text)) {
    const std::string where =
        "cut " + std::to_string(cuts.size() + 1) + " '" + shown_token(t.text) + "'";
    if (t.text.size() < 2 || (t.text[0] != 'e' && t.text[0] != 'E'))
      throw InputError(where +
                       " is not an edge name like e3 (edges are numbered from e0 in "
                       "the order of the picture)");
    if (edge_count == 0) throw InputError(where + ": the picture has no edges");
    const auto i = parse_uint(t.text.substr(1), where + ": edge number", edge_count - 1);
    cuts.push_back(static_cast<std::uint32_t>(i));
  }
  return cuts;
}

GameRecord parse_game_record(std::string_view text, std::string_view origin) {
  check_text(text, origin, kEdgeListLimits);
  GameRecord r;
  std::string moves;  // the text outside comments, lines kept so that cuts can be numbered
  std::size_t line_no = 0, start = 0, edge_lines = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    const auto hash = raw.find('#');
    moves += std::string(raw.substr(0, hash == std::string_view::npos ? raw.size() : hash)) + "\n";
    if (hash == std::string_view::npos) continue;
    const std::string_view comment = trimmed(raw.substr(hash + 1));
    const std::string where = std::string(origin) + " line " + std::to_string(line_no);
    const auto words = split_words(comment);
    if (!words.empty() && lower_ascii(words[0]) == "edge") {
      ++edge_lines;
      if (words.size() < 3 || words.size() > 4)
        throw InputError(where + ": expected '# edge u v [colour]'");
      std::uint64_t ends[2];
      for (int k = 0; k < 2; ++k)
        ends[k] = parse_uint(words[1 + k], where + ": vertex", 0xffffffffu, "2^32-1");
      const Colour c = words.size() == 4 ? parse_colour(words[3], where) : Colour::green;
      r.picture.add_edge(ends[0], ends[1], c);
      continue;
    }
    const auto colon = comment.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string key = lower_ascii(trimmed(comment.substr(0, colon)));
    const std::string_view value = trimmed(comment.substr(colon + 1));
    if (key == "first" || key == "you") {
      auto& side = key == "first" ? r.first : r.you;
      if (side)
        throw InputError(where + ": a second '# " + std::string(comment.substr(0, colon)) +
                         ":' line");
      side = parse_side(value, where + ": side");
    }
  }
  if (edge_lines == 0)
    throw InputError(std::string(origin) +
                     ": the record has no '# edge u v colour' lines, so no picture");
  r.cuts = parse_cuts(moves, r.picture.edge_count());
  return r;
}

Side play_cuts(Graph& g, const std::vector<std::uint32_t>& cuts, Side first) {
  const std::size_t m = g.edge_count();
  // When each edge is cut (cuts.size(): never); an edge named twice is an error at its second cut.
  std::vector<std::size_t> cut_at(m, cuts.size());
  for (std::size_t k = 0; k < cuts.size(); ++k) {
    const std::uint32_t e = cuts[k];
    if (e >= m)
      throw InputError("cut " + std::to_string(k + 1) + ": there is no edge e" + std::to_string(e));
    if (cut_at[e] != cuts.size())
      throw InputError("cut " + std::to_string(k + 1) + " 'e" + std::to_string(e) + "': e" +
                       std::to_string(e) + " was already cut (cut " +
                       std::to_string(cut_at[e] + 1) + ")");
    cut_at[e] = k;
  }
  // Backwards: the edges never cut, then each cut edge put back; an edge stands when it is cut
  // iff it then joins the ground's component.
  Components c(g.vertex_count());
  for (std::uint32_t e = 0; e < m; ++e)
    if (cut_at[e] == cuts.size() && !g.is_cut(e)) c.join(g.edge(e).u, g.edge(e).v);
  std::size_t first_bad = cuts.size();
  for (std::size_t k = cuts.size(); k-- > 0;) {
    const Edge& e = g.edge(cuts[k]);
    c.join(e.u, e.v);
    if (g.is_cut(cuts[k]) || c.find(e.u) != c.find(0)) first_bad = k;
  }
  for (std::size_t k = 0; k < cuts.size(); ++k) {
    const Side s = k % 2 == 0 ? first : other(first);
    const std::uint32_t i = cuts[k];
    const std::string where = "cut " + std::to_string(k + 1) + " 'e" + std::to_string(i) + "'";
    if (k == first_bad)
      throw InputError(where + ": e" + std::to_string(i) +
                       " is not standing: nothing connects it to the ground any more");
    if (!may_cut(g.edge(i).colour, s))
      throw InputError(where + ": " + (s == Side::blue ? "Blue" : "Red") + " may not cut e" +
                       std::to_string(i) + ", a " +
                       (g.edge(i).colour == Colour::blue ? "blue" : "red") + " edge");
  }
  for (const std::uint32_t e : cuts) g.cut(e);
  return cuts.size() % 2 == 0 ? first : other(first);
}

}  // namespace grundy::hackenbush
