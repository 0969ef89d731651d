#include "report/dots.h"

#include <algorithm>

#include <fmt/core.h>

#include "grundy/core/hex.h"
#include "grundy/games/dots/render.h"

namespace grundy::report {

namespace {

nlohmann::json chain_json(const dots::Board& b, const dots::Coins& g, const dots::Chain& c) {
  nlohmann::json boxes = nlohmann::json::array(), lines = nlohmann::json::array(),
                 ends = nlohmann::json::array();
  for (int coin : c.coins) boxes.push_back(b.box_name(g.box[coin]));
  for (int s : c.strings) lines.push_back(b.line_name(g.line[s]));
  for (int i = 0; i < 2; ++i)
    ends.push_back(c.end[i] == dots::Chain::End::ground ? "ground"
                   : c.end[i] == dots::Chain::End::open
                       ? "open"
                       : "junction " + b.box_name(g.box[c.end_coin[i]]));
  return {{"kind", c.kind == dots::Chain::Kind::loop ? "loop" : "chain"},
          {"length", c.length()},
          {"long", c.is_long()},
          {"isolated", c.isolated()},
          {"capturable", c.capturable()},
          {"boxes", boxes},
          {"lines", lines},
          {"ends", ends}};
}

}  // namespace

std::string dots_headline(const dots::DotsState& s) {
  const auto& b = s.board();
  if (s.is_over())
    return fmt::format("Dots and Boxes {}: game over, {}.", b.size_name(),
                       dots_result_words(s.points(0), s.points(1)));
  return fmt::format("Dots and Boxes {}: {} of {} lines drawn, score {}–{}, player {} to move.",
                     b.size_name(), s.lines_drawn(), b.lines(), s.points(0), s.points(1),
                     s.to_move() + 1);
}

std::string dots_result_words(int p1, int p2) {
  if (p1 == p2) return fmt::format("a tie {}–{}", p1, p2);
  return fmt::format("player {} wins {}–{}", p1 > p2 ? 1 : 2, std::max(p1, p2), std::min(p1, p2));
}

std::string dots_show_text(const dots::DotsState& s) {
  return dots_headline(s) + "\n\n" + dots::render_ascii(s);
}

std::vector<std::string> dots_line_names(const dots::Board& b, const std::vector<int>& lines) {
  std::vector<std::string> names;
  for (int l : lines) names.push_back(b.line_name(l));
  std::sort(names.begin(), names.end());
  return names;
}

nlohmann::json dots_position_json(const dots::DotsState& s) {
  return {{"board", s.board().size_name()},
          {"lines_drawn", s.lines_drawn()},
          {"to_move", s.to_move() + 1},
          {"score", {s.points(0), s.points(1)}}};
}

nlohmann::json dots_show_json(const dots::DotsState& s,
                              const std::vector<std::string>* strings_and_coins) {
  const auto& board = s.board();
  auto j = dots_position_json(s);
  std::vector<int> drawn;
  for (int l = 0; l < board.lines(); ++l)
    if (s.drawn(l)) drawn.push_back(l);
  j["drawn"] = dots_line_names(board, drawn);
  nlohmann::json owners = nlohmann::json::array();
  for (int b = 0; b < board.boxes(); ++b) owners.push_back(s.owner(b) + 1);
  j["owners"] = owners;
  if (strings_and_coins) j["strings_and_coins"] = *strings_and_coins;
  return j;
}

nlohmann::json dots_analysis_json(const dots::DotsState& s, const dots::Analysis& a) {
  const auto& board = s.board();
  const auto names = [&](const std::vector<int>& v) { return dots_line_names(board, v); };
  auto j = dots_position_json(s);
  nlohmann::json chains = nlohmann::json::array();
  for (const auto& c : a.chains) chains.push_back(chain_json(board, a.graph, c));
  j["chains"] = chains;
  j["long_chains"] = a.long_chains;
  j["loops"] = a.loops;
  j["long_chain_rule"] = {{"dots", a.dots},
                          {"long_chains", a.long_chains},
                          {"player1_wants", "even"},
                          {"favours", a.favoured}};
  j["nimstring"] = a.nimstring ? nlohmann::json(a.nimstring->to_string()) : nlohmann::json();
  j["moves"] = {{"captures", names(a.moves.captures)},
                {"safe", names(a.moves.safe)},
                {"sacrifices", names(a.moves.sacrifices)}};
  if (a.control)
    j["control"] = {{"take", board.line_name(a.control->take)},
                    {"double_deal", board.line_name(a.control->double_deal)},
                    {"handed_over", a.control->handed_over},
                    {"keep", a.keep_control}};
  else
    j["control"] = nullptr;
  if (a.endgame.simple)
    j["endgame"] = {{"chains", a.endgame.chains},
                    {"loops", a.endgame.loops},
                    {"value", a.endgame.value},
                    {"open", a.best_opening >= 0 ? board.line_name(a.best_opening) : ""}};
  else
    j["endgame"] = nullptr;
  if (a.advice.line >= 0)
    j["advice"] = {{"line", board.line_name(a.advice.line)}, {"reason", a.advice.reason}};
  if (a.solved && a.solved->complete)
    j["solver"] = {{"value", a.solved->value}, {"best", names(a.solved->best)}};
  else
    j["solver"] = nullptr;
  return j;
}

nlohmann::json dots_solve_json(const dots::DotsState& s, const dots::SolveResult& r) {
  auto j = dots_position_json(s);
  j["complete"] = r.complete;
  j["value"] = r.value;
  if (!r.complete) {
    j["lower"] = std::max(r.lower, -s.boxes_left());
    j["upper"] = std::min(r.upper, s.boxes_left());
  }
  j["best"] = dots_line_names(s.board(), r.best);
  j["best_complete"] = r.best_complete;
  j["nodes"] = r.nodes;
  j["seconds"] = r.seconds;
  j["table_hit_rate"] = r.tt.hit_rate();
  j["table_giant_pages"] = r.table_giant_pages;
  if (r.resumed) j["nodes_before_resume"] = r.nodes_before;
  return j;
}

nlohmann::json dots_move_json(const dots::DotsState& before, std::string_view engine, int line) {
  auto after = before;
  after.play(static_cast<dots::DotsState::Move>(line));
  auto j = dots_position_json(before);
  j["engine"] = engine;
  j["move"] = before.board().line_name(line);
  j["completes"] = before.completes(line);
  j["after"] = dots_position_json(after);
  j["game_over"] = after.is_over();
  return j;
}

std::vector<std::string> dots_drawn_names(const dots::Board& b, const dots::LineSet& drawn) {
  std::vector<int> lines;
  drawn.for_each([&](int i) { lines.push_back(i); });
  return dots_line_names(b, lines);
}

int dots_open_boxes(const dots::Board& b, const dots::LineSet& drawn) {
  int open = 0;
  for (int box = 0; box < b.boxes(); ++box) open += !drawn.contains(b.box_lines(box));
  return open;
}

nlohmann::json dots_checkpoint_json(const dots::CheckpointSummary& s) {
  const auto& c = s.header;
  const auto& board = dots::Board::get(c.rows, c.cols);
  const int open = dots_open_boxes(board, c.drawn);
  nlohmann::json weights = nlohmann::json::array();
  for (int w = 32; w >= 1; --w)
    if (s.by_weight[w] > 0)
      weights.push_back(
          {{"weight", w}, {"min_nodes", std::uint64_t{1} << (w - 1)}, {"entries", s.by_weight[w]}});
  return {{"board", board.size_name()},
          {"drawn", dots_drawn_names(board, c.drawn)},
          {"to_move", c.to_move + 1},
          {"lower", std::clamp(c.lower, -open, open)},
          {"upper", std::clamp(c.upper, -open, open)},
          {"nodes", c.nodes},
          {"seconds", c.seconds},
          {"entries", c.entries},
          {"by_weight", weights},
          {"version", c.version},
          {"keys", c.keys != 0 ? nlohmann::json(hex64(c.keys)) : nlohmann::json()},
          {"keys_match", s.keys_match}};
}

nlohmann::json dots_checkpoint_json(const dots::ShrinkResult& r, const std::string& out) {
  auto j = dots_checkpoint_json(r.before);
  j["kept"] = {{"file", out},
               {"entries", r.kept},
               {"weight", r.weight},
               {"min_nodes", std::uint64_t{1} << std::min(r.weight - 1, 63)}};
  return j;
}

namespace {

nlohmann::json lines_json(const dots::Board& board, const std::vector<dots::CheckpointMove>& in) {
  nlohmann::json lines = nlohmann::json::array();
  for (const auto& l : in) {
    lines.push_back({{"line", board.line_name(l.line)},
                     {"captured", l.captured},
                     {"same_as", l.same_as >= 0 ? nlohmann::json(board.line_name(l.same_as))
                                                : nlohmann::json()},
                     {"known", l.known},
                     {"lower", l.lower},
                     {"upper", l.upper}});
    if (!l.replies.empty()) lines.back()["replies"] = lines_json(board, l.replies);
  }
  return lines;
}

}  // namespace

nlohmann::json dots_checkpoint_json(const dots::CheckpointMoves& m) {
  auto j = dots_checkpoint_json(m.summary);
  const auto& board = dots::Board::get(m.summary.header.rows, m.summary.header.cols);
  j["position"] = {
      {"drawn", dots_drawn_names(board, m.drawn)}, {"to_move", m.to_move + 1}, {"open", m.open}};
  j["lines"] = lines_json(board, m.moves);
  return j;
}

std::string dots_bounds_words(const dots::CheckpointMove& m, int open) {
  if (m.lower == m.upper) return fmt::format("exactly {}", m.lower);
  if (!m.known) return "unknown";
  const int left = open - m.captured;  // the line's value lies in captured +- left
  if (m.lower == m.captured - left) return fmt::format("at most {}", m.upper);
  if (m.upper == m.captured + left) return fmt::format("at least {}", m.lower);
  return fmt::format("in [{}, {}]", m.lower, m.upper);
}

}  // namespace grundy::report
