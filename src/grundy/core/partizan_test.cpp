#include "grundy/core/partizan.h"

#include <functional>
#include <memory>
#include <random>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/core/partizan_names.h"

namespace grundy {
namespace {

// The slow, obviously correct side: games as explicit trees of options, never simplified, and
// who wins found by playing every line out.
struct Tree {
  std::vector<std::shared_ptr<const Tree>> left, right;
};
using TreePtr = std::shared_ptr<const Tree>;

// Positions of a sum of trees, with the sign of each summand (+1 as is, -1 negated).
struct SumPosition {
  std::vector<std::pair<const Tree*, int>> parts;
};

// Does the player to move (left_to_move or not) win in the sum?
bool mover_wins(const SumPosition& p, bool left_to_move) {
  for (std::size_t i = 0; i < p.parts.size(); ++i) {
    const auto [t, sign] = p.parts[i];
    // Left's options of -G are the negatives of G's Right options.
    const auto& opts = (left_to_move == (sign > 0)) ? t->left : t->right;
    for (const auto& o : opts) {
      SumPosition q = p;
      q.parts[i].first = o.get();
      if (!mover_wins(q, !left_to_move)) return true;
    }
  }
  return false;
}

// a <= b iff Right, moving first in b - a... no: a <= b iff Left wins b - a moving second,
// i.e. Right moving first in b - a loses.
bool slow_leq(const Tree& a, const Tree& b) {
  return !mover_wins(SumPosition{{{&b, 1}, {&a, -1}}}, false);
}

TreePtr random_tree(std::mt19937_64& rng, int depth) {
  auto t = std::make_shared<Tree>();
  if (depth <= 0) return t;
  const int nl = static_cast<int>(rng() % 3), nr = static_cast<int>(rng() % 3);
  for (int i = 0; i < nl; ++i)
    t->left.push_back(random_tree(rng, depth - 1 - static_cast<int>(rng() % 2)));
  for (int i = 0; i < nr; ++i)
    t->right.push_back(random_tree(rng, depth - 1 - static_cast<int>(rng() % 2)));
  return t;
}

std::string show(const Tree& t) {
  std::string s = "{";
  for (std::size_t i = 0; i < t.left.size(); ++i) s += (i ? "," : "") + show(*t.left[i]);
  s += "|";
  for (std::size_t i = 0; i < t.right.size(); ++i) s += (i ? "," : "") + show(*t.right[i]);
  return s + "}";
}

GameId to_store(GameStore& s, const Tree& t) {
  std::vector<GameId> l, r;
  for (const auto& o : t.left) l.push_back(to_store(s, *o));
  for (const auto& o : t.right) r.push_back(to_store(s, *o));
  return s.make(l, r);
}

TEST(Partizan, SimpleValues) {
  GameStore s;
  GameNamer n(s);
  const GameId zero = s.zero(), one = s.integer(1), star = s.nimber(1);
  EXPECT_EQ(s.make({}, {}), zero);
  EXPECT_EQ(s.make({zero}, {}), one);
  EXPECT_EQ(s.make({}, {zero}), s.integer(-1));
  EXPECT_EQ(s.make({zero}, {one}), s.number(Dyadic::make(1, 1)));
  EXPECT_EQ(s.make({zero}, {zero}), star);
  EXPECT_EQ(s.make({star}, {star}), zero);  // {*|*} = 0 (both options reverse)
  EXPECT_EQ(s.make({s.integer(-1)}, {one}), zero);
  const GameId up = s.make({zero}, {star});
  EXPECT_EQ(up, s.up(1));
  EXPECT_EQ(n.name(up), "^");
  EXPECT_EQ(n.name(s.make({zero, star}, {zero})), "^*");
  EXPECT_EQ(n.name(s.make({zero}, {up})), "^^*");  // {0|^} = double-up star
  EXPECT_EQ(n.name(s.make({one}, {one})), "1*");
  EXPECT_EQ(n.name(s.make({one}, {zero})), "{1|0}");
  EXPECT_EQ(n.name(s.neg(s.make({one}, {zero}))), "{0|-1}");
  EXPECT_EQ(n.name(s.nimber(3)), "*3");
  EXPECT_EQ(n.name(s.add(s.up(-3), s.nimber(2))), "v3*2");
  EXPECT_EQ(n.name(s.add(s.number(Dyadic::make(-1, 1)), s.up(2))), "-1/2^^");
  EXPECT_EQ(n.name(s.number(Dyadic::make(7, 2))), "7/4");
  EXPECT_EQ(n.name(s.add(s.integer(3), s.nimber(100))), "3*100");  // beyond the up-star table
  EXPECT_EQ(n.name(s.add(s.number(Dyadic::make(1, 100)), s.add(up, star))), "(1/2^100)^*");
  const GameId odd = s.make({zero, s.add(up, star)}, {zero});  // {0,^*|0}
  EXPECT_EQ(n.name(s.add(odd, s.number(Dyadic::make(-1, 3)))), "-1/8+{0,^*|0}");
}

TEST(Partizan, OutcomesAndArithmetic) {
  GameStore s;
  const GameId star = s.nimber(1), up = s.up(1);
  EXPECT_EQ(s.outcome(s.zero()), Outcome::second);
  EXPECT_EQ(s.outcome(star), Outcome::first);
  EXPECT_EQ(s.outcome(up), Outcome::left);
  EXPECT_EQ(s.outcome(s.neg(up)), Outcome::right);
  EXPECT_EQ(s.outcome(s.add(up, star)), Outcome::first);      // ^* is fuzzy
  EXPECT_EQ(s.outcome(s.add(s.up(2), star)), Outcome::left);  // ^^* > 0
  EXPECT_EQ(s.add(star, star), s.zero());
  EXPECT_EQ(s.add(s.nimber(2), s.nimber(3)), star);
  EXPECT_EQ(s.add(up, s.neg(up)), s.zero());
  EXPECT_TRUE(s.leq(s.zero(), up));
  EXPECT_FALSE(s.leq(up, s.zero()));
  // ^ is below every positive number.
  EXPECT_TRUE(s.leq(up, s.number(Dyadic::make(1, 50))));
  const GameId hot = s.make({s.integer(1)}, {s.integer(-1)});  // +-1
  EXPECT_EQ(s.add(hot, hot), s.zero());
  EXPECT_EQ(s.left_stop(hot), Dyadic::integer(1));
  EXPECT_EQ(s.right_stop(hot), Dyadic::integer(-1));
  // Number translation keeps huge numbers cheap: 10^15 + ^ compared with 10^15.
  const GameId big = s.integer(1'000'000'000'000'000);
  EXPECT_TRUE(s.leq(big, s.add(big, up)));
  EXPECT_EQ(s.sub(s.add(big, up), big), up);
}

TEST(Partizan, CanonicalFormsAgreeWithPlayingItOut) {
  std::mt19937_64 rng(20261122);
  GameStore s;
  std::vector<TreePtr> trees;
  std::vector<GameId> ids;
  for (int i = 0; i < 400; ++i) {
    trees.push_back(random_tree(rng, 1 + static_cast<int>(rng() % 4)));
    ids.push_back(to_store(s, *trees.back()));
  }
  int equal_pairs = 0, fuzzy_pairs = 0;
  for (std::size_t i = 0; i < trees.size(); ++i) {
    const Tree& a = *trees[i];
    const bool l = !mover_wins(SumPosition{{{&a, 1}}}, false);  // a >= 0
    const bool r = !mover_wins(SumPosition{{{&a, 1}}}, true);   // a <= 0
    const Outcome expected = l && r ? Outcome::second
                             : l    ? Outcome::left
                             : r    ? Outcome::right
                                    : Outcome::first;
    ASSERT_EQ(s.outcome(ids[i]), expected) << i;
    for (std::size_t j = 0; j < trees.size(); j += 3) {
      const bool le = slow_leq(a, *trees[j]), ge = slow_leq(*trees[j], a);
      equal_pairs += le && ge && i != j;
      fuzzy_pairs += !le && !ge;
      ASSERT_EQ(s.leq(ids[i], ids[j]), le) << i << " " << j;
      // Canonical forms are unique: equal values, equal ids.
      GameNamer nm(s);
      ASSERT_EQ(ids[i] == ids[j], le && ge)
          << i << " " << j << ": " << nm.name(ids[i]) << " vs " << nm.name(ids[j]) << " trees "
          << show(a) << " and " << show(*trees[j]);
    }
  }
  // The check means something: many different forms of one value, many incomparable pairs.
  EXPECT_GT(equal_pairs, 500);
  EXPECT_GT(fuzzy_pairs, 500);
  EXPECT_GT(s.size(), 100u);
}

TEST(Partizan, SumsAgreeWithPlayingItOut) {
  std::mt19937_64 rng(7);
  GameStore s;
  for (int trial = 0; trial < 400; ++trial) {
    const TreePtr a = random_tree(rng, 2 + static_cast<int>(rng() % 2));
    const TreePtr b = random_tree(rng, 2 + static_cast<int>(rng() % 2));
    const TreePtr c = random_tree(rng, 1 + static_cast<int>(rng() % 2));
    const GameId sum = s.add(to_store(s, *a), to_store(s, *b));
    // sum - c compared with 0, both ways, by playing a + b - c out.
    const SumPosition p{{{a.get(), 1}, {b.get(), 1}, {c.get(), -1}}};
    const GameId diff = s.sub(sum, to_store(s, *c));
    ASSERT_EQ(s.leq(s.zero(), diff), !mover_wins(p, false)) << trial;
    ASSERT_EQ(s.leq(diff, s.zero()), !mover_wins(p, true)) << trial;
    ASSERT_EQ(s.sub(sum, sum), s.zero());
  }
}

TEST(Partizan, ComparisonsWithNimbersWithoutBuildingThem) {
  std::mt19937_64 rng(99);
  GameStore s;
  int above = 0, below = 0;
  for (int i = 0; i < 400; ++i) {
    const TreePtr t = random_tree(rng, 1 + static_cast<int>(rng() % 4));
    GameId g = to_store(s, *t);
    if (i % 4 == 0) g = s.add(g, s.nimber(rng() % 6));
    for (std::uint64_t k = 0; k < 10; ++k) {
      ASSERT_EQ(s.geq_star(g, k), s.leq(s.nimber(k), g)) << i << " " << k;
      ASSERT_EQ(s.leq_star(g, k), s.leq(g, s.nimber(k))) << i << " " << k;
      above += s.geq_star(g, k), below += s.leq_star(g, k);
    }
  }
  EXPECT_GT(above, 500);
  EXPECT_GT(below, 500);
  EXPECT_TRUE(s.geq_star(s.up(1), 1000000));  // ^ + *k > 0 for every k but 1
  EXPECT_FALSE(s.geq_star(s.up(1), 1));
  EXPECT_TRUE(s.geq_star(s.nimber(7), 7));
  EXPECT_FALSE(s.leq_star(s.nimber(7), 6));
}

TEST(Partizan, LimitsAreErrors) {
  GameStore s(64);
  EXPECT_THROW(s.nimber(100), LimitError);
  GameStore t(300);
  EXPECT_THROW(t.up(400), LimitError);
}

}  // namespace
}  // namespace grundy
