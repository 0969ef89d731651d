#pragma once
// Dyadic rationals num / 2^exp, the values of numbers in combinatorial game theory (blue-red
// Hackenbush, canonical forms). Kept in lowest terms; operations that would leave 63-bit numerators
// or exponents throw LimitError.
#include <compare>
#include <cstdint>
#include <string>
#include <utility>

namespace grundy {

class Dyadic {
 public:
  constexpr Dyadic() = default;
  static Dyadic integer(std::int64_t n) { return Dyadic(n, 0); }
  // num / 2^exp, reduced.
  static Dyadic make(std::int64_t num, std::uint32_t exp);

  std::int64_t numerator() const { return num_; }
  std::uint32_t exponent() const { return exp_; }  // the denominator is 2^exponent

  friend Dyadic operator+(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator-(const Dyadic& a) { return Dyadic(-a.num_, a.exp_); }
  friend Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + (-b); }
  friend std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b);
  friend bool operator==(const Dyadic& a, const Dyadic& b) = default;

  // "0", "-3", "7/4", "-1/8".
  std::string to_string() const;

  template <typename H>
  friend H AbslHashValue(H h, const Dyadic& d) {
    return H::combine(std::move(h), d.num_, d.exp_);
  }

 private:
  constexpr Dyadic(std::int64_t num, std::uint32_t exp) : num_(num), exp_(exp) {}
  std::int64_t num_ = 0;
  std::uint32_t exp_ = 0;
};

// The simplest dyadic strictly between lo and hi (the value of {lo | hi} when lo < hi); either
// bound may be absent (no options for that player).
Dyadic simplest_between(const Dyadic* lo, const Dyadic* hi);

}  // namespace grundy
