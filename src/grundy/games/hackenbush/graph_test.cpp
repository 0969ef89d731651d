#include "grundy/games/hackenbush/graph.h"

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/hackenbush/explain.h"
#include "grundy/games/hackenbush/green.h"

namespace grundy::hackenbush {
namespace {

TEST(HackenbushInput, EdgeList) {
  const Graph g = parse_edge_list("# a comment\n0 1\n1 2 b\n\n2 2 r  # loop\n7 9 g\n", "t.txt");
  ASSERT_EQ(g.edge_count(), 4u);
  EXPECT_EQ(g.edge(1).colour, Colour::blue);
  EXPECT_EQ(g.label(g.edge(3).v), 9u);
  EXPECT_EQ(g.edge(2).u, g.edge(2).v);
}

TEST(HackenbushInput, EdgeListErrorsNameTheLine) {
  try {
    parse_edge_list("0 1\n1 x\n", "t.txt");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("t.txt line 2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_edge_list("0 1 q\n", "t"), InputError);
  EXPECT_THROW(parse_edge_list("0\n", "t"), InputError);
  EXPECT_THROW(parse_edge_list("0 1 g x\n", "t"), InputError);
  EXPECT_THROW(parse_edge_list("0 -1\n", "t"), InputError);
}

TEST(HackenbushInput, StringNotation) {
  const Graph g = parse_string_notation("ee(e;ll)");
  ASSERT_EQ(g.edge_count(), 5u);
  EXPECT_EQ(g.edge(3).colour, Colour::blue);
  EXPECT_EQ(g.edge(2).u, g.edge(3).u);  // both branches start at the top of "ee"
  EXPECT_EQ(green_value(g), 5u);        // branches 1 and 2 make a stalk of 3, on a stalk of 2
  // Branches at the ground.
  const Graph h = parse_string_notation("e;e;e");
  EXPECT_EQ(green_value(h), 1u);
  EXPECT_EQ(green_value(parse_string_notation("eeee")), 4u);
  EXPECT_THROW(parse_string_notation("e(e"), InputError);
  EXPECT_THROW(parse_string_notation("e)"), InputError);
  EXPECT_THROW(parse_string_notation("e(e)e"), InputError);
  EXPECT_THROW(parse_string_notation("ex"), InputError);
  EXPECT_THROW(parse_string_notation(""), InputError);
}

TEST(HackenbushExplain, SeedFusionExample) {
  const Graph g = parse_edge_list("0 1\n1 2\n2 3\n3 0\n2 4\n4 5\n5 2\n", "t");
  const Explanation x = explain_green(g);
  ASSERT_EQ(x.fusions.size(), 1u);
  EXPECT_EQ(x.fusions[0].edges, 7u);
  ASSERT_EQ(x.collapses.size(), 1u);
  EXPECT_EQ(x.collapses[0].loops, 7u);
  EXPECT_EQ(x.value, 1u);
}

TEST(HackenbushExplain, ColonStepsOnAStar) {
  // Three leaves on one edge: the leaves collapse to a stalk of 1, then the ground sees 2.
  const Graph g = parse_string_notation("e(e;e;e)");
  const Explanation x = explain_green(g);
  ASSERT_EQ(x.collapses.size(), 2u);
  EXPECT_EQ(x.collapses[0].branches, (std::vector<std::uint64_t>{1, 1, 1}));
  EXPECT_EQ(x.collapses[0].stalk, 1u);
  EXPECT_EQ(x.collapses[1].branches, (std::vector<std::uint64_t>{2}));
  EXPECT_EQ(x.value, 2u);
}

}  // namespace
}  // namespace grundy::hackenbush
