#include "grundy/core/dyadic.h"

#include <bit>
#include <cstdlib>

#include "grundy/core/error.h"

namespace grundy {
namespace {

constexpr std::uint32_t kMaxExponent = 60;
constexpr std::int64_t kMaxMagnitude = std::int64_t{1} << 61;

[[noreturn]] void too_precise() {
  throw LimitError("a value needs more than 60 bits of precision (numerator or denominator)");
}

// a * 2^shift, checked.
std::int64_t shifted(std::int64_t a, std::uint32_t shift) {
  if (shift >= 62) {
    if (a == 0) return 0;
    too_precise();
  }
  const std::int64_t bound = kMaxMagnitude >> shift;
  if (a > bound || a < -bound) too_precise();
  return a * (std::int64_t{1} << shift);
}

std::int64_t floor_div_pow2(std::int64_t a, std::uint32_t shift) {
  return a >> shift;  // arithmetic shift floors
}

}  // namespace

Dyadic Dyadic::make(std::int64_t num, std::uint32_t exp) {
  if (num == 0) return Dyadic(0, 0);
  while (exp > 0 && (num & 1) == 0) num /= 2, --exp;
  if (exp > kMaxExponent || num > kMaxMagnitude || num < -kMaxMagnitude) too_precise();
  return Dyadic(num, exp);
}

Dyadic operator+(const Dyadic& a, const Dyadic& b) {
  const std::uint32_t e = std::max(a.exp_, b.exp_);
  const std::int64_t x = shifted(a.num_, e - a.exp_), y = shifted(b.num_, e - b.exp_);
  return Dyadic::make(x + y, e);
}

std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b) {
  const std::uint32_t e = std::max(a.exp_, b.exp_);
  return shifted(a.num_, e - a.exp_) <=> shifted(b.num_, e - b.exp_);
}

std::string Dyadic::to_string() const {
  if (exp_ == 0) return std::to_string(num_);
  return std::to_string(num_) + "/" + std::to_string(std::uint64_t{1} << exp_);
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
  // Now lo >= 0 and lo exists (hi may be absent).
  const std::int64_t n = floor_div_pow2(lo->numerator(), lo->exponent()) + 1;
  const Dyadic candidate = Dyadic::integer(n);
  if (!hi || candidate < *hi) return candidate;
  for (std::uint32_t k = 1; k <= kMaxExponent; ++k) {
    // The least multiple of 2^-k above lo; the first k with one below hi is the simplest.
    const std::int64_t m = floor_div_pow2(shifted(lo->numerator(), k), lo->exponent()) + 1;
    const Dyadic c = Dyadic::make(m, k);
    if (c < *hi) return c;
  }
  too_precise();
}

}  // namespace grundy
