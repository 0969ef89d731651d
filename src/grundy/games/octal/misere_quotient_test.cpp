// Misère quotients of octal games against a brute-force misère search over sums of heaps (the
// generic solver on multisets of heaps, no quotient involved), and the published facts.
#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/core/solver.h"
#include "grundy/games/octal/genus.h"
#include "grundy/games/octal/misere_quotient.h"
#include "grundy/games/octal/multi_heap.h"
#include "grundy/games/octal/plain.h"
#include "grundy/games/octal/sums.h"
#include "grundy/testing/sanitized.h"

namespace grundy::octal {
namespace {

namespace q = grundy::quotient;

// Misère outcome of a sum by brute force: the multi-heap game's misère value is 0 exactly at P.
class BruteMisere {
 public:
  explicit BruteMisere(const OctalCode& code)
      : game_{&code}, solver_(game_, Rule::misere, SolverLimits{std::size_t{1} << 23}) {}
  bool is_p(const Heaps& heaps) {
    Heaps nonzero;
    for (auto h : heaps)
      if (h != 0) nonzero.push_back(h);
    std::sort(nonzero.begin(), nonzero.end());
    return solver_.value(nonzero) == 0;
  }

 private:
  MultiHeapGame game_;
  Solver<MultiHeapGame> solver_;
};

// Every sum of up to four heaps of sizes <= max_heap: the quotient's outcome is the true one; and
// any two elements are told apart by some sum (the quotient is not too fine).
void check_against_brute_force(const OctalCode& code, std::uint32_t max_heap) {
  QuotientRequest r;
  r.max_heap = max_heap;
  const auto m = misere_quotient(code, r);
  ASSERT_TRUE(m.run.stopped.empty()) << code.to_string() << ": " << m.run.stopped;
  // A proof may end the computation early; the quotient then covers every heap.
  const q::Pretension& p = m.run.quotient;
  auto phi_of = [&](std::uint64_t n) { return *m.run.element(n); };
  BruteMisere brute(code);
  const q::Multiplier mult(p.monoid);
  for (std::uint32_t a = 0; a <= max_heap; ++a)
    for (std::uint32_t b = a; b <= max_heap; ++b)
      for (std::uint32_t c = b; c <= max_heap; ++c)
        for (std::uint32_t d = c; d <= max_heap; ++d) {
          const q::Element x =
              mult.times(mult.times(phi_of(a), phi_of(b)), mult.times(phi_of(c), phi_of(d)));
          ASSERT_EQ(p.monoid.is_p(x), brute.is_p({a, b, c, d}))
              << code.to_string() << ": heaps " << a << " " << b << " " << c << " " << d;
        }
  EXPECT_EQ(p.monoid.order() % 2, 0u)
      << code.to_string() << ": every misère quotient has even order";
  // Not too fine: a sum for each element (a shortest word over the heaps' generators, read as
  // heaps), and for each pair some third sum the brute force gives different outcomes with.
  if (p.monoid.order() > 64) return;
  std::vector<Heaps> sums(p.monoid.order());
  std::vector<std::uint8_t> have(p.monoid.order(), 0);
  have[0] = 1;
  std::vector<q::Element> queue{0};
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (std::uint32_t h = 1; h < p.heaps(); ++h) {
      const q::Element y = p.times_heap(queue[i], h);
      if (have[y]) continue;
      have[y] = 1;
      sums[y] = sums[queue[i]];
      sums[y].push_back(h);
      queue.push_back(y);
    }
  for (q::Element x = 0; x < p.monoid.order(); ++x)
    for (q::Element y = x + 1; y < p.monoid.order(); ++y) {
      bool told_apart = false;
      for (q::Element z = 0; z < p.monoid.order() && !told_apart; ++z) {
        if (p.monoid.is_p(mult.times(x, z)) == p.monoid.is_p(mult.times(y, z))) continue;
        Heaps xz = sums[x], yz = sums[y];
        xz.insert(xz.end(), sums[z].begin(), sums[z].end());
        yz.insert(yz.end(), sums[z].begin(), sums[z].end());
        told_apart = brute.is_p(xz) != brute.is_p(yz);
        ASSERT_TRUE(told_apart) << code.to_string() << ": the quotient says " << x << "*" << z
                                << " and " << y << "*" << z << " differ, the games do not";
      }
      ASSERT_TRUE(told_apart) << code.to_string() << ": elements " << x << " and " << y;
    }
}

// Every sum of up to four heaps of sizes <= 12 (8 under sanitizers).
std::uint32_t brute_max_heap() {
  return sanitized() ? 8 : 12;
}
TEST(MisereQuotientBrute, Kayles) {
  check_against_brute_force(OctalCode::parse("0.77"), brute_max_heap());
}
TEST(MisereQuotientBrute, DawsonsKayles) {
  check_against_brute_force(OctalCode::parse("0.07"), brute_max_heap());
}
TEST(MisereQuotientBrute, DawsonsChess) {
  check_against_brute_force(OctalCode::parse("0.137"), brute_max_heap());
}
TEST(MisereQuotientBrute, Octal075) {
  check_against_brute_force(OctalCode::parse("0.75"), brute_max_heap());
}
TEST(MisereQuotientBrute, Octal031) {
  check_against_brute_force(OctalCode::parse("0.31"), brute_max_heap());
}
TEST(MisereQuotientBrute, Octal0123) {
  check_against_brute_force(OctalCode::parse("0.123"), brute_max_heap());
}
TEST(MisereQuotientBrute, Octal407) {
  check_against_brute_force(OctalCode::parse("4.07"), brute_max_heap());
}
TEST(MisereQuotientBrute, GrundysGame) {
  check_against_brute_force(OctalCode::parse("grundy"), brute_max_heap());
}

TEST(MisereQuotient, RandomCodesAgreeWithBruteForce) {
  std::mt19937 rng(24);
  int done = 0;
  const int wanted = sanitized() ? 3 : 10;
  const std::uint32_t max_heap = sanitized() ? 7 : 10;
  for (int tries = 0; done < wanted && tries < 200; ++tries) {
    std::string text = "0.";
    const int digits = 2 + static_cast<int>(rng() % 2);
    for (int i = 0; i < digits; ++i) text += static_cast<char>('0' + rng() % 8);
    if (text.back() == '0') continue;
    const auto code = OctalCode::parse(text);
    SCOPED_TRACE(text);
    check_against_brute_force(code, max_heap);
    ++done;
  }
  EXPECT_EQ(done, wanted);
}

TEST(MisereQuotient, KaylesStabilisesWithPeriod12) {
  const auto m = misere_quotient(OctalCode::parse("0.77"), {});
  ASSERT_TRUE(m.proven()) << m.run.stopped;
  EXPECT_EQ(m.run.quotient.monoid.order(), 40u);
  EXPECT_EQ(std::count(m.run.quotient.monoid.p.begin(), m.run.quotient.monoid.p.end(), 1), 9);
  EXPECT_EQ(m.run.proof->period, (Period{71, 12}));  // as Kayles' normal-play values
  EXPECT_EQ(m.last_heap(), 167u);                    // 2*(71 + 12) + 2 - 1
  EXPECT_EQ(m.presentation.names.size(), 7u);
  EXPECT_FALSE(m.tame.has_value());
  // Past the proof, phi from the period equals phi computed heap by heap.
  q::Builder b(heap_rules(OctalCode::parse("0.77")).options);
  while (b.heaps() <= 260) b.add_heap();
  const auto far = q::canonical(b.pretension());
  for (std::uint32_t n = 0; n <= 260; ++n) ASSERT_EQ(far.phi(n), *m.run.element(n)) << "heap " << n;
}

// Every Kayles position of at most 34 tokens (every partition, any number of heaps), through the
// proven quotient, against the brute force.
TEST(MisereQuotient, KaylesEveryPositionOfAtMost34Tokens) {
  const auto code = OctalCode::parse("0.77");
  const auto m = misere_quotient(code, {});
  ASSERT_TRUE(m.proven());
  const q::Pretension& p = m.run.quotient;
  BruteMisere brute(code);
  const std::uint32_t total = sanitized() ? 22 : 34;
  std::uint64_t checked = 0;
  Heaps parts;
  // Partitions of t into parts <= largest, in non-increasing order.
  std::function<void(std::uint32_t, std::uint32_t, q::Element)> walk =
      [&](std::uint32_t left, std::uint32_t largest, q::Element x) {
        if (left == 0) {
          ASSERT_EQ(p.monoid.is_p(x), brute.is_p(parts));
          ++checked;
          return;
        }
        for (std::uint32_t k = std::min(left, largest); k >= 1; --k) {
          parts.push_back(k);
          walk(left - k, k, p.times_heap(x, k));
          parts.pop_back();
        }
      };
  for (std::uint32_t t = 0; t <= total; ++t) walk(t, t, 0);
  EXPECT_EQ(checked, sanitized() ? 4508u : 66273u);  // the sum of p(t) for t <= total
}

// Siegel, "The structure and classification of misère quotients" (arXiv math/0703070): there is
// exactly one misère quotient of order 8, R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>
// with P-portion {a, b^2}; 0.75's quotient is it (and agrees with the brute force above).
TEST(MisereQuotient, R8) {
  const auto m = misere_quotient(OctalCode::parse("0.75"), {});
  ASSERT_TRUE(m.proven());
  EXPECT_EQ(m.run.quotient.monoid.order(), 8u);
  const auto& pr = m.presentation;
  std::vector<std::string> rel, p;
  for (const auto& r : pr.relations) rel.push_back(pr.word(r.left) + "=" + pr.word(r.right));
  for (const auto x : pr.by_normal_form)
    if (m.run.quotient.monoid.is_p(x)) p.push_back(pr.element(x));
  EXPECT_EQ(rel, (std::vector<std::string>{"a^2=1", "bc=ab", "c^2=b^2", "b^3=b"}));
  EXPECT_EQ(p, (std::vector<std::string>{"a", "b^2"}));
}

// Plambeck and Siegel carried Dawson's Kayles to heap 33, with a partial quotient of order 638
// (as reported by a certified census of 0.07 citing their paper); our computation agrees, and the
// brute force above checks the small heaps.
TEST(MisereQuotient, DawsonsKaylesToHeap33) {
  if (sanitized()) GTEST_SKIP() << "a few seconds of optimised code";
  QuotientRequest r;
  r.max_heap = 33;
  const auto m = misere_quotient(OctalCode::parse("0.07"), r);
  EXPECT_EQ(m.run.quotient.monoid.order(), 638u);
  EXPECT_FALSE(m.proven());
}

TEST(MisereQuotient, TameGamesGiveMisereNimsQuotients) {
  // Nim itself (remove 1 to 7 tokens: heaps up to 7 are Nim heaps) and 0.31.
  const auto nim = misere_quotient(OctalCode::parse("0.3333333"), [] {
    QuotientRequest r;
    r.max_heap = 7;
    return r;
  }());
  EXPECT_EQ(nim.run.quotient.monoid.order(), 10u);
  EXPECT_EQ(nim.tame, std::optional<unsigned>(3));
  const auto m = misere_quotient(OctalCode::parse("0.31"), {});
  EXPECT_EQ(m.tame, std::optional<unsigned>(2));
  EXPECT_EQ(tame_genus(m, 1), "1^0");
  EXPECT_FALSE(misere_quotient(OctalCode::parse("0.77"), {}).tame.has_value());
}

// The quotient of heaps <= N is a quotient of that of heaps <= N + 1: sending each element of the
// latter's sums of heaps <= N to the former's is well defined and multiplicative.
TEST(MisereQuotient, EachQuotientIsAQuotientOfTheNext) {
  for (const char* c : {"0.77", "0.07", "0.137", "grundy"}) {
    const auto code = OctalCode::parse(c);
    q::Builder b(heap_rules(code).options);
    b.add_heap();
    q::Pretension before = b.pretension();
    for (std::uint32_t n = 2; n <= (sanitized() ? 16u : 24u); ++n) {
      b.add_heap();
      const q::Pretension& after = b.pretension();
      // Walk the sums of heaps < n in both at once.
      std::vector<q::Element> image(after.monoid.order(), q::kNone);
      image[0] = 0;
      std::vector<q::Element> queue{0};
      for (std::size_t i = 0; i < queue.size(); ++i)
        for (std::uint32_t h = 1; h < n; ++h) {
          const q::Element x = after.times_heap(queue[i], h);
          const q::Element y = before.times_heap(image[queue[i]], h);
          if (image[x] == q::kNone) {
            image[x] = y;
            queue.push_back(x);
          } else {
            ASSERT_EQ(image[x], y) << c << ": heaps < " << n;
          }
          ASSERT_EQ(after.monoid.is_p(x), before.monoid.is_p(y)) << c;
        }
      before = after;
    }
  }
}

// CGSuite's misère values g- of single heaps (the tables), from the genus computation and
// the existing single-heap misère solver; WW: 0.137's first wild heap is 9, genus 3^1431.
TEST(Genus, KnownMisereValues) {
  const std::vector<std::uint32_t> kayles{1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2,
                                          4, 0, 1, 2, 5, 1, 6, 3, 2, 0};
  const std::vector<std::uint32_t> dawson{1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1,
                                          3, 0, 2, 1, 1, 0, 0, 2, 1, 3};
  const std::vector<std::uint32_t> grundy{1, 1, 1, 0, 1, 2, 0, 1, 2, 0, 1,
                                          2, 0, 1, 2, 0, 1, 2, 0, 1, 2};
  const std::pair<const char*, const std::vector<std::uint32_t>*> cases[] = {
      {"0.77", &kayles}, {"0.07", &dawson}, {"grundy", &grundy}};
  for (const auto& [text, want] : cases) {
    const auto code = OctalCode::parse(text);
    const auto genera = heap_genera(code, want->size());
    std::vector<std::uint32_t> got;
    for (const auto& g : genera) got.push_back(g.misere_value());
    EXPECT_EQ(got, *want) << text;
    EXPECT_EQ(misere_values(code, want->size()), *want) << text;
  }
  const auto dawsons_chess = heap_genera(OctalCode::parse("0.137"), 12);
  EXPECT_EQ(genus_text(dawsons_chess[9]), "3^1431");
  for (std::size_t n = 0; n < 9; ++n) {
    // The tame heaps before it: g^γ0 with the tame continuation.
    const auto& g = dawsons_chess[n];
    EXPECT_TRUE(g.misere[0] == g.normal || (g.normal < 2 && g.misere[0] == 1 - g.normal))
        << "heap " << n << " " << genus_text(g);
  }
  EXPECT_EQ(genus_text(heap_genera(OctalCode::parse("0.77"), 1)[0]), "0^120");
  EXPECT_EQ(genus_text(Genus{12, {3, 14}}), "12^(3,14)");
}

// γk is the misère value of the heap plus k nim-heaps *2. Kayles' heap 2 is *2 itself (its
// options are no heap and a heap of 1, which is *1), so γ1 and γ2 of Kayles' heaps are misère
// values of Kayles positions, which the generic solver finds by brute force.
TEST(Genus, GammaIsTheMisereValueWithHeapsOfTwo) {
  const auto code = OctalCode::parse("0.77");
  const auto genera = heap_genera(code, 14);
  const MultiHeapGame game{&code};
  Solver<MultiHeapGame> solver(game, Rule::misere);
  for (std::uint64_t n = 0; n < genera.size(); ++n) {
    const auto& g = genera[n].misere;
    const auto at = [&](std::size_t k) {
      const std::size_t last = g.size() - 1;
      return k <= last ? g[k] : g[last - ((k - last) & 1)];
    };
    Heaps one{2}, two{2, 2};
    if (n > 0) {
      one.push_back(n);
      two.push_back(n);
    }
    std::sort(one.begin(), one.end());
    std::sort(two.begin(), two.end());
    EXPECT_EQ(at(1), solver.value(one)) << "heap " << n;
    EXPECT_EQ(at(2), solver.value(two)) << "heap " << n;
  }
}

}  // namespace
}  // namespace grundy::octal
