#include "grundy/games/subtraction/subtraction.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/games/subtraction/finite_kernel.h"
#include "grundy/testing/sanitized.h"

namespace grundy::subtraction {
namespace {

using Values = std::vector<std::uint32_t>;

Values first(const Values& v, std::size_t n) {
  return Values(v.begin(), v.begin() + n);
}

// The obviously-correct computation: mex over every k in S with k <= n, by set membership.
Values brute(const SubtractionSet& s, std::uint64_t count, Rule rule) {
  Values g(count);
  for (std::uint64_t n = 0; n < count; ++n) {
    std::set<std::uint32_t> options;
    for (std::uint64_t k = 1; k <= n; ++k)
      if (s.contains(k)) options.insert(g[n - k]);
    if (options.empty() && rule == Rule::misere) {
      g[n] = 1;
      continue;
    }
    std::uint32_t m = 0;
    while (options.count(m)) ++m;
    g[n] = m;
  }
  return g;
}

// Seed 000: take 1 to 3 stones -> G(n) = n mod 4.
TEST(Subtraction, TakeOneToThreeIsNMod4) {
  const auto s = SubtractionSet::parse("1,2,3");
  const Values v = values(s, 100);
  for (std::uint64_t n = 0; n < 100; ++n) EXPECT_EQ(v[n], n % 4);
  const auto t = table(s, 10);
  ASSERT_TRUE(t.certified);
  EXPECT_EQ(*t.period, (Period{0, 4}));
}

// Seed 000: subtract {1,3,4} -> 0,1,0,1,2,3,2 repeating with period 7.
TEST(Subtraction, Seed134Period7) {
  const auto s = SubtractionSet::parse("1,3,4");
  EXPECT_EQ(first(values(s, 14), 14), (Values{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}));
  const auto t = table(s, 7);
  ASSERT_TRUE(t.certified);
  EXPECT_EQ(*t.period, (Period{0, 7}));
}

// Seed 000: misère {1,3,4} -> 1,0,1,0,2,3,2.
TEST(Subtraction, SeedMisere134) {
  const auto s = SubtractionSet::parse("1,3,4");
  EXPECT_EQ(values(s, 7, Rule::misere), (Values{1, 0, 1, 0, 2, 3, 2}));
}

// Seed 000: subtract powers of 4 -> 0,1,0,1,2 with period 5 (observed: the set is infinite).
TEST(Subtraction, SeedPowersOf4Period5) {
  const auto s = SubtractionSet::parse("powers:4");
  const auto t = table(s, 200);
  for (std::uint64_t n = 0; n < 200; ++n) EXPECT_EQ(t.values[n], (Values{0, 1, 0, 1, 2})[n % 5]);
  EXPECT_FALSE(t.certified);
  ASSERT_TRUE(t.period);
  EXPECT_EQ(*t.period, (Period{0, 5}));
}

// BOJ 9655: take 1 or 3 stones, the one who takes the last stone wins; "SK" moves first.
TEST(Subtraction, Boj9655) {
  const auto s = SubtractionSet::parse("1,3");
  for (std::uint64_t n = 1; n <= 1000; ++n)
    EXPECT_EQ(analyze(s, n).winner == Winner::first ? "SK" : "CY",
              std::string(n % 2 == 1 ? "SK" : "CY"));
}

TEST(Subtraction, FastPathsAgreeWithBruteForceForEveryKindOfSet) {
  const char* specs[] = {
      "1,3,4",          "2,5,7",         "3,4,9,13",  "1",       "5",        "squares",
      "powers:2",       "powers:3",      "fibonacci", "allbut:", "allbut:1", "allbut:2,3",
      "allbut:1,4,5,9", "allbut:2,4,6,8"};
  for (const char* spec : specs)
    for (Rule rule : {Rule::normal, Rule::misere}) {
      const auto s = SubtractionSet::parse(spec);
      ASSERT_EQ(values(s, 400, rule), brute(s, 400, rule)) << spec;
    }
}

TEST(Subtraction, AllButAgainstBruteForceOnRandomLists) {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 200; ++trial) {
    std::set<std::uint64_t> excluded;
    const int count = static_cast<int>(rng() % 6);
    for (int i = 0; i < count; ++i) excluded.insert(1 + rng() % 20);
    std::string spec = "allbut:";
    for (auto e : excluded) spec += std::to_string(e) + ",";
    if (!excluded.empty()) spec.pop_back();
    const auto s = SubtractionSet::parse(spec);
    const Rule rule = trial % 2 ? Rule::misere : Rule::normal;
    ASSERT_EQ(values(s, 300, rule), brute(s, 300, rule)) << spec;
  }
}

TEST(Subtraction, ValuesAgreeWithGenericSolver) {
  for (const char* spec : {"1,3,4", "2,3,7", "squares", "allbut:2,3"})
    for (Rule rule : {Rule::normal, Rule::misere}) {
      const auto s = SubtractionSet::parse(spec);
      Game g{&s};
      Solver<Game> solver(g, rule);
      const Values v = values(s, 300, rule);
      for (std::uint64_t n = 0; n < 300; ++n) ASSERT_EQ(v[n], solver.value(n)) << spec << " " << n;
    }
}

// Every certified period holds on a long direct computation.
TEST(Subtraction, CertifiedPeriodsHoldOnLongDirectComputation) {
  std::mt19937_64 rng(99);
  const int trials = sanitized() ? 40 : 400;
  for (int trial = 0; trial < trials; ++trial) {
    std::set<std::uint64_t> amounts;
    const int size = 1 + static_cast<int>(rng() % 6);
    const std::uint64_t largest = 1 + rng() % 30;
    for (int i = 0; i < size; ++i) amounts.insert(1 + rng() % largest);
    const auto s = SubtractionSet::finite({amounts.begin(), amounts.end()});
    const Rule rule = trial % 3 == 0 ? Rule::misere : Rule::normal;
    const auto c = certify(s, rule);
    ASSERT_TRUE(c) << s.to_string();
    const Period p = c->period;
    const std::uint64_t length = p.preperiod + 6 * p.period + 2000;
    const Values v = values(s, length, rule);
    for (std::uint64_t n = p.preperiod; n + p.period < length; ++n)
      ASSERT_EQ(v[n], v[n + p.period]) << s.to_string() << " n=" << n;
    // Least: no smaller period from the same point, and the preperiod cannot shrink.
    for (std::uint64_t d = 1; d < p.period; ++d) {
      bool holds = true;
      for (std::uint64_t n = p.preperiod; n + d < length && holds; ++n) holds = v[n] == v[n + d];
      ASSERT_FALSE(holds) << s.to_string() << " has smaller period " << d;
    }
    if (p.preperiod > 0) {
      ASSERT_NE(v[p.preperiod - 1], v[p.preperiod - 1 + p.period]) << s.to_string();
    }
  }
}

TEST(Subtraction, ValueAt10To18FromThePeriod) {
  const auto s = SubtractionSet::parse("1,3,4");
  const auto p = analyze(s, 1'000'000'000'000'000'000ull);
  EXPECT_TRUE(p.from_period);
  // 10^18 mod 7 = 1, so G = 1 and the winning move takes 1 to a multiple of 7 (value 0)...
  EXPECT_EQ(p.value, 1u);
  ASSERT_EQ(p.winning_moves.size(), 1u);
  EXPECT_EQ(p.winning_moves[0].take, 1u);
  // ...and the answer agrees with a direct computation at a smaller n of the same residue.
  const Values v = values(s, 1000);
  EXPECT_EQ(analyze(s, 999).value, v[999]);
}

TEST(Subtraction, StreamingKernelMatchesTable) {
  for (const char* spec : {"1,3,4", "2,5,7,11", "3"})
    for (Rule rule : {Rule::normal, Rule::misere}) {
      const auto s = SubtractionSet::parse(spec);
      FiniteStream stream(s, rule);
      const Values v = values(s, 500, rule);
      for (std::uint64_t n = 0; n < 500; ++n) ASSERT_EQ(stream.next(), v[n]) << spec;
    }
}

// A certified table holds one period, however many values it stands for; at() reads them all.
TEST(Subtraction, CertifiedTableHoldsOnePeriod) {
  const auto s = SubtractionSet::parse("1,3,4");
  const auto t = table(s, 100'000'000);
  ASSERT_TRUE(t.certified);
  EXPECT_EQ(t.count, 100'000'000u);
  EXPECT_EQ(t.values.size(), 7u);
  const Values direct = values(s, 1000);
  for (std::uint64_t n = 0; n < 1000; ++n) ASSERT_EQ(t.at(n), direct[n]) << n;
  EXPECT_EQ(t.at(99'999'999), direct[99'999'999 % 7]);
  // Uncertified tables hold everything.
  const auto u = table(SubtractionSet::parse("squares"), 500);
  EXPECT_EQ(u.values.size(), 500u);
}

// Progress is reported in units of work, ending below the total, and never decreasing.
TEST(Subtraction, ProgressIsMonotone) {
  std::uint64_t last = 0, total = 0, calls = 0;
  const ProgressFn progress = [&](std::uint64_t done, std::uint64_t all) {
    EXPECT_GE(done, last);
    EXPECT_LE(done, all);
    last = done, total = all, ++calls;
  };
  const std::uint64_t count = 80'000;  // values pass 63 at n = 63,323: both paths are used
  const auto v = values(SubtractionSet::parse("squares"), count, Rule::normal, progress);
  EXPECT_GT(calls, 1u);
  EXPECT_GT(total, 0u);
  // Against the plain definition: the mex of the values a square below.
  std::vector<std::uint8_t> seen;
  for (std::uint64_t n = 0; n < count; ++n) {
    seen.assign(200, 0);
    for (std::uint64_t k = 1; k * k <= n; ++k) seen[v[n - k * k]] = 1;
    std::uint32_t mex = 0;
    while (seen[mex]) ++mex;
    ASSERT_EQ(v[n], mex) << n;
  }
  EXPECT_GE(*std::max_element(v.begin(), v.end()), 64u);
}

// Keywords are matched in any case, in every command (colours, set names, game names).
TEST(Subtraction, KeywordsIgnoreCase) {
  EXPECT_EQ(SubtractionSet::parse("SQUARES").kind(), SetKind::squares);
  EXPECT_EQ(SubtractionSet::parse("Fibonacci").kind(), SetKind::fibonacci);
  EXPECT_EQ(SubtractionSet::parse("Powers:4").to_string(), "powers:4");
  EXPECT_EQ(SubtractionSet::parse("ALLBUT:2,5").to_string(), "allbut:2,5");
}

TEST(Subtraction, ParseErrorsNameTheProblem) {
  const auto message = [](const char* spec) {
    try {
      SubtractionSet::parse(spec);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(""), "the subtraction set is empty; give amounts like 1,3,4");
  EXPECT_EQ(message("1,0,3"), "the subtraction set element 2 is 0, which is not a move");
  EXPECT_EQ(message("1,x"), "the subtraction set element 2 'x' is not a whole number");
  EXPECT_EQ(message("1,-2"), "the subtraction set element 2 '-2' is negative");
  EXPECT_EQ(message("1,,2"), "the subtraction set element 2 is empty");
  EXPECT_EQ(message("3,1,3"), "the subtraction set lists 3 twice");
  EXPECT_EQ(message("1,99999999999999999999"),
            "the subtraction set element 2 '99999999999999999999' is above 2^62");
  EXPECT_EQ(message("powers:1"), "powers:K needs K >= 2, got 1");
  EXPECT_EQ(message("Squares:"),
            "unknown subtraction set 'Squares:'; use amounts like 1,3,4 or squares, powers:K, "
            "fibonacci, allbut:LIST");
  EXPECT_EQ(message("cubes"),
            "unknown subtraction set 'cubes'; use amounts like 1,3,4 or squares, powers:K, "
            "fibonacci, allbut:LIST");
  EXPECT_EQ(SubtractionSet::parse("4,1,3").to_string(), "1,3,4");
}

TEST(Subtraction, LimitsAreErrorsNotHangs) {
  const auto s = SubtractionSet::parse("squares");
  EXPECT_THROW(values(s, kMaxTableValues + 1), LimitError);
  EXPECT_THROW(analyze(s, kMaxTableValues + 5), LimitError);
}

}  // namespace
}  // namespace grundy::subtraction
