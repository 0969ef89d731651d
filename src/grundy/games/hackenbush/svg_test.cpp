#include "grundy/games/hackenbush/svg.h"

#include <gtest/gtest.h>

#include "grundy/core/error.h"

namespace grundy::hackenbush {
namespace {

std::size_t count(const std::string& s, std::string_view what) {
  std::size_t n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

TEST(HackenbushSvg, EdgesHalosAndCaption) {
  const Graph g = parse_string_notation("el;er;e");
  const std::string s = render_svg(g, {2, 4}, "a <caption> & more");
  EXPECT_EQ(s.rfind("<svg", 0), 0u);
  EXPECT_NE(s.find("a &lt;caption&gt; &amp; more"), std::string::npos);  // escaped
  EXPECT_EQ(count(s, "#ffc400"), 2u);                                    // one halo per cut
  for (int i = 0; i < 5; ++i)
    EXPECT_NE(s.find(">e" + std::to_string(i) + "<"), std::string::npos) << i;
  EXPECT_EQ(count(s, "halo:"), 0u);
}

TEST(HackenbushSvg, EachPlayersCutsInTheirOwnColour) {
  const Graph g = parse_string_notation("el;er;e");
  const std::vector<std::uint32_t> blue{2, 4}, red{0, 4};
  const std::string s = render_svg(g, blue, "value *", &red);
  EXPECT_EQ(count(s, "#ffc400"), 0u);
  EXPECT_EQ(count(s, "stroke=\"#8fc0ff\""), 2u);
  EXPECT_EQ(count(s, "stroke=\"#ff6f9a\""), 2u);
  EXPECT_EQ(count(s, "halo:"), 1u);
}

TEST(HackenbushSvg, TooLargeIsAnError) {
  Graph g;
  for (std::uint64_t i = 0; i <= kMaxSvgEdges; ++i) g.add_edge(i, i + 1);
  EXPECT_THROW(render_svg(g, {}, "big"), LimitError);
}

}  // namespace
}  // namespace grundy::hackenbush
