#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/games/octal/multi_heap.h"
#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/plain.h"
#include "grundy/games/octal/sparse.h"

namespace grundy::octal {
namespace {

bool sanitized() {
  return std::getenv("GRUNDY_SANITIZED") != nullptr;
}

TEST(OctalCode, ParsesConwayNotation) {
  EXPECT_EQ(OctalCode::parse("0.77").to_string(), "0.77");
  EXPECT_EQ(OctalCode::parse(".07").to_string(), "0.07");
  EXPECT_EQ(OctalCode::parse("4.07").to_string(), "4.07");
  EXPECT_EQ(OctalCode::parse("0.1370").to_string(), "0.137");
  const auto c = OctalCode::parse("0.137");
  EXPECT_EQ(c.last(), 3u);
  EXPECT_EQ(c.digit(1), 1u);
  EXPECT_EQ(c.digit(3), 7u);
  EXPECT_TRUE(c.has_splits());
  EXPECT_FALSE(OctalCode::parse(".33").has_splits());
  EXPECT_TRUE(OctalCode::parse("grundy").is_grundy());
}

TEST(OctalCode, RejectsMalformedCodesNamingTheProblem) {
  const auto message = [](const std::string& text) {
    try {
      OctalCode::parse(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message(""), "octal code is empty");
  EXPECT_EQ(message("0.7g"),
            "character 'g' at position 4 of octal code '0.7g' is not a digit (octal 0-7, or "
            "hexadecimal 8-f for moves that leave three heaps)");
  EXPECT_NE(message("0.7x").find("character 'x' at position 4"), std::string::npos);
  EXPECT_NE(message("77").find("has no point"), std::string::npos);
  EXPECT_NE(message("0.7.7").find("second point"), std::string::npos);
  EXPECT_NE(message("2.07").find("before the point must be 0, 4, 8 or c"), std::string::npos);
  EXPECT_NE(message("1.07").find("before the point"), std::string::npos);
  EXPECT_NE(message("0.000").find("allows no move"), std::string::npos);
  EXPECT_NE(message("12.3").find("more than one digit before the point"), std::string::npos);
  EXPECT_NE(message("0." + std::string(65, '1')).find("more than 64 digits"), std::string::npos);
}

TEST(OctalPlain, Kayles) {
  // Kayles 0.77: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 ...
  const std::vector<std::uint32_t> want = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6,
                                           4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7};
  EXPECT_EQ(plain_values(OctalCode::parse("0.77"), want.size()), want);
}

TEST(OctalPlain, DawsonsKayles) {
  // 0.07: 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0 ...
  const std::vector<std::uint32_t> want = {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2,
                                           4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1,
                                           1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0};
  EXPECT_EQ(plain_values(OctalCode::parse("0.07"), want.size()), want);
}

TEST(OctalPlain, GrundysGame) {
  // 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3 1 2 4 1 2 4 1 2 4 1 5 4 1 5 4
  const std::vector<std::uint32_t> want = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1,
                                           3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
                                           2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4};
  EXPECT_EQ(plain_values(OctalCode::grundy_game(), want.size()), want);
}

TEST(OctalPlain, SubtractionSetAsOctalCode) {
  // Subtraction {2,3,7} is 0.0330003: digit 3 (leave nothing or one heap) at 2, 3 and 7.
  const auto g = plain_values(OctalCode::parse("0.0330003"), 200);
  for (std::uint64_t n = 0; n < g.size(); ++n) {
    std::uint64_t mask = 0;
    for (std::uint64_t k : {2, 3, 7})
      if (k <= n) mask |= std::uint64_t{1} << g[n - k];
    EXPECT_EQ(g[n], static_cast<std::uint32_t>(std::countr_one(mask))) << n;
  }
}

TEST(OctalPlain, AgreesWithMultiHeapSolver) {
  for (const char* text : {"0.77", "0.07", "4.07", "0.137", "0.6", "0.16", "grundy", "0.4"}) {
    const auto code = OctalCode::parse(text);
    const MultiHeapGame game{&code};
    Solver<MultiHeapGame> solver(game);
    const auto g = plain_values(code, 16);
    for (std::uint64_t n = 1; n < g.size(); ++n) EXPECT_EQ(g[n], solver.value(Heaps{n})) << text;
  }
}

// Who wins a misère multi-heap position, by plain minimax: the player with no move wins.
bool misere_first_wins(const OctalCode& code, const Heaps& p, std::map<Heaps, bool>& memo) {
  if (auto it = memo.find(p); it != memo.end()) return it->second;
  std::vector<Heaps> options;
  MultiHeapGame{&code}.moves(p, options);
  bool wins = options.empty();
  for (const Heaps& q : options)
    if (!misere_first_wins(code, q, memo)) wins = true;
  memo[p] = wins;
  return wins;
}

TEST(OctalMisere, SingleHeapValuesGiveTheMinimaxOutcome) {
  for (const char* text : {"0.77", "0.07", "0.137", "grundy", "4.07"}) {
    const auto code = OctalCode::parse(text);
    const auto g = misere_values(code, 22);
    std::map<Heaps, bool> memo;
    EXPECT_EQ(g[0], 1u);
    for (std::uint64_t n = 1; n < g.size(); ++n)
      EXPECT_EQ(g[n] != 0, misere_first_wins(code, Heaps{n}, memo)) << text << " heap " << n;
  }
  // Kayles: a heap of 1 loses (the mover takes the last token); 2 and 3 win.
  const auto kayles = misere_values(OctalCode::parse("0.77"), 4);
  EXPECT_EQ(kayles, (std::vector<std::uint32_t>{1, 0, 2, 3}));
}

TEST(OctalMisere, TakeOnlyGamesMatchTheSubtractionRecurrence) {
  const auto g = misere_values(OctalCode::parse("0.333"), 40);
  for (std::uint64_t n = 0; n < g.size(); ++n)
    EXPECT_EQ(g[n], n % 4 == 1 ? 0u : (n % 4 == 0 ? 1u : n % 4)) << n;
}

TEST(OctalMisere, SplitGamesStopWithALimit) {
  EXPECT_THROW(misere_values(OctalCode::parse("0.77"), 1000, 5000), LimitError);
}

void expect_sparse_matches_plain(const OctalCode& code, std::uint64_t count) {
  const auto plain = plain_values(code, count);
  const auto sparse = sparse_values(code, count);
  for (std::uint64_t n = 0; n < count; ++n)
    ASSERT_EQ(sparse[n], plain[n]) << code.to_string() << " at n = " << n;
}

TEST(OctalSparse, MatchesPlainOnKnownGames) {
  const std::uint64_t count = sanitized() ? 1500 : 5000;
  for (const char* text :
       {"0.77", "0.07", "4.07", "0.137", "0.6", "0.16", "0.56", "0.376", "grundy", "0.4", "0.04",
        "0.14", "0.36", "0.64", "0.74", "0.76", "0.106", "0.354", "0.0330003"})
    expect_sparse_matches_plain(OctalCode::parse(text), count);
}

TEST(OctalSparse, MatchesPlainToOneHundredThousand) {
  const std::uint64_t count = sanitized() ? 4000 : 100000;
  for (const char* text : {"grundy", "0.07"})
    expect_sparse_matches_plain(OctalCode::parse(text), count);
}

// Blocks (rare parts marked for 32 heaps at once, the next block prepared on a helper thread)
// only start once every part sum is past the rare heaps, so they are checked against the
// heap-by-heap sparse path on longer runs.
TEST(OctalSparse, BlocksMatchHeapByHeap) {
  const std::uint64_t grundy_count = sanitized() ? 60000 : 400000;
  for (const auto& [text, count] : std::vector<std::pair<const char*, std::uint64_t>>{
           {"grundy", grundy_count}, {"0.6", 30000}, {"0.16", 30000}, {"4.07", 20000}}) {
    const auto code = OctalCode::parse(text);
    EngineOptions heap_by_heap;
    heap_by_heap.blocks = false;
    EngineOptions one_thread;
    one_thread.helper_thread = false;
    const auto reference = sparse_values(code, count, heap_by_heap);
    ASSERT_EQ(sparse_values(code, count), reference) << text;
    ASSERT_EQ(sparse_values(code, count, one_thread), reference) << text;
  }
}

TEST(OctalSparse, MatchesPlainOnRandomCodes) {
  std::mt19937_64 rng(20261122);
  const int codes = sanitized() ? 40 : 300;
  const std::uint64_t count = sanitized() ? 400 : 2000;
  for (int i = 0; i < codes; ++i) {
    std::string text = (rng() % 4 == 0) ? "4." : "0.";
    const int digits = 1 + static_cast<int>(rng() % 5);
    for (int d = 0; d < digits; ++d) text += static_cast<char>('0' + rng() % 8);
    if (text.find_first_of("1234567") == std::string::npos) text += "4";
    expect_sparse_matches_plain(OctalCode::parse(text), count);
  }
}

}  // namespace
}  // namespace grundy::octal
