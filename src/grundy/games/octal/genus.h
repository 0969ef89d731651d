#pragma once
// The genus of single heaps (grundy misere CODE --genus): g^γ0γ1γ2..., where g is the heap's
// normal-play value and γk the misère Grundy value of the heap plus k nim-heaps *2 (γ0 = g⁻, the
// misère value of the heap alone). The sequence γ ends in a repetition of period 2; it is written
// up to where that begins, keeping at least γ0 and γ1, as CGSuite writes the genus of a wild game
// (values of 10 or more in parentheses with commas: 12^(3,14)).
//
// Computed from the definition over every position a heap reaches (sums of smaller heaps), with
// γk(X) = mex({γk-1(X), γk-1(X) xor 1} ∪ {γk(X') : X' an option of X}) for k >= 1 (the options
// of X + k*2 are X' + k*2, X + (k-1)*2 and X + (k-1)*2 + *1, and adding *1 flips the last bit
// of a misère value), and γ of a position with no move 1, 2, 0, 2, 0, ... If every option's γ
// repeats with period 2 from index d, γ(X) does from d + 2 (CGSuite's bound); the computation
// checks that it does.
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/games/octal/octal_code.h"

namespace grundy::octal {

inline constexpr std::size_t kMaxGenusPositions = std::size_t{1} << 20;

struct Genus {
  std::uint32_t normal = 0;           // g
  std::vector<std::uint32_t> misere;  // γ0, γ1, ..., trimmed as above (at least two)
  std::uint32_t misere_value() const { return misere.empty() ? 0 : misere[0]; }
};

// "0^120", "3^1431", "12^(3,14)".
std::string genus_text(const Genus& g);

// Heaps 0 .. count-1. LimitError when the positions they reach number more than max_positions;
// Interrupted (engine.h) once `stop` is set.
std::vector<Genus> heap_genera(const OctalCode& code, std::uint64_t count,
                               std::size_t max_positions = kMaxGenusPositions,
                               const std::atomic<bool>* stop = nullptr);

}  // namespace grundy::octal
