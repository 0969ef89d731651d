#pragma once
// Dyadic rationals num / 2^exp, the values of numbers in combinatorial game theory (blue-red
// Hackenbush, canonical forms), exact at any precision.
//
// Representation: always reduced (num odd, or exp == 0; zero is 0 / 2^0), so equal values have
// equal representations and `==` and AbslHashValue agree. A numerator that fits in an int64
// (other than INT64_MIN) is held inline next to the exponent — no allocation, and the arithmetic
// below takes an overflow-checked int64 fast path; a larger numerator lives in a heap-held GMP
// integer (mpz_class), chosen only when the value needs it. The exponent is a uint32 in both
// forms, so 1/2^100 is still inline.
//
// Resource bound: a value whose exponent or numerator needs more than kMaxBits (2^26) bits is a
// LimitError — memory and time, not exactness, are the real bounds.
#include <compare>
#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <utility>

namespace grundy {

class Dyadic {
 public:
  // The largest exponent, and the largest numerator length in bits, a Dyadic may need.
  static constexpr std::uint32_t kMaxBits = std::uint32_t{1} << 26;

  constexpr Dyadic() = default;
  Dyadic(const Dyadic& o) : num_(o.num_), exp_(o.exp_), big_(o.big_) {
    if (big_) copy_big(o);
  }
  Dyadic(Dyadic&& o) noexcept : num_(o.num_), exp_(o.exp_), big_(o.big_) {
    o.big_ = false, o.num_ = 0, o.exp_ = 0;
  }
  Dyadic& operator=(const Dyadic& o) {
    if (this != &o) {
      if (big_ || o.big_) {
        Dyadic t(o);
        swap(t);
      } else {
        num_ = o.num_, exp_ = o.exp_;
      }
    }
    return *this;
  }
  Dyadic& operator=(Dyadic&& o) noexcept {
    swap(o);
    return *this;
  }
  ~Dyadic() {
    if (big_) free_big();
  }
  void swap(Dyadic& o) noexcept {
    std::swap(num_, o.num_), std::swap(exp_, o.exp_), std::swap(big_, o.big_);
  }

  static Dyadic integer(std::int64_t n) {
    return n != INT64_MIN ? Dyadic(n, 0) : make(n, 0);  // -2^63 needs the heap form
  }
  // num / 2^exp, reduced. LimitError if exp, once reduced, is above kMaxBits.
  static Dyadic make(std::int64_t num, std::uint32_t exp);
  // sign * (integer + sum of fraction[i] * 2^-(i+1)), fraction[i] being 0 or 1: a value given by
  // its binary digits, built in time linear in their number. LimitError beyond kMaxBits.
  static Dyadic from_binary(int sign, std::uint64_t integer,
                            std::span<const std::uint8_t> fraction);

  std::uint32_t exponent() const { return exp_; }  // the denominator is 2^exponent
  bool is_integer() const { return exp_ == 0; }
  int sign() const { return big_ ? big_sign() : (num_ > 0) - (num_ < 0); }  // -1, 0 or 1
  // x * 2^k, exact (k < 0 divides). LimitError beyond kMaxBits.
  Dyadic shifted(std::int64_t k) const;
  // The greatest integer <= x, and the least >= x; LimitError if it does not fit an int64.
  std::int64_t floor() const {
    if (big_) return big_floor();
    return exp_ < 63 ? num_ >> exp_ : (num_ < 0 ? -1 : 0);  // arithmetic shift floors
  }
  std::int64_t ceil() const;
  // The binary digit of weight 2^k of a value >= 0 (k < 0: digits after the point), in O(1).
  // std::logic_error for a negative value.
  bool bit(std::int64_t k) const;
  // The numerator as a 64-bit word (two's complement) when it fits an int64, else a hash of its
  // digits: with exponent(), a cheap fingerprint for signatures (unchanged for 64-bit values).
  std::uint64_t signature() const;
  // True when the numerator is held inline (fits an int64); for tests and measurements.
  bool is_small() const { return !big_; }

  friend Dyadic operator+(const Dyadic& a, const Dyadic& b) {
    // Inline fast path: both numerators inline, the aligned sum fits. Else dyadic.cpp.
    if (!(a.big_ | b.big_)) {
      const std::uint32_t e = a.exp_ > b.exp_ ? a.exp_ : b.exp_;
      const std::uint32_t sa = e - a.exp_, sb = e - b.exp_;  // one of them is 0
      std::int64_t x, y, s;
      if (sa < 63 && sb < 63 && !__builtin_mul_overflow(a.num_, std::int64_t{1} << sa, &x) &&
          !__builtin_mul_overflow(b.num_, std::int64_t{1} << sb, &y) &&
          !__builtin_add_overflow(x, y, &s) && s != INT64_MIN) {
        if (s == 0) return Dyadic();
        std::uint32_t t =
            static_cast<std::uint32_t>(__builtin_ctzll(static_cast<std::uint64_t>(s)));
        t = t < e ? t : e;
        return Dyadic(s >> t, e - t);
      }
    }
    return add_general(a, b);
  }
  friend Dyadic operator-(const Dyadic& a) {
    return a.big_ ? big_negate(a) : Dyadic(-a.num_, a.exp_);
  }
  friend Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + (-b); }
  friend std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b);
  friend bool operator==(const Dyadic& a, const Dyadic& b) {
    if (a.big_ != b.big_ || a.exp_ != b.exp_) return false;
    return a.big_ ? big_equal(a, b) : a.num_ == b.num_;
  }

  // "0", "-3", "7/4", "-1/8": the denominator is written out up to 2^64 and as a power beyond
  // ("1/2^100"); the numerator is always written out in full.
  std::string to_string() const;

  template <typename H>
  friend H AbslHashValue(H h, const Dyadic& d) {
    if (!d.big_) return H::combine(std::move(h), d.num_, d.exp_);
    return H::combine(std::move(h), d.signature(), d.exp_, true);
  }

  struct Big;  // defined in dyadic.cpp

 private:
  constexpr Dyadic(std::int64_t num, std::uint32_t exp) : num_(num), exp_(exp) {}
  void copy_big(const Dyadic& o);
  void free_big();
  static bool big_equal(const Dyadic& a, const Dyadic& b);
  static Dyadic add_general(const Dyadic& a, const Dyadic& b);
  static Dyadic big_negate(const Dyadic& a);
  int big_sign() const;
  std::int64_t big_floor() const;
  friend struct DyadicAccess;

  // Inline: the numerator. Big: a Big* (the numerator as an mpz_class), stored in the same word.
  std::int64_t num_ = 0;
  std::uint32_t exp_ = 0;
  bool big_ = false;
};

// For GoogleTest failure messages: to_string().
void PrintTo(const Dyadic& d, std::ostream* os);

// The simplest dyadic strictly between lo and hi (the value of {lo | hi} when lo < hi); either
// bound may be absent (no options for that player). Any precision; O(log precision) big steps.
Dyadic simplest_between(const Dyadic* lo, const Dyadic* hi);

}  // namespace grundy
