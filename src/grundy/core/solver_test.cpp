#include "grundy/core/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "grundy/core/misere.h"
#include "grundy/core/nim_sum.h"

namespace grundy {
namespace {

// A single Nim heap: n can move to any smaller heap; its Grundy value is n.
struct Heap {
  using Position = std::uint64_t;
  void moves(Position n, std::vector<Position>& out) const {
    for (Position k = 0; k < n; ++k) out.push_back(k);
  }
};

// Three Nim heaps as one game: the generic solver sees the whole position.
struct ThreeHeaps {
  using Position = std::array<std::uint64_t, 3>;
  void moves(const Position& p, std::vector<Position>& out) const {
    for (std::size_t i = 0; i < 3; ++i)
      for (std::uint64_t k = 0; k < p[i]; ++k) {
        Position q = p;
        q[i] = k;
        out.push_back(q);
      }
  }
};

// A path 0 <- 1 <- ... <- n: the longest play has n moves.
struct Path {
  using Position = std::uint64_t;
  void moves(Position n, std::vector<Position>& out) const {
    if (n > 0) out.push_back(n - 1);
  }
};

// A graph with a cycle 3 -> 4 -> 5 -> 3 reachable from 0.
struct WithCycle {
  using Position = int;
  void moves(Position p, std::vector<Position>& out) const {
    if (p < 3) out.push_back(p + 1);
    if (p == 3) out.push_back(4);
    if (p == 4) out.push_back(5);
    if (p == 5) out.push_back(3);
  }
  std::string describe(Position p) const { return "vertex " + std::to_string(p); }
};

// Kayles (octal 0.77) with one heap per position: removing 1 or 2 tokens may split the heap in
// two, an option that is a sum of two heaps.
struct KaylesBySums {
  using Position = std::uint64_t;
  void moves(Position n, std::vector<Position>& parts, std::vector<std::uint32_t>& sizes) const {
    for (std::uint64_t take = 1; take <= 2 && take <= n; ++take)
      for (std::uint64_t a = 0; 2 * a <= n - take; ++a) {
        const std::uint64_t b = n - take - a;
        std::uint32_t count = 0;
        for (const std::uint64_t part : {a, b})
          if (part > 0) {
            parts.push_back(part);
            ++count;
          }
        sizes.push_back(count);
      }
  }
};

// The same game with the whole multiset of heaps as one position: no sum is taken for granted.
struct KaylesWhole {
  using Position = std::vector<std::uint64_t>;  // sorted heaps, no empty ones
  void moves(const Position& p, std::vector<Position>& out) const {
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (i > 0 && p[i] == p[i - 1]) continue;
      for (std::uint64_t take = 1; take <= 2 && take <= p[i]; ++take)
        for (std::uint64_t a = 0; 2 * a <= p[i] - take; ++a) {
          Position q = p;
          q.erase(q.begin() + static_cast<std::ptrdiff_t>(i));
          for (const std::uint64_t part : {a, p[i] - take - a})
            if (part > 0) q.push_back(part);
          std::sort(q.begin(), q.end());
          out.push_back(std::move(q));
        }
    }
  }
};

TEST(Solver, OptionsThatAreSumsAreWorthTheXorOfTheirParts) {
  KaylesBySums by_sums;
  Solver<KaylesBySums> fast(by_sums);
  KaylesWhole whole;
  Solver<KaylesWhole> slow(whole);
  for (std::uint64_t n = 0; n <= 13; ++n)
    EXPECT_EQ(fast.value(n),
              slow.value(n == 0 ? KaylesWhole::Position{} : KaylesWhole::Position{n}))
        << n;
  // Kayles' published values (Winning Ways; period 12 from n = 71).
  const std::vector<std::uint32_t> known{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6,
                                         4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7};
  for (std::uint64_t n = 0; n < known.size(); ++n) EXPECT_EQ(fast.value(n), known[n]) << n;
  for (std::uint64_t n = 71; n < 300; ++n) EXPECT_EQ(fast.value(n + 12), fast.value(n)) << n;
}

TEST(Solver, SumOptionsRefuseMisereAndMiscountedParts) {
  KaylesBySums g;
  EXPECT_THROW(Solver<KaylesBySums>(g, Rule::misere), InputError);
  struct Miscounted {
    using Position = int;
    void moves(Position p, std::vector<Position>& parts, std::vector<std::uint32_t>& sizes) const {
      if (p > 0) parts.push_back(p - 1);
      sizes.push_back(2);
    }
  };
  Miscounted bad;
  Solver<Miscounted> s(bad);
  EXPECT_THROW(s.value(3), InputError);
}

TEST(Solver, HeapValueIsItsSize) {
  Heap g;
  Solver<Heap> s(g);
  for (std::uint64_t n = 0; n < 60; ++n) EXPECT_EQ(s.value(n), n);
}

TEST(Solver, BoutonOnAllSmallNimPositions) {
  ThreeHeaps g;
  Solver<ThreeHeaps> s(g);
  for (std::uint64_t a = 0; a < 8; ++a)
    for (std::uint64_t b = 0; b < 8; ++b)
      for (std::uint64_t c = 0; c < 8; ++c) {
        const ThreeHeaps::Position p{a, b, c};
        EXPECT_EQ(s.value(p), a ^ b ^ c) << a << " " << b << " " << c;
        for (const auto& q : s.winning_moves(p)) EXPECT_EQ(q[0] ^ q[1] ^ q[2], 0u);
        EXPECT_EQ(s.winning_moves(p).empty(), (a ^ b ^ c) == 0);
      }
}

TEST(Solver, MisereNimRuleMatchesMisereSolver) {
  ThreeHeaps g;
  Solver<ThreeHeaps> s(g, Rule::misere);
  for (std::uint64_t a = 0; a < 7; ++a)
    for (std::uint64_t b = 0; b < 7; ++b)
      for (std::uint64_t c = 0; c < 7; ++c) {
        const std::array<std::uint64_t, 3> heaps{a, b, c};
        EXPECT_EQ(s.winner(heaps), misere_nim_winner(heaps)) << a << " " << b << " " << c;
        EXPECT_EQ(s.value(heaps), misere_nim_value(heaps)) << a << " " << b << " " << c;
      }
}

TEST(Solver, MisereTerminalIsWorthOne) {
  Heap g;
  Solver<Heap> s(g, Rule::misere);
  EXPECT_EQ(s.value(0), 1u);  // no move: under misère the player to move has won
  EXPECT_EQ(s.value(1), 0u);  // must take the last token
  EXPECT_EQ(s.winner(1), Winner::second);
}

TEST(Solver, MillionMoveGameDoesNotOverflowTheStack) {
  Path g;
  Solver<Path> s(g);
  EXPECT_EQ(s.value(1'000'000), 0u);
  EXPECT_EQ(s.value(999'999), 1u);
  EXPECT_EQ(s.positions_solved(), 1'000'001u);
}

TEST(Solver, CycleIsAnErrorNamingAPositionOnIt) {
  WithCycle g;
  Solver<WithCycle> s(g);
  try {
    s.value(0);
    FAIL() << "expected CycleError";
  } catch (const CycleError& e) {
    const std::string msg = e.what();
    EXPECT_TRUE(msg.find("vertex 3") != std::string::npos ||
                msg.find("vertex 4") != std::string::npos ||
                msg.find("vertex 5") != std::string::npos)
        << msg;
  }
  // The solver stays usable: nothing half-finished is left in its memo.
  EXPECT_THROW(s.value(1), CycleError);
}

TEST(Solver, PositionLimitIsAnError) {
  Path g;
  Solver<Path> s(g, Rule::normal, SolverLimits{1000});
  EXPECT_THROW(s.value(5000), LimitError);
  EXPECT_EQ(s.value(10), 0u);
}

}  // namespace
}  // namespace grundy
