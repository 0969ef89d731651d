#include "grundy/core/dyadic.h"

#include <gmpxx.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <vector>

#include "grundy/core/error.h"

namespace grundy {

struct Dyadic::Big {
  mpz_class num;
};

// Builds and reads the heap form; everything that touches GMP goes through here.
struct DyadicAccess {
  static const mpz_class& big_num(const Dyadic& d) {
    return reinterpret_cast<const Dyadic::Big*>(static_cast<std::intptr_t>(d.num_))->num;
  }

  [[noreturn]] static void too_precise() {
    throw LimitError("a value needs more than " + std::to_string(Dyadic::kMaxBits) +
                     " bits (numerator or denominator)");
  }

  // The numerator of d as an mpz.
  static mpz_class num_of(const Dyadic& d) {
    if (d.big_) return big_num(d);
    return mpz_class(static_cast<long>(d.num_));
  }

  // num / 2^exp, reduced, in the inline form when the numerator fits. exp may be any
  // non-negative value; LimitError beyond kMaxBits.
  static Dyadic from(mpz_class num, std::uint64_t exp) {
    if (num == 0) return Dyadic();
    const mp_bitcnt_t tz = mpz_scan1(num.get_mpz_t(), 0);
    const std::uint64_t drop = std::min<std::uint64_t>(tz, exp);
    if (drop > 0) mpz_fdiv_q_2exp(num.get_mpz_t(), num.get_mpz_t(), drop);
    exp -= drop;
    if (exp > Dyadic::kMaxBits || mpz_sizeinbase(num.get_mpz_t(), 2) > Dyadic::kMaxBits)
      too_precise();
    Dyadic r;
    r.exp_ = static_cast<std::uint32_t>(exp);
    if (mpz_fits_slong_p(num.get_mpz_t()) && num != std::numeric_limits<long>::min()) {
      r.num_ = num.get_si();
    } else {
      auto* b = new Dyadic::Big{std::move(num)};
      r.num_ = static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(b));
      r.big_ = true;
    }
    return r;
  }

  // a.num * 2^(e - a.exp) for e >= a.exp: the numerator over the common denominator 2^e.
  static mpz_class aligned(const Dyadic& a, std::uint32_t e) {
    mpz_class n = num_of(a);
    mpz_mul_2exp(n.get_mpz_t(), n.get_mpz_t(), e - a.exp_);
    return n;
  }

  static Dyadic add_slow(const Dyadic& a, const Dyadic& b) {
    const std::uint32_t e = std::max(a.exp_, b.exp_);
    return from(aligned(a, e) + aligned(b, e), e);
  }

  static std::strong_ordering cmp_slow(const Dyadic& a, const Dyadic& b) {
    const int sa = a.sign(), sb = b.sign();
    if (sa != sb) return sa <=> sb;
    const std::uint32_t e = std::max(a.exp_, b.exp_);
    const int c = cmp(aligned(a, e), aligned(b, e));
    return c <=> 0;
  }

  // floor(d) as a Dyadic, at any size.
  static Dyadic floor_value(const Dyadic& d) {
    if (!d.big_) return Dyadic::integer(floor_of(d));
    mpz_class q;
    mpz_fdiv_q_2exp(q.get_mpz_t(), big_num(d).get_mpz_t(), d.exp_);
    return from(std::move(q), 0);
  }

  // num / 2^exp reduced, inline: num not INT64_MIN, exp within the bound.
  static Dyadic reduce_small(std::int64_t num, std::uint32_t exp) {
    if (num == 0) return Dyadic();
    const std::uint32_t t = std::min<std::uint32_t>(
        static_cast<std::uint32_t>(std::countr_zero(static_cast<std::uint64_t>(num))), exp);
    return Dyadic(num >> t, exp - t);
  }

  static std::int64_t floor_of(const Dyadic& d) {
    if (!d.big_) {
      if (d.exp_ < 63) return d.num_ >> d.exp_;  // arithmetic shift floors
      return d.num_ < 0 ? -1 : 0;
    }
    mpz_class q;
    mpz_fdiv_q_2exp(q.get_mpz_t(), big_num(d).get_mpz_t(), d.exp_);
    if (!mpz_fits_slong_p(q.get_mpz_t()))
      throw LimitError("the integer part of a value does not fit in 64 bits");
    return q.get_si();
  }
};

namespace {

using A = DyadicAccess;

// a * 2^shift without overflow, or false; shift may be anything.
bool shift_fits(std::int64_t a, std::uint32_t shift, std::int64_t& out) {
  if (a == 0) return out = 0, true;
  if (shift >= 63) return false;
  return !__builtin_mul_overflow(a, std::int64_t{1} << shift, &out);
}

}  // namespace

void Dyadic::copy_big(const Dyadic& o) {
  num_ = static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(new Big{A::big_num(o)}));
}

void Dyadic::free_big() {
  delete reinterpret_cast<Big*>(static_cast<std::intptr_t>(num_));
}

bool Dyadic::big_equal(const Dyadic& a, const Dyadic& b) {
  return A::big_num(a) == A::big_num(b);
}

Dyadic Dyadic::make(std::int64_t num, std::uint32_t exp) {
  if (num == 0) return Dyadic();
  if (num == std::numeric_limits<std::int64_t>::min())
    return A::from(mpz_class(static_cast<long>(num)), exp);
  if (exp > 0) {
    const std::uint32_t t = std::min<std::uint32_t>(
        static_cast<std::uint32_t>(std::countr_zero(static_cast<std::uint64_t>(num))), exp);
    num >>= t, exp -= t;
  }
  if (exp > kMaxBits) A::too_precise();
  return Dyadic(num, exp);
}

int Dyadic::big_sign() const {
  return sgn(A::big_num(*this));
}

std::int64_t Dyadic::big_floor() const {
  return A::floor_of(*this);
}

Dyadic Dyadic::big_negate(const Dyadic& a) {
  return A::from(-A::big_num(a), a.exp_);
}

Dyadic Dyadic::shifted(std::int64_t k) const {
  if (!big_ && num_ == 0) return Dyadic();
  if (k < 0) {
    std::uint64_t e = std::uint64_t{exp_} + static_cast<std::uint64_t>(-(k + 1)) + 1;
    if (big_) return A::from(A::big_num(*this), e);  // reduces, then checks the bound
    // An integer's trailing zero bits cancel; a fraction's numerator is odd already.
    std::int64_t n = num_;
    if (exp_ == 0) {
      const std::uint64_t t = std::min<std::uint64_t>(
          static_cast<std::uint64_t>(std::countr_zero(static_cast<std::uint64_t>(n))), e);
      n >>= t, e -= t;
    }
    if (e > kMaxBits) A::too_precise();
    return Dyadic(n, static_cast<std::uint32_t>(e));
  }
  if (static_cast<std::uint64_t>(k) <= exp_) {
    if (!big_) return Dyadic(num_, exp_ - static_cast<std::uint32_t>(k));
    return A::from(A::big_num(*this), exp_ - static_cast<std::uint64_t>(k));
  }
  const std::uint64_t up = static_cast<std::uint64_t>(k) - exp_;  // the numerator grows
  std::int64_t n;
  if (!big_ && up < 63 && shift_fits(num_, static_cast<std::uint32_t>(up), n) &&
      n != std::numeric_limits<std::int64_t>::min())
    return Dyadic(n, 0);
  if (up > kMaxBits) A::too_precise();
  mpz_class m = A::num_of(*this);
  mpz_mul_2exp(m.get_mpz_t(), m.get_mpz_t(), up);
  return A::from(std::move(m), 0);
}

Dyadic Dyadic::from_binary(int sign, std::uint64_t integer,
                           std::span<const std::uint8_t> fraction) {
  const std::size_t n = fraction.size();
  if (n > kMaxBits) A::too_precise();
  // The numerator over 2^n, least significant word first.
  std::vector<std::uint64_t> words(n / 64 + 2, 0);
  for (std::size_t i = 0; i < n; ++i)
    if (fraction[i]) words[(n - 1 - i) / 64] |= std::uint64_t{1} << ((n - 1 - i) % 64);
  const std::size_t low = n % 64;
  words[n / 64] |= integer << low;
  if (low != 0) words[n / 64 + 1] |= integer >> (64 - low);
  mpz_class num;
  mpz_import(num.get_mpz_t(), words.size(), -1, sizeof(std::uint64_t), 0, 0, words.data());
  if (sign < 0) num = -num;
  return A::from(std::move(num), n);
}

bool Dyadic::bit(std::int64_t k) const {
  if (sign() < 0) throw std::logic_error("Dyadic::bit of a negative value");
  const std::int64_t at = k + static_cast<std::int64_t>(exp_);  // the numerator's bit
  if (at < 0) return false;
  if (!big_) return at < 63 && ((num_ >> at) & 1) != 0;
  return mpz_tstbit(A::big_num(*this).get_mpz_t(), static_cast<mp_bitcnt_t>(at)) != 0;
}

std::int64_t Dyadic::ceil() const {
  return -A::floor_of(-*this);
}

std::uint64_t Dyadic::signature() const {
  if (!big_) return static_cast<std::uint64_t>(num_);
  const mpz_class& n = A::big_num(*this);
  const mp_size_t size = mpz_size(n.get_mpz_t());
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(sgn(n) + 1);
  for (mp_size_t i = 0; i < size; ++i) {
    h ^= static_cast<std::uint64_t>(mpz_getlimbn(n.get_mpz_t(), i));
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  }
  return h;
}

Dyadic Dyadic::add_general(const Dyadic& a, const Dyadic& b) {
  if (!a.big_ && !b.big_) {
    const std::uint32_t e = std::max(a.exp_, b.exp_);
    std::int64_t x, y, s;
    if (shift_fits(a.num_, e - a.exp_, x) && shift_fits(b.num_, e - b.exp_, y) &&
        !__builtin_add_overflow(x, y, &s) && s != std::numeric_limits<std::int64_t>::min())
      return A::reduce_small(s, e);
  }
  return A::add_slow(a, b);
}

std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b) {
  if (!a.big_ && !b.big_) {
    if (a.exp_ == b.exp_) return a.num_ <=> b.num_;
    const std::uint32_t e = std::max(a.exp_, b.exp_);
    std::int64_t x, y;
    if (shift_fits(a.num_, e - a.exp_, x) && shift_fits(b.num_, e - b.exp_, y)) return x <=> y;
  }
  return A::cmp_slow(a, b);
}

void PrintTo(const Dyadic& d, std::ostream* os) {
  *os << d.to_string();
}

std::string Dyadic::to_string() const {
  const std::string n = big_ ? A::big_num(*this).get_str() : std::to_string(num_);
  if (exp_ == 0) return n;
  if (exp_ < 64) return n + "/" + std::to_string(std::uint64_t{1} << exp_);
  if (exp_ == 64) return n + "/18446744073709551616";
  return n + "/2^" + std::to_string(exp_);
}

Dyadic simplest_between(const Dyadic* lo, const Dyadic* hi) {
  const Dyadic zero;
  if ((!lo || *lo < zero) && (!hi || zero < *hi)) return zero;
  if (!lo && !hi) return zero;
  if (hi && *hi <= zero) {
    // Everything lies at or below 0: mirror into the positive case.
    const Dyadic nhi = -*hi;
    if (!lo) return -simplest_between(&nhi, nullptr);
    const Dyadic nlo = -*lo;
    return -simplest_between(&nhi, &nlo);
  }
  // Now lo >= 0 and lo exists (hi may be absent). The first integer above lo, if below hi.
  const Dyadic candidate = A::floor_value(*lo) + Dyadic::integer(1);
  if (!hi || candidate < *hi) return candidate;
  // The least multiple of 2^-k above lo is floor(lo * 2^k) + 1 over 2^k; the simplest number
  // between is that multiple for the least k where it lies below hi. Having one below hi is
  // monotone in k, and k = max(exponents) + 1 always has one: bisect.
  const auto above = [&](std::uint32_t k) {
    const Dyadic s = lo->shifted(k);
    const Dyadic m = Dyadic::integer(s.floor()) + Dyadic::integer(1);
    return m.shifted(-std::int64_t{k});
  };
  const auto above_big = [&](std::uint32_t k) {  // the same, for floors beyond 64 bits
    mpz_class f = A::num_of(*lo);
    const std::uint32_t e = lo->exponent();
    if (k >= e) {
      mpz_mul_2exp(f.get_mpz_t(), f.get_mpz_t(), k - e);
    } else {
      mpz_fdiv_q_2exp(f.get_mpz_t(), f.get_mpz_t(), e - k);
    }
    return A::from(f + 1, k);
  };
  const auto multiple = [&](std::uint32_t k) {
    // Inline fast path: lo < 2^20 and k <= 40 keep lo * 2^k below 2^60.
    if (k <= 40 && lo->is_small() && lo->floor() < (std::int64_t{1} << 20)) return above(k);
    return above_big(k);
  };
  std::uint32_t lo_k = 0, hi_k = std::max(lo->exponent(), hi->exponent()) + 1;  // (lo_k, hi_k]
  while (hi_k - lo_k > 1) {
    const std::uint32_t mid = lo_k + (hi_k - lo_k) / 2;
    if (multiple(mid) < *hi) {
      hi_k = mid;
    } else {
      lo_k = mid;
    }
  }
  return multiple(hi_k);
}

}  // namespace grundy
