#pragma once
// Nimstring: strings and coins under normal play (completing a coin moves again; whoever cannot
// move loses, so whoever takes the last coin loses). Every position is worth a nimber *n, or
// is loony (Berlekamp): the player to move may choose, by taking all of an offered chain or all
// but two (four of a loop), whether to move next — worth more than any nimber, and a move into
// a loony position is never a winning move.
//
// The evaluator: first the free captures are made (a capturable coin whose string leads to the
// ground, to a junction, or that forms an isolated double box); if a capturable coin remains
// (its string leads into a chain) the position is loony. Otherwise the position splits into
// independent components whose values add (xor), each the mex of the values its moves leave,
// loony options excluded. Checked against a plain search of the game with a Nim heap added.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "grundy/games/dots/coins.h"

namespace grundy::dots {

struct NimstringValue {
  bool loony = false;
  std::uint32_t nimber = 0;  // when not loony
  bool operator==(const NimstringValue&) const = default;
  std::string to_string() const;  // "*2", "0", "loony"
};

class Nimstring {
 public:
  // Stops with LimitError once `max_positions` component values are memoised, or once `stop`
  // (a server's budget, Ctrl-C) is set.
  explicit Nimstring(const Coins& g, std::size_t max_positions = std::size_t{1} << 22,
                     const std::atomic<bool>* stop = nullptr);

  NimstringValue value(std::uint64_t present);
  // The position after the free captures (what value() decomposes).
  std::uint64_t after_free_captures(std::uint64_t present, bool& loony) const;
  std::size_t positions() const { return memo_.size(); }

 private:
  std::uint32_t component_value(std::uint64_t component);
  const Coins& g_;
  std::size_t max_positions_;
  const std::atomic<bool>* stop_;
  std::uint32_t calls_ = 0;              // polls `stop_` every 1024 evaluations
  std::vector<std::uint64_t> touching_;  // string -> strings sharing a coin with it
  absl::flat_hash_map<std::uint64_t, std::uint32_t> memo_;
};

}  // namespace grundy::dots
