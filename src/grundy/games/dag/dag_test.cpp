#include "grundy/games/dag/dag.h"

#include <gtest/gtest.h>

#include <string>

#include "grundy/core/error.h"

namespace grundy::dag {
namespace {

TEST(Dag, ValuesOfASmallGraph) {
  const Graph g = Graph::parse("# comment\na b\na c\nb c\nb d\nc d\nd e\ne\n", "t");
  ASSERT_EQ(g.size(), 5u);
  const auto v = grundy_values(g);
  // e: no move (0); d -> e (1); c -> d (0); b -> c, d (2); a -> b, c (1).
  EXPECT_EQ(v, (std::vector<std::uint32_t>{1, 2, 0, 1, 0}));
  EXPECT_EQ(g.name(g.find("d")), "d");
}

TEST(Dag, SumOfTokens) {
  const Graph g = Graph::parse("a b\na c\nb c\nb d\nc d\nd e\n", "t");
  const auto a = analyze(g, {g.find("a"), g.find("b")});
  EXPECT_EQ(a.value, 1u ^ 2u);
  EXPECT_EQ(a.winner, Winner::first);
  // Winning: move the token on a to b (value 2, 2 xor 2 = 0) or the token on b to d (1 xor 1).
  ASSERT_EQ(a.winning_moves.size(), 2u);
  EXPECT_EQ(g.name(a.winning_moves[0].to), "b");
  EXPECT_EQ(g.name(a.winning_moves[1].to), "d");
  EXPECT_EQ(analyze(g, {g.find("c"), g.find("e")}).winner, Winner::second);
}

TEST(Dag, CycleNamesAVertexOnIt) {
  const Graph g = Graph::parse("start x\nx y\ny z\nz x\n", "t");
  try {
    grundy_values(g);
    FAIL();
  } catch (const CycleError& e) {
    const std::string m = e.what();
    EXPECT_TRUE(m.find("'x'") != m.npos || m.find("'y'") != m.npos || m.find("'z'") != m.npos) << m;
  }
  EXPECT_THROW(grundy_values(Graph::parse("a a\n", "t")), CycleError);
}

TEST(Dag, MalformedInputNamesTheLine) {
  try {
    Graph::parse("a b\n\na b c\n", "g.txt");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(
        std::string(e.what()),
        "g.txt line 3 column 5: a third word 'c'; expected 'u v' (an edge) or 'u' (a vertex)");
  }
  EXPECT_THROW(Graph::parse("# nothing\n", "g.txt"), InputError);
  EXPECT_THROW(Graph::parse("a b\n", "t").find("zz"), InputError);
}

TEST(Dag, LongChainIsIterative) {
  std::string text;
  for (int i = 0; i < 200000; ++i) text += std::to_string(i + 1) + " " + std::to_string(i) + "\n";
  const Graph g = Graph::parse(text, "chain");
  const auto v = grundy_values(g);
  EXPECT_EQ(v[g.find("200000")], 0u);
  EXPECT_EQ(v[g.find("199999")], 1u);
}

}  // namespace
}  // namespace grundy::dag

namespace grundy::dag {
namespace {

TEST(Dag, MisereSingleTokenAndSumsRefused) {
  const Graph g = Graph::parse("a b\nb c\n", "t");
  // c: no move, worth 1 under misère; b -> c: 0 (must move to c and let the opponent win); a: 1.
  EXPECT_EQ(grundy_values(g, Rule::misere), (std::vector<std::uint32_t>{1, 0, 1}));
  EXPECT_EQ(analyze(g, {g.find("b")}, Rule::misere).winner, Winner::second);
  EXPECT_THROW(analyze(g, {g.find("a"), g.find("b")}, Rule::misere), InputError);
}

}  // namespace
}  // namespace grundy::dag
