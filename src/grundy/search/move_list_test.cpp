#include "grundy/search/move_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace grundy::search {
namespace {

using List = MoveList<std::uint8_t, 15>;

List list_of(const std::vector<std::uint8_t>& v) {
  List l;
  for (const auto m : v) l.push_back(m);
  return l;
}

TEST(MoveList, RotateTailEqualsStdRotateAfterTheFirst) {
  for (std::size_t size = 2; size <= List::capacity(); ++size) {
    std::vector<std::uint8_t> v(size);
    for (std::size_t i = 0; i < size; ++i) v[i] = static_cast<std::uint8_t>(10 + i);
    for (std::size_t shift = 1; shift < size; ++shift) {
      auto expected = v;
      std::rotate(expected.begin() + 1, expected.begin() + static_cast<std::ptrdiff_t>(shift),
                  expected.end());
      auto l = list_of(v);
      l.rotate_tail(shift);
      EXPECT_EQ(std::vector<std::uint8_t>(l.begin(), l.end()), expected)
          << "size " << size << " shift " << shift;
    }
  }
}

TEST(MoveList, MoveToFrontKeepsTheOrderOfTheOthers) {
  auto l = list_of({1, 2, 3, 4, 5});
  l.move_to_front(3);
  EXPECT_EQ(std::vector<std::uint8_t>(l.begin(), l.end()),
            (std::vector<std::uint8_t>{4, 1, 2, 3, 5}));
  EXPECT_TRUE(l.contains(5));
  EXPECT_FALSE(l.contains(6));
}

}  // namespace
}  // namespace grundy::search
