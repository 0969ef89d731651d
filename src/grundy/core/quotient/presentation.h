#pragma once
// A misère quotient written as the literature writes it (Plambeck and Siegel): generators a, b,
// c, ... (the images of the first heaps that need a new one), every element as its normal form (the
// least word in the generators by degree, then by the exponent of the last generator, then the one
// before ...), the relations (each word that is not a normal form while all its divisors are, set
// equal to its normal form: together they rewrite any word to its normal form), and whether the
// quotient is tame (one of misère Nim's quotients T_k).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/quotient/verify.h"

namespace grundy::quotient {

using Exponents = std::vector<std::uint32_t>;  // one exponent per generator

struct Relation {
  Exponents left;   // a word that is not a normal form, all of whose divisors are
  Exponents right;  // its normal form
};

struct Presentation {
  std::vector<std::string> names;             // "a", "b", ...
  std::vector<std::uint32_t> generator_heap;  // the heap whose element each generator is
  std::vector<Exponents> normal_form;         // per element
  std::vector<Element> by_normal_form;        // the elements in normal-form order
  std::vector<Relation> relations;

  // "1", "a", "a^2bc" (ASCII; names past z get a prime: a', b', ...).
  std::string word(const Exponents& e) const;
  std::string element(Element x) const { return word(normal_form[x]); }
};

// `heaps`: how many heaps of p to draw generators from (all by default).
Presentation present(const Pretension& p, std::uint32_t heaps = ~std::uint32_t{0});

// The name of generator i: a..z, then a', b', ...
std::string generator_name(std::size_t i);

// k when (m, P) is isomorphic to T_k, the quotient of misère Nim with heaps 0 .. 2^k - 1
// (T_0: order 1, T_1: order 2, T_k: order 2^k + 2), the quotients of tame games; nullopt when it is
// not (the game is wild).
std::optional<unsigned> tame_index(const BipartiteMonoid& m);

// For a tame quotient: whether x is one of its two "small" elements (the identity and the P-element
// a with a^2 = 1, the classes of sums of heaps worth 0 and 1 that behave as in misère Nim's
// endgame).
bool is_small_tame_element(const BipartiteMonoid& m, Element x);

}  // namespace grundy::quotient
