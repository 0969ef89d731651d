#include "grundy/games/nim/nim.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/misere.h"
#include "grundy/core/parse.h"
#include "grundy/core/text.h"

namespace grundy::nim {
namespace {

struct Totals {
  std::uint64_t xor_all = 0;
  std::uint64_t big = 0;   // heaps with at least 2 tokens
  std::uint64_t ones = 0;  // heaps with exactly 1 token
};

// Whether moving one heap from h to t leaves the opponent (now to move) lost.
bool leaves_opponent_lost(const Totals& s, std::uint64_t h, std::uint64_t t, Rule rule) {
  const std::uint64_t x = s.xor_all ^ h ^ t;
  if (rule == Rule::normal) return x == 0;
  const std::uint64_t big = s.big - (h > 1) + (t > 1);
  const std::uint64_t ones = s.ones - (h == 1) + (t == 1);
  if (big == 0) return ones % 2 == 1;  // the opponent must take the last token
  return x == 0;
}

}  // namespace

Analysis analyze(std::span<const std::uint64_t> heaps, Rule rule) {
  Analysis a;
  a.rule = rule;
  Totals s;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint64_t h = heaps[i];
    if (h > kMaxHeap)
      throw InputError("heap " + std::to_string(i + 1) + " is " + std::to_string(h) +
                       ", above the largest supported size 2^63-1");
    s.xor_all ^= h;
    s.big += (h > 1);
    s.ones += (h == 1);
  }
  a.nim_sum = s.xor_all;
  a.value = rule == Rule::normal ? s.xor_all : misere_nim_value(heaps);
  a.winner = rule == Rule::normal ? winner_from_value(s.xor_all) : misere_nim_winner(heaps);
  if (a.winner == Winner::second) return a;
  // Under either rule at most one target per heap can win: the xor-balancing size, or (misère,
  // when no other heap is big) 0 or 1 to leave an odd number of 1-heaps. In normal play the
  // winning heaps are those with the xor's top bit: counted first, so that listing millions of
  // moves does not reallocate the list (that copying made `grundy bench`'s 10^7-heap row slower
  // than its baseline, issue 26).
  if (rule == Rule::normal) {
    const std::uint64_t top = std::uint64_t{1} << (63 - std::countl_zero(s.xor_all));
    std::size_t count = 0;
    for (const std::uint64_t h : heaps) count += (h & top) != 0;
    a.winning_moves.reserve(count);
  }
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint64_t h = heaps[i];
    const std::uint64_t candidates[] = {s.xor_all ^ h, 0, 1};
    for (std::size_t c = 0; c < (rule == Rule::normal ? 1u : 3u); ++c) {
      const std::uint64_t t = candidates[c];
      if (t >= h || std::find(candidates, candidates + c, t) != candidates + c) continue;
      if (leaves_opponent_lost(s, h, t, rule)) a.winning_moves.push_back({i, h, t});
    }
  }
  return a;
}

std::vector<std::uint64_t> parse_heaps(std::string_view text, std::string_view origin) {
  check_text(text, origin, kTextLimits);
  std::vector<std::uint64_t> heaps;
  heaps.reserve(text.size() / 4);
  const auto is_separator = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',';
  };
  const char* p = text.data();
  const char* const end = p + text.size();
  const char* line_start = p;
  std::size_t line = 1;
  while (true) {
    while (p < end && is_separator(*p)) {
      if (*p++ == '\n') {
        ++line;
        line_start = p;
      }
    }
    if (p == end) break;
    if (*p == '#') {  // a comment runs to the end of its line
      while (p < end && *p != '\n') ++p;
      continue;
    }
    std::uint64_t v = 0;
    const auto [next, ec] = std::from_chars(p, end, v);
    if (ec != std::errc{} || v > kMaxHeap || (next < end && !is_separator(*next))) {
      const char* token_end = p;
      while (token_end < end && !is_separator(*token_end)) ++token_end;
      const std::string where = std::string(origin) + " line " + std::to_string(line) + " column " +
                                std::to_string(p - line_start + 1) + ": heap";
      parse_uint(std::string_view(p, static_cast<std::size_t>(token_end - p)), where, kMaxHeap,
                 "2^63-1");  // throws the precise message
    }
    heaps.push_back(v);
    p = next;
  }
  return heaps;
}

void play_moves(std::vector<std::uint64_t>& heaps, std::string_view moves) {
  std::size_t number = 0;
  for (const auto& t : split_move_list(moves)) {
    ++number;
    const std::string where = "move " + std::to_string(number) + " '" + shown_token(t.text) + "'";
    const auto dash = t.text.find('-');
    if (t.text.size() < 4 || t.text[0] != 'h' || dash == std::string_view::npos)
      throw InputError(where + " is not h<heap>-<tokens> (h1-2 takes 2 tokens from heap 1)");
    const auto heap = parse_uint(t.text.substr(1, dash - 1), where + ": heap", heaps.size());
    const auto take = parse_uint(t.text.substr(dash + 1), where + ": tokens", kMaxHeap, "2^63-1");
    if (heap == 0) throw InputError(where + ": heaps are numbered from 1");
    auto& h = heaps[heap - 1];
    if (take == 0 || take > h)
      throw InputError(where + ": heap " + std::to_string(heap) + " has " + std::to_string(h) +
                       " tokens, so take 1 to " + std::to_string(h));
    h -= take;
  }
}

}  // namespace grundy::nim
