#pragma once
// Take-and-break games on heaps of tokens, in Conway's octal code (and its hexadecimal extension),
// and Grundy's game.
//
// Code "d0.d1 d2 ... dt": digit dk says what a move that removes k tokens from one heap may leave
// of that heap: 1 = nothing (the heap had exactly k), 2 = one non-empty heap, 4 = two non-empty
// heaps, 8 = three non-empty heaps (hexadecimal digits 8-f, as in CGSuite); a digit is a sum of
// these. d0 concerns removing no token, so only 4 and 8 (split a heap without removing tokens)
// are meaningful there: 1 would act on an empty heap and 2 would be a pass.
// Grundy's game (split a heap into two unequal non-empty heaps) is not octal and has its own kind.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::octal {

enum class GameKind { octal, grundy };

inline constexpr std::uint32_t kLeaveNone = 1;
inline constexpr std::uint32_t kLeaveOne = 2;
inline constexpr std::uint32_t kLeaveTwo = 4;
inline constexpr std::uint32_t kLeaveThree = 8;
inline constexpr std::size_t kMaxDigits = 64;  // digits after the point

class OctalCode {
 public:
  // "0.77", ".07", "4.07", "0.137", "0.8f", "grundy". A pure function of its text (no state, no
  // I/O): returns the code or throws InputError/LimitError naming the problem.
  static OctalCode parse(std::string_view text);
  static OctalCode grundy_game();

  GameKind kind() const { return kind_; }
  bool is_grundy() const { return kind_ == GameKind::grundy; }
  // digit(k) for k = 0..last(); digits beyond last() are 0.
  std::uint32_t digit(std::size_t k) const { return k < digits_.size() ? digits_[k] : 0; }
  // t: the position of the last non-zero digit (0 for Grundy's game, whose only move removes 0).
  std::size_t last() const { return digits_.size() - 1; }
  bool has_splits() const;
  // The most heaps one move may leave: 1, 2, or 3 (a hexadecimal digit with bit 8).
  std::size_t max_parts() const;
  bool is_hexadecimal() const { return max_parts() > 2; }
  // Canonical spelling: "0.77", "4.07", "0.8f", "grundy".
  std::string to_string() const;
  // One phrase per non-zero digit: "remove 1 leaving nothing or one heap".
  std::vector<std::string> describe() const;

 private:
  GameKind kind_ = GameKind::octal;
  std::vector<std::uint32_t> digits_;  // digits_[0] = d0; last entry non-zero
};

// The options of a heap of n as parts a >= b >= c, c = 0 for two heaps, b = c = 0 for one heap,
// a = b = c = 0 for none, together with the tokens removed. Used by the plain path, the solvers
// and winning-move listings.
struct Move {
  std::uint64_t take = 0;
  std::uint64_t a = 0;
  std::uint64_t b = 0;
  std::uint64_t c = 0;
};

}  // namespace grundy::octal
