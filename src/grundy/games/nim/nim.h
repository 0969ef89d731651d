#pragma once
// Nim: heaps of tokens; a move takes any positive number of tokens from one heap.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "grundy/core/outcome.h"
#include "grundy/core/text_check.h"

namespace grundy::nim {

// Heaps are limited to 2^63 - 1 so that sizes stay exact in every interface (JSON, Python).
inline constexpr std::uint64_t kMaxHeap = (std::uint64_t{1} << 63) - 1;

struct Move {
  std::size_t heap;    // 0-based index in the input
  std::uint64_t from;  // its size now
  std::uint64_t to;    // its size after the move
  bool operator==(const Move&) const = default;
};

struct Analysis {
  Rule rule = Rule::normal;
  std::uint64_t nim_sum = 0;  // xor of all heaps
  // Normal play: the Grundy value (= nim_sum). Misère: the misère value of the whole position as
  // one game (nim_sum, with its last bit flipped when no heap exceeds 1); 0 iff the mover loses.
  std::uint64_t value = 0;
  Winner winner = Winner::second;
  std::vector<Move> winning_moves;  // every winning move, in heap order
};

// Bouton's theorem (normal) and its misère form. Throws InputError for a heap above kMaxHeap.
Analysis analyze(std::span<const std::uint64_t> heaps, Rule rule = Rule::normal);

// Heap files: any line length (all heaps may share one line), words of at most 1 KiB.
inline constexpr TextLimits kTextLimits{0, 1024};

// Parses heap sizes from decimal text separated by blanks, newlines or commas, '#' comments (a
// file's contents); `origin` names the source in error messages, with the line. The text must
// pass check_text with kTextLimits. Fast: 10^7 heaps in well under a second.
std::vector<std::uint64_t> parse_heaps(std::string_view text, std::string_view origin);

// Plays a move list on `heaps`: moves "h<heap>-<tokens>" (h1-2 takes 2 from heap 1, heaps
// numbered from 1), separated by blanks, commas or newlines, '#' comments (a game record).
// InputError names the move and what is wrong with it.
void play_moves(std::vector<std::uint64_t>& heaps, std::string_view moves);

// One heap as a game for the generic solver: a heap of n can move to any smaller heap.
struct HeapGame {
  using Position = std::uint64_t;
  void moves(Position n, std::vector<Position>& out) const {
    for (Position k = 0; k < n; ++k) out.push_back(k);
  }
};

}  // namespace grundy::nim
