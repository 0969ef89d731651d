#include "grundy/core/dyadic.h"

#include <absl/hash/hash.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/testing/sanitized.h"

namespace grundy {
namespace {

TEST(Dyadic, SimplestBetween) {
  const Dyadic zero, one = Dyadic::integer(1), half = Dyadic::make(1, 1);
  EXPECT_EQ(simplest_between(nullptr, nullptr), zero);
  EXPECT_EQ(simplest_between(&zero, nullptr), one);
  EXPECT_EQ(simplest_between(nullptr, &zero), Dyadic::integer(-1));
  EXPECT_EQ(simplest_between(&zero, &one), half);
  EXPECT_EQ(simplest_between(&half, &one), Dyadic::make(3, 2));
  const Dyadic a = Dyadic::make(5, 3), b = Dyadic::integer(3);  // 5/8 < x < 3
  EXPECT_EQ(simplest_between(&a, &b), one);
  const Dyadic m = Dyadic::make(-7, 2), n = Dyadic::make(-3, 1);  // -7/4 < x < -3/2
  EXPECT_EQ(simplest_between(&m, &n), Dyadic::make(-13, 3));
  EXPECT_EQ(Dyadic::make(7, 2).to_string(), "7/4");
  EXPECT_EQ(Dyadic::make(-6, 1).to_string(), "-3");
}

TEST(Dyadic, ToStringAtAnyPrecision) {
  EXPECT_EQ(Dyadic().to_string(), "0");
  EXPECT_EQ(Dyadic::make(-1, 3).to_string(), "-1/8");
  EXPECT_EQ(Dyadic::make(1, 63).to_string(), "1/9223372036854775808");
  EXPECT_EQ(Dyadic::make(3, 64).to_string(), "3/18446744073709551616");
  EXPECT_EQ(Dyadic::make(1, 100).to_string(), "1/2^100");
  EXPECT_EQ(Dyadic::make(-5, 65).to_string(), "-5/2^65");
  const Dyadic big = Dyadic::integer(1).shifted(100);  // 2^100, a heap numerator
  EXPECT_FALSE(big.is_small());
  EXPECT_EQ(big.to_string(), "1267650600228229401496703205376");
  EXPECT_EQ((big + Dyadic::make(1, 1)).to_string(), "2535301200456458802993406410753/2");
}

TEST(Dyadic, FastPathStaysInline) {
  const Dyadic x = Dyadic::make(std::numeric_limits<std::int64_t>::max(), 0);
  EXPECT_TRUE(x.is_small());
  const Dyadic y = x + Dyadic::integer(1);  // 2^63: no longer an inline numerator
  EXPECT_FALSE(y.is_small());
  EXPECT_EQ(y - Dyadic::integer(1), x);
  EXPECT_TRUE((y - Dyadic::integer(1)).is_small());  // back inline: one representation per value
  EXPECT_EQ(-y, Dyadic::make(std::numeric_limits<std::int64_t>::min(), 0));
  EXPECT_FALSE(Dyadic::make(std::numeric_limits<std::int64_t>::min(), 0).is_small());
  EXPECT_EQ(Dyadic::make(std::numeric_limits<std::int64_t>::min(), 62), Dyadic::integer(-2));
  EXPECT_TRUE(Dyadic::make(1, 1000).is_small());
  EXPECT_EQ(Dyadic::make(12, 3), Dyadic::make(3, 1));
}

TEST(Dyadic, ShiftFloorCeil) {
  const Dyadic x = Dyadic::make(-7, 2);  // -7/4
  EXPECT_EQ(x.floor(), -2);
  EXPECT_EQ(x.ceil(), -1);
  EXPECT_EQ(Dyadic::make(7, 2).floor(), 1);
  EXPECT_EQ(Dyadic::make(7, 2).ceil(), 2);
  EXPECT_EQ(Dyadic::integer(5).floor(), 5);
  EXPECT_EQ(Dyadic::make(-1, 200).floor(), -1);
  EXPECT_EQ(Dyadic::make(-1, 200).ceil(), 0);
  EXPECT_EQ(x.shifted(2), Dyadic::integer(-7));
  EXPECT_EQ(x.shifted(-3), Dyadic::make(-7, 5));
  EXPECT_EQ(x.shifted(70).shifted(-70), x);
}

TEST(Dyadic, FloorBeyond64BitsIsALimit) {
  EXPECT_THROW(static_cast<void>(Dyadic::integer(3).shifted(70).floor()), LimitError);
  EXPECT_EQ(Dyadic::integer(3).shifted(70).shifted(-70).floor(), 3);
}

// Random values at small and huge precision against GMP rationals computed independently.
struct Pair {
  Dyadic d;
  mpq_class q;
};

mpq_class pow2(long k) {
  mpz_class p;
  mpz_ui_pow_ui(p.get_mpz_t(), 2, static_cast<unsigned long>(k < 0 ? -k : k));
  return k < 0 ? mpq_class(1, p) : mpq_class(p);
}

Pair random_pair(std::mt19937_64& rng) {
  Pair p{Dyadic(), mpq_class(0)};
  const int terms = 1 + static_cast<int>(rng() % 3);
  const bool huge = rng() % 2;
  for (int t = 0; t < terms; ++t) {
    const int bits = 1 + static_cast<int>(rng() % 62);
    const std::int64_t r = static_cast<std::int64_t>(rng() >> (64 - bits)) * (rng() % 2 ? 1 : -1);
    const auto e = static_cast<std::uint32_t>(rng() % (huge ? 300 : 40));
    const long s = huge ? static_cast<long>(rng() % 401) - 200 : static_cast<long>(rng() % 5) - 2;
    p.d = p.d + Dyadic::make(r, e).shifted(s);
    p.q += mpq_class(static_cast<long>(r)) * pow2(s - static_cast<long>(e));
  }
  p.q.canonicalize();
  return p;
}

std::string reference_string(const mpq_class& q) {
  const std::size_t e = mpz_sizeinbase(q.get_den_mpz_t(), 2) - 1;  // den is 2^e
  const std::string n = q.get_num().get_str();
  if (e == 0) return n;
  if (e <= 64) return n + "/" + q.get_den().get_str();
  return n + "/2^" + std::to_string(e);
}

mpq_class simplest_reference(const mpq_class& lo, const mpq_class& hi) {
  // Integers first (nearest to zero), then the only multiple of 2^-k between, k = 1, 2, ...
  mpz_class f;
  mpz_fdiv_q(f.get_mpz_t(), lo.get_num_mpz_t(), lo.get_den_mpz_t());
  const mpz_class first = f + 1;
  if (mpq_class(first) < hi) {
    if (first <= 0 && mpq_class(0) < hi) return 0;
    if (first > 0) return first;
    mpz_class c;
    mpz_cdiv_q(c.get_mpz_t(), hi.get_num_mpz_t(), hi.get_den_mpz_t());
    return c - 1;  // hi <= 0: the largest integer below hi
  }
  for (long k = 1;; ++k) {
    const mpq_class scaled = lo * pow2(k);
    mpz_fdiv_q(f.get_mpz_t(), scaled.get_num_mpz_t(), scaled.get_den_mpz_t());
    mpq_class m(f + 1);
    m *= pow2(-k);
    if (m < hi) return m;
  }
}

TEST(Dyadic, ArithmeticMatchesRationals) {
  std::mt19937_64 rng(17);
  const absl::Hash<Dyadic> hash;
  const int trials = sanitized() ? 500 : 4000;
  for (int trial = 0; trial < trials; ++trial) {
    const Pair a = random_pair(rng), b = random_pair(rng);
    EXPECT_EQ(a.d.to_string(), reference_string(a.q)) << trial;
    const Pair sum{a.d + b.d, a.q + b.q}, diff{a.d - b.d, a.q - b.q}, neg{-a.d, -a.q};
    ASSERT_EQ(sum.d.to_string(), reference_string(sum.q)) << trial;
    ASSERT_EQ(diff.d.to_string(), reference_string(diff.q)) << trial;
    ASSERT_EQ(neg.d.to_string(), reference_string(neg.q)) << trial;
    ASSERT_EQ(a.d < b.d, a.q < b.q) << trial;
    ASSERT_EQ(a.d == b.d, a.q == b.q) << trial;
    ASSERT_EQ(a.d > b.d, a.q > b.q) << trial;
    // The same value reached another way: equal, and hashed alike.
    const Dyadic again = (a.d + b.d) - b.d;
    ASSERT_EQ(again, a.d) << trial;
    ASSERT_EQ(hash(again), hash(a.d)) << trial;
    const int sign = sgn(a.q);
    ASSERT_EQ(a.d.sign(), sign) << trial;
    const long k = static_cast<long>(rng() % 200) - 100;
    ASSERT_EQ(a.d.shifted(k).to_string(), reference_string(a.q * pow2(k))) << trial;
    if (a.q != b.q) {
      const Dyadic& lo = a.q < b.q ? a.d : b.d;
      const Dyadic& hi = a.q < b.q ? b.d : a.d;
      const mpq_class& qlo = a.q < b.q ? a.q : b.q;
      const mpq_class& qhi = a.q < b.q ? b.q : a.q;
      ASSERT_EQ(simplest_between(&lo, &hi).to_string(),
                reference_string(simplest_reference(qlo, qhi)))
          << trial << " " << lo.to_string() << " " << hi.to_string();
    }
  }
}

TEST(Dyadic, SimplestBetweenAtHugePrecision) {
  // Between 1/2 - 2^-5000 and 1/2 + 2^-5000 the simplest is 1/2; just above 1/2, 1/2 + 2^-5001.
  const Dyadic half = Dyadic::make(1, 1), tiny = Dyadic::make(1, 5000);
  const Dyadic lo = half - tiny, hi = half + tiny;
  EXPECT_EQ(simplest_between(&lo, &hi), half);
  const Dyadic tinier = Dyadic::make(1, 5001);
  EXPECT_EQ(simplest_between(&half, &hi), half + tinier);
  const Dyadic nlo = -hi, nhi = -half;
  EXPECT_EQ(simplest_between(&nlo, &nhi), -(half + tinier));
  // Big integer parts: between 2^100 + 1/4 and 2^100 + 1/2 lies 2^100 + 3/8.
  const Dyadic base = Dyadic::integer(1).shifted(100);
  const Dyadic a = base + Dyadic::make(1, 2), b = base + Dyadic::make(1, 1);
  EXPECT_EQ(simplest_between(&a, &b), base + Dyadic::make(3, 3));
  EXPECT_EQ(simplest_between(&a, nullptr), base + Dyadic::integer(1));
}

TEST(Dyadic, CopiesAndMovesOfHeapValues) {
  const Dyadic big = Dyadic::integer(1).shifted(200) + Dyadic::make(1, 3);
  Dyadic c = big;
  EXPECT_EQ(c, big);
  Dyadic m = std::move(c);
  EXPECT_EQ(m, big);
  c = m;
  c = c;  // self-assignment
  EXPECT_EQ(c, big);
  std::vector<Dyadic> v(100, big);
  v.resize(1000);
  v[5] = Dyadic::integer(2);
  v[0] = std::move(v[1]);
  EXPECT_EQ(v[0], big);
  EXPECT_EQ(v[5], Dyadic::integer(2));
}

TEST(Dyadic, ResourceBound) {
  // Exact far beyond 64 bits; a LimitError only past kMaxBits (2^26) bits.
  EXPECT_NO_THROW(Dyadic::make(1, 60) + Dyadic::integer(std::int64_t{1} << 20));
  EXPECT_EQ(Dyadic::make(1, 61) + Dyadic::make(1, 61), Dyadic::make(1, 60));
  EXPECT_NO_THROW(Dyadic::make(1, Dyadic::kMaxBits));
  EXPECT_THROW(Dyadic::make(1, Dyadic::kMaxBits + 1), LimitError);
  EXPECT_THROW(Dyadic::make(1, std::numeric_limits<std::uint32_t>::max()), LimitError);
  EXPECT_EQ(Dyadic::make(4, Dyadic::kMaxBits + 2), Dyadic::make(1, Dyadic::kMaxBits));
  EXPECT_THROW(Dyadic::make(1, Dyadic::kMaxBits).shifted(-1), LimitError);
  EXPECT_THROW(Dyadic::integer(1).shifted(std::int64_t{Dyadic::kMaxBits} + 1), LimitError);
  EXPECT_THROW(Dyadic::integer(1).shifted(std::numeric_limits<std::int64_t>::min()), LimitError);
  try {
    static_cast<void>(Dyadic::make(1, Dyadic::kMaxBits + 1));
  } catch (const LimitError& e) {
    EXPECT_NE(std::string(e.what()).find("67108864 bits"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace grundy
