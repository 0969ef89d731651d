#pragma once
// Positions made of several heaps, for the generic solver: misère values of single heaps (whose
// options may be two-heap sums) and brute-force cross-checks of the one-heap paths.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/games/octal/moves.h"
#include "grundy/games/octal/octal_code.h"

namespace grundy::octal {

using Heaps = std::vector<std::uint64_t>;  // non-empty heaps, ascending

struct MultiHeapGame {
  const OctalCode* code;
  using Position = Heaps;
  void moves(const Heaps& p, std::vector<Heaps>& out) const {
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (i > 0 && p[i] == p[i - 1]) continue;  // equal heaps give equal options
      for_each_move(*code, p[i], [&](const Move& m) {
        Heaps q;
        q.reserve(p.size() + 1);
        for (std::size_t j = 0; j < p.size(); ++j)
          if (j != i) q.push_back(p[j]);
        if (m.a > 0) q.push_back(m.a);
        if (m.b > 0) q.push_back(m.b);
        if (m.c > 0) q.push_back(m.c);
        std::sort(q.begin(), q.end());
        out.push_back(std::move(q));
      });
    }
  }
  std::string describe(const Heaps& p) const {
    std::string s = "{";
    for (std::size_t i = 0; i < p.size(); ++i) s += (i ? "," : "") + std::to_string(p[i]);
    return s + "}";
  }
};

}  // namespace grundy::octal
