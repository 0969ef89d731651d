#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/period.h"
#include "grundy/games/octal/plain.h"
#include "grundy/testing/sanitized.h"

namespace grundy::octal {
namespace {

Period proven(const char* text, std::uint64_t limit = kDefaultProofLimit) {
  const auto proof = prove_period(OctalCode::parse(text), limit);
  EXPECT_TRUE(proof.has_value()) << text;
  return proof ? proof->period : Period{};
}

TEST(OctalPeriod, KaylesDawsonAnd137) {
  EXPECT_EQ(proven("0.77"), (Period{71, 12}));
  EXPECT_EQ(proven("0.07"), (Period{53, 34}));
  EXPECT_EQ(proven("0.137"), (Period{52, 34}));
}

TEST(OctalPeriod, SubtractionTwoThreeSeven) {
  const Period p = proven("0.0330003");
  EXPECT_EQ(p.period, 5u);
  // The subtraction game itself: values 0 0 1 1 1 0 2 1 ... repeat with period 5 from early on.
  EXPECT_LE(p.preperiod, 10u);
}

TEST(OctalPeriod, ProofStatesTheCheckedRange) {
  const auto proof = prove_period(OctalCode::parse("0.77"));
  ASSERT_TRUE(proof);
  EXPECT_EQ(proof->t, 2u);
  const auto e1 = std::max<std::uint64_t>(proof->checked.preperiod, 1);
  EXPECT_EQ(proof->checked_up_to, 2 * e1 + proof->checked.period + 2);
  EXPECT_GE(proof->values_computed, proof->values_needed);
  // And the period really holds well beyond the checked range.
  const auto g = plain_values(OctalCode::parse("0.77"), 3000);
  for (std::uint64_t n = 71; n + 12 < g.size(); ++n) ASSERT_EQ(g[n + 12], g[n]) << n;
}

// Hexadecimal codes: a move may leave three heaps, whose largest is only a third of the heap,
// so the check runs to 3e' + 2p + t (period.h).
TEST(OctalPeriod, HexadecimalBoundUsesThreeHeaps) {
  const auto proof = prove_period(OctalCode::parse("0.f"));
  ASSERT_TRUE(proof);
  EXPECT_EQ(proof->heaps, 3u);
  const auto e1 = std::max<std::uint64_t>(proof->checked.preperiod, 1);
  EXPECT_EQ(proof->checked_up_to, 3 * e1 + 2 * proof->checked.period + 1);
  EXPECT_EQ(prove_period(OctalCode::parse("0.77"))->heaps, 2u);
}

// Every period the theorem proves for random hexadecimal codes holds on twice as many values
// as the proof used, computed by the plain path (every triple).
TEST(OctalPeriod, HexadecimalProofsHoldFurther) {
  std::mt19937_64 rng(77);
  const char* digits = "0123456789abcdef";
  int proven_codes = 0;
  for (int i = 0; i < (sanitized() ? 30 : 200); ++i) {
    std::string text = "0.";
    for (int d = 0; d < 1 + static_cast<int>(rng() % 2); ++d) text += digits[rng() % 16];
    if (text.find_first_of("89abcdef") == std::string::npos) continue;
    const auto code = OctalCode::parse(text);
    const auto proof = prove_period(code, 512);
    if (!proof) continue;
    ++proven_codes;
    const auto g = plain_values(code, 2 * proof->values_computed);
    for (std::uint64_t n = proof->period.preperiod; n + proof->period.period < g.size(); ++n)
      ASSERT_EQ(g[n + proof->period.period], g[n]) << text << " n = " << n;
  }
  EXPECT_GT(proven_codes, sanitized() ? 0 : 5);
}

// The search's early stops between rounds against the plain doubling rounds on the plain
// path's values: the same least period (or none), never more values computed.
TEST(OctalPeriod, EarlyStopsAgreeWithDoublingRounds) {
  std::mt19937_64 rng(354);
  const char* digits = "01234567";
  constexpr std::uint64_t kLimit = 2048;
  int proven_codes = 0, stopped_early = 0;
  // (under the sanitizers only until both kinds have been seen)
  for (int i = 0; i < 100 && !(sanitized() && proven_codes > 5 && stopped_early > 0); ++i) {
    std::string text = "0.";
    for (int d = 0; d < 2 + static_cast<int>(rng() % 3); ++d) text += digits[rng() % 8];
    if (text.find_first_not_of("0.") == std::string::npos) continue;  // no move at all
    const auto code = OctalCode::parse(text);
    const auto all = plain_values(code, kLimit);
    std::optional<PeriodProof> reference;
    for (std::uint64_t count = 256; count <= kLimit && !reference; count *= 2)
      reference =
          proof_from_values(code, std::vector<std::uint32_t>(all.begin(), all.begin() + count));
    const auto proof = prove_period(code, kLimit);
    ASSERT_EQ(proof.has_value(), reference.has_value()) << text;
    if (!proof) continue;
    ++proven_codes;
    EXPECT_EQ(proof->period, reference->period) << text;
    EXPECT_LE(proof->values_computed, reference->values_computed) << text;
    EXPECT_GE(proof->values_computed, proof->values_needed) << text;
    if (proof->values_computed < reference->values_computed) ++stopped_early;
  }
  EXPECT_GT(proven_codes, sanitized() ? 5 : 25);
  EXPECT_GT(stopped_early, 0) << proven_codes;  // the early stops are exercised
}

TEST(OctalPeriod, NoProofForGrundysGameOrTooFewValues) {
  EXPECT_FALSE(prove_period(OctalCode::grundy_game(), 4096));
  EXPECT_FALSE(prove_period(OctalCode::parse("0.07"), 100));
}

// Flammenkamp's solved games: they need hundreds of thousands to millions of values.
TEST(OctalPeriod, Sixteen) {
  if (sanitized()) GTEST_SKIP() << "needs 500,000 values; too slow under sanitizers";
  EXPECT_EQ(proven(".16"), (Period{105351, 149459}));
}

TEST(OctalPeriod, FiftySix) {
  if (sanitized()) GTEST_SKIP() << "needs 650,000 values; too slow under sanitizers";
  EXPECT_EQ(proven(".56"), (Period{326640, 144}));
}

TEST(OctalPeriod, ThreeSevenSix) {
  if (sanitized()) GTEST_SKIP() << "needs 4.5 million values; too slow under sanitizers";
  EXPECT_EQ(proven(".376"), (Period{2268248, 4}));
}

TEST(OctalPeriod, ThreeFiveFour) {
  if (sanitized()) GTEST_SKIP() << "needs 20 million values; too slow under sanitizers";
  const auto proof = prove_period(OctalCode::parse(".354"), std::uint64_t{1} << 25);
  ASSERT_TRUE(proof);
  EXPECT_EQ(proof->period, (Period{10061916, 1180}));
  // The proof needs 2.01e7 values; the doubling rounds alone would compute 2^25 (3.4e7) of them.
  EXPECT_LT(proof->values_computed, proof->values_needed + proof->values_needed / 8);
}

}  // namespace
}  // namespace grundy::octal
