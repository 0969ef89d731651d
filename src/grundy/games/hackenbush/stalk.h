#pragma once
// The values of a blue-red stalk and of every prefix of it (what is left when one edge is cut),
// in linear time and memory whatever the length.
//
// Berlekamp's rule: with colours s_1..s_m from the ground (+1 blue, -1 red) and a first run of r
// edges of sign σ, the prefix of k edges is worth p_k = σk for k <= r and, for k = r + j > r,
// σ((r-1) + 0.b_1 b_2 ... b_{j-1} 1) in binary, where b_i = 1 exactly when s_{r+i+1} = σ. So all
// m prefixes share one string of m - r - 1 bits: storing each p_k as a number would take O(m^2)
// bits (1.25 GB for 10^5 edges); this takes O(m), and compares every p_k with a threshold in
// one pass.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "grundy/core/dyadic.h"
#include "grundy/games/hackenbush/graph.h"

namespace grundy::hackenbush {

class StalkPrefixes {
 public:
  // InputError on a green edge.
  explicit StalkPrefixes(std::span<const Colour> from_ground);

  std::size_t size() const { return size_; }  // m, the number of edges
  // p_k, the value of the first k edges (k <= m), built in O(k).
  Dyadic prefix(std::size_t k) const;
  Dyadic value() const { return prefix(size_); }
  // sign(p_k - t) (-1, 0 or 1) for k = 0..m, in O(m) plus O(1) per binary digit of t.
  std::vector<std::int8_t> compare(const Dyadic& t) const;

 private:
  std::size_t size_ = 0;
  std::size_t run_ = 0;             // r
  int sign_ = 1;                    // σ
  std::vector<std::uint8_t> bits_;  // bits_[i - 1] = b_i, i = 1..m-r-1
};

}  // namespace grundy::hackenbush
