#include "grundy/games/hackenbush/stalk.h"

#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/hackenbush/blue_red.h"
#include "grundy/testing/sanitized.h"

namespace grundy::hackenbush::stalk_test {
namespace {

constexpr Colour B = Colour::blue, R = Colour::red;

// Berlekamp's rule by plain addition: the obviously correct O(m^2) version.
std::vector<Dyadic> prefixes_by_addition(const std::vector<Colour>& s) {
  std::vector<Dyadic> out{Dyadic{}};
  Dyadic v;
  std::size_t run = 0;
  while (run < s.size() && s[run] == s[0]) ++run;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const int sign = s[i] == B ? 1 : -1;
    v = v + (i < run ? Dyadic::integer(sign)
                     : Dyadic::make(sign, static_cast<std::uint32_t>(i - run + 1)));
    out.push_back(v);
  }
  return out;
}

std::vector<Colour> random_stalk(std::mt19937_64& rng, std::size_t m) {
  std::vector<Colour> s;
  const std::size_t run = 1 + rng() % 4;
  const Colour first = rng() % 2 ? B : R;
  for (std::size_t i = 0; i < m; ++i) s.push_back(i < run ? first : (rng() % 2 ? B : R));
  return s;
}

TEST(Stalk, PrefixesMatchAddition) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const auto s = random_stalk(rng, rng() % 150);
    const StalkPrefixes p(s);
    const auto want = prefixes_by_addition(s);
    ASSERT_EQ(p.size(), s.size());
    for (std::size_t k = 0; k <= s.size(); ++k)
      ASSERT_EQ(p.prefix(k), want[k]) << trial << " " << k;
    ASSERT_EQ(p.value(), want.back());
  }
}

TEST(Stalk, CompareMatchesSubtraction) {
  std::mt19937_64 rng(12);
  const int trials = sanitized() ? 100 : 300;  // (20 s there)
  for (int trial = 0; trial < trials; ++trial) {
    const auto s = random_stalk(rng, rng() % 100);
    const StalkPrefixes p(s);
    const auto want = prefixes_by_addition(s);
    // Thresholds: every prefix itself, its neighbours at fine precision, integers, far values.
    std::vector<Dyadic> thresholds = {Dyadic{}, Dyadic::integer(1000), Dyadic::integer(-1000),
                                      Dyadic::make(1, 200), Dyadic::make(-1, 200)};
    for (const Dyadic& w : want) {
      thresholds.push_back(w);
      thresholds.push_back(-w);
      thresholds.push_back(w + Dyadic::make(1, 120));
      thresholds.push_back(w - Dyadic::make(1, 120));
      thresholds.push_back(w + Dyadic::make(static_cast<std::int64_t>(rng() % 7) - 3,
                                            static_cast<std::uint32_t>(rng() % 110)));
    }
    for (const Dyadic& t : thresholds) {
      const auto got = p.compare(t);
      ASSERT_EQ(got.size(), want.size());
      for (std::size_t k = 0; k < want.size(); ++k)
        ASSERT_EQ(got[k], (want[k] - t).sign()) << trial << " k=" << k << " t=" << t.to_string();
    }
  }
}

TEST(Stalk, GreenIsRefused) {
  const std::vector<Colour> s{B, Colour::green};
  EXPECT_THROW(StalkPrefixes{s}, InputError);
}

// A stalk of 10^6 edges alternating after its first one: its value has 10^6 binary digits, each
// prefix as many; the analysis keeps one string of bits, never 10^6 numbers of them.
TEST(Stalk, MillionEdgeStalkIsLinear) {
  const std::size_t m = 1000000;
  Graph g;
  for (std::size_t i = 0; i < m; ++i) g.add_edge(i, i + 1, i % 2 ? R : B);  // B R B R ...
  const BlueRedAnalysis a = analyze_blue_red(g);
  // BRBR... = 1 - 1/2 + 1/4 - ... (m terms) = (2/3)(1 - 2^-m) for m even: 3p = 2 - 2^-(m-1).
  const Dyadic three_p = a.value + a.value + a.value;
  EXPECT_EQ(three_p, Dyadic::integer(2) - Dyadic::make(1, static_cast<std::uint32_t>(m - 1)));
  // Blue wins moving first on a positive value: the only cuts leaving >= 0 are blue ones whose
  // prefix is >= 0, i.e. all of them (every prefix of BRBR... is positive) -- and Red has none.
  EXPECT_EQ(a.blue_wins.size(), m / 2);
  EXPECT_TRUE(a.red_wins.empty());
}

}  // namespace
}  // namespace grundy::hackenbush::stalk_test
