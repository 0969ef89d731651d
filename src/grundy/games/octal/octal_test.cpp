#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/games/octal/analysis.h"
#include "grundy/games/octal/control.h"
#include "grundy/games/octal/multi_heap.h"
#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/plain.h"
#include "grundy/games/octal/sparse.h"
#include "grundy/games/octal/split_set.h"
#include "grundy/games/octal/store.h"
#include "grundy/testing/sanitized.h"

namespace grundy::octal {
namespace {

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

TEST(OctalSparse, MatchesPlainToFiftyThousand) {
  const std::uint64_t count = sanitized() ? 4000 : 50000;
  for (const char* text : {"grundy", "0.07"})
    expect_sparse_matches_plain(OctalCode::parse(text), count);
}

// Blocks (rare parts marked for 32 heaps at once, the next block prepared on a helper thread)
// only start once every part sum is past the rare heaps, so they are checked against the
// heap-by-heap sparse path on longer runs.
TEST(OctalSparse, BlocksMatchHeapByHeap) {
  const std::uint64_t grundy_count = sanitized() ? 40000 : 250000;
  for (const auto& [text, count] :
       std::vector<std::pair<const char*, std::uint64_t>>{{"grundy", grundy_count},
                                                          {"0.6", 30000},
                                                          {"0.16", 30000},
                                                          {"4.07", 20000},
                                                          {"0.356", 20000},
                                                          {"0.0404", 20000}}) {
    const auto code = OctalCode::parse(text);
    EngineOptions heap_by_heap;
    heap_by_heap.blocks = false;
    EngineOptions one_thread;
    one_thread.helper_thread = false;
    EngineOptions no_prescan;
    no_prescan.prescan = 0;
    EngineOptions long_prescan;
    long_prescan.prescan = 1000;
    long_prescan.sampled_rare = 0;  // every rare part marked, none tested
    EngineOptions few_marked;
    few_marked.sampled_rare = 64;  // most rare parts tested, many fallbacks
    EngineOptions owner_scans;
    owner_scans.block_scans = false;  // every scan on the thread that finishes the heaps
    const auto reference = sparse_values(code, count, heap_by_heap);
    ASSERT_EQ(sparse_values(code, count), reference) << text;
    ASSERT_EQ(sparse_values(code, count, one_thread), reference) << text;
    ASSERT_EQ(sparse_values(code, count, owner_scans), reference) << text;
    ASSERT_EQ(sparse_values(code, std::min<std::uint64_t>(count, 100000), no_prescan),
              std::vector<std::uint32_t>(
                  reference.begin(), reference.begin() + std::min<std::uint64_t>(count, 100000)))
        << text;
    ASSERT_EQ(sparse_values(code, std::min<std::uint64_t>(count, 100000), long_prescan),
              std::vector<std::uint32_t>(
                  reference.begin(), reference.begin() + std::min<std::uint64_t>(count, 100000)))
        << text;
    ASSERT_EQ(sparse_values(code, std::min<std::uint64_t>(count, 100000), few_marked),
              std::vector<std::uint32_t>(
                  reference.begin(), reference.begin() + std::min<std::uint64_t>(count, 100000)))
        << text;
  }
}

// A block scans its heaps' pairs of known parts for the values each heap's candidate needs, so
// the thread that finishes the heaps in order looks only at the few pairs the block could not:
// that holds for nearly every blocked heap of Grundy's game (the candidate the block assumed is
// the heap's own unless a pair only finish() marks hits it: 2-5% near 2*10^7, offline).
TEST(OctalSparse, BlocksScanForTheThreadThatFinishes) {
  const std::uint64_t count = sanitized() ? 60000 : 250000;
  for (const bool helper : {true, false}) {
    EngineOptions options;
    options.helper_thread = helper;
    SparseEngine engine(OctalCode::grundy_game(), options);
    for (std::uint64_t n = 0; n < count; ++n) engine.next();
    const EngineStats s = engine.stats();
    EXPECT_GT(s.blocked_heaps, count / 2) << helper;
    // 83% to 250,000 and 70% to 60,000: the others need no value after their marks (more of
    // them at smaller heaps) or lost the block's candidate to a pair only finish() marks.
    EXPECT_GT(s.block_scanned, s.blocked_heaps / 2) << helper;
  }
  // With few rare parts marked, many heaps have their eight candidates all hit by the tested
  // parts: their blocks mark those parts for them and scan for them as for the others.
  EngineOptions few_marked;
  few_marked.sampled_rare = 64;
  SparseEngine sampled(OctalCode::grundy_game(), few_marked);
  for (std::uint64_t n = 0; n < count; ++n) sampled.next();
  const EngineStats fs = sampled.stats();
  EXPECT_GT(fs.block_fallbacks, fs.blocked_heaps / 10);
  EXPECT_GT(fs.block_scanned, fs.blocked_heaps / 2);
  EngineOptions owner_scans;
  owner_scans.block_scans = false;
  SparseEngine engine(OctalCode::grundy_game(), owner_scans);
  for (std::uint64_t n = 0; n < 20000; ++n) engine.next();
  EXPECT_EQ(engine.stats().block_scanned, 0u);
  EXPECT_EQ(engine.stats().block_fallbacks, 0u);
}

// Issue 13.0: the old engine kept a prefix of 2^20 values and a window of 2^24 and stopped at
// heap 47,342,435, whose scan needed G(2^20). Scaled down by 2^6 (prefix 2^14, window 2^18),
// the same happens within 400,000 heaps: scans read parts beyond 2^14 of heaps beyond 2^18.
// The engine keeps the whole table (here in a file, as long runs do), so it goes on, and its
// values are those of the heap-by-heap path.
TEST(OctalSparse, GrundyScansReachFarPartsAndGoOn) {
  const std::uint64_t count = sanitized() ? 60000 : 400000;
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("grundy_octal_store_" + std::to_string(::getpid())))
                               .string();
  ValueStore store = ValueStore::file(path, count, false);
  SparseEngine engine(OctalCode::grundy_game(), EngineOptions{}, &store);
  std::uint64_t far_after_window = 0;
  for (std::uint64_t n = 0; n < count; ++n) {
    const std::uint64_t before = engine.stats().farthest_part;
    engine.next();
    if (n >= (1u << 18) && engine.stats().farthest_part > before)
      far_after_window = std::max(far_after_window, engine.stats().farthest_part);
  }
  EngineOptions heap_by_heap;
  heap_by_heap.blocks = false;
  heap_by_heap.helper_thread = false;
  const auto reference = sparse_values(OctalCode::grundy_game(), count, heap_by_heap);
  for (std::uint64_t n = 0; n < count; ++n) ASSERT_EQ(store.data()[n], reference[n]) << n;
  if (!sanitized()) {
    EXPECT_GT(far_after_window, std::uint64_t{1} << 14);
  }
  std::remove(path.c_str());
}

// Issue 13.1: once a period is proven, a table's further values come from it. 0.07 (Dawson's
// Kayles, Project Euler 306) to 10^6: the engine computes 256 values, not 10^6 (which took two
// minutes, growing as n^2, when every value was recomputed).
TEST(OctalTable, ProvenGamesComputeOnlyWhatTheProofNeeds) {
  const auto code = OctalCode::parse("0.07");
  const Table t = table(code, 1'000'001, Rule::normal, 4096);
  ASSERT_TRUE(t.proof);
  EXPECT_LE(t.computed.size(), 4096u);
  const auto head = plain_values(code, 200);
  for (std::uint64_t n = 0; n < t.count; ++n)
    ASSERT_EQ(t.value(n), head[n < 53 ? n : 53 + (n - 53) % 34]) << n;
}

TEST(OctalControl, RefusesUpFrontWithAnEstimate) {
  Control c;
  c.max_seconds = 1e-9;
  c.probe_seconds = 0;
  c.what = "computing 10^7 values";
  c.advice = "ask for fewer";
  try {
    engine_values(OctalCode::parse("0.6"), 10'000'000, {}, c);
    ADD_FAILURE() << "accepted";
  } catch (const LimitError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("computing 10^7 values would take about"), std::string::npos) << m;
    EXPECT_NE(m.find("ask for fewer"), std::string::npos) << m;
  }
  std::atomic<bool> stop{true};
  Control cancel;
  cancel.stop = &stop;
  EXPECT_THROW(engine_values(OctalCode::parse("0.6"), 100000, {}, cancel), Interrupted);
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

namespace grundy::octal {
namespace {

std::string random_hex_code(std::mt19937_64& rng) {
  const char* digits = "0123456789abcdef";
  std::string text = std::string(1, "048c"[rng() % 4]) + ".";
  const int count = 1 + static_cast<int>(rng() % 3);
  for (int d = 0; d < count; ++d) text += digits[rng() % 16];
  if (text.find_first_of("89abcdef") == std::string::npos) text += "8";
  return text;
}

TEST(OctalHex, ParsesAndDescribes) {
  const auto c = OctalCode::parse("0.8F");
  EXPECT_EQ(c.to_string(), "0.8f");
  EXPECT_EQ(c.max_parts(), 3u);
  EXPECT_TRUE(c.is_hexadecimal());
  EXPECT_EQ(c.describe()[0], "digit 8: remove 1 token from a heap, leaving three non-empty heaps");
  EXPECT_EQ(OctalCode::parse("8.0").describe()[0],
            "split one heap into three non-empty heaps without removing any token");
  EXPECT_FALSE(OctalCode::parse("0.77").is_hexadecimal());
}

// The plain path (every triple) against the generic solver over multi-heap positions.
TEST(OctalHex, PlainAgreesWithMultiHeapSolver) {
  std::mt19937_64 rng(131);
  const int codes = sanitized() ? 10 : 40;
  for (int i = 0; i < codes; ++i) {
    const auto code = OctalCode::parse(random_hex_code(rng));
    const MultiHeapGame game{&code};
    Solver<MultiHeapGame> solver(game);
    const auto g = plain_values(code, 13);
    for (std::uint64_t n = 1; n < g.size(); ++n)
      ASSERT_EQ(g[n], solver.value(Heaps{n})) << code.to_string() << " heap " << n;
  }
}

// The split-set engine against the plain path.
TEST(OctalHex, SplitSetMatchesPlainOnRandomCodes) {
  std::mt19937_64 rng(2026);
  const int codes = sanitized() ? 20 : 150;
  const std::uint64_t count = sanitized() ? 60 : 160;
  for (int i = 0; i < codes; ++i) {
    const auto code = OctalCode::parse(random_hex_code(rng));
    ASSERT_EQ(engine_values(code, count), plain_values(code, count)) << code.to_string();
  }
  for (const char* text : {"0.8", "0.f", "0.48", "0.8f", "4.8", "8.0", "c.0"})
    ASSERT_EQ(engine_values(OctalCode::parse(text), 200), plain_values(OctalCode::parse(text), 200))
        << text;
}

}  // namespace
}  // namespace grundy::octal
