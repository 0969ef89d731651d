#pragma once
// For tests: Nim with a few heaps as one game for the generic solver (core/solver.h), the slow
// and obviously correct side the fast answers are checked against.
#include <cstdint>
#include <vector>

namespace grundy::nim {

struct NimAsOneGame {
  using Position = std::vector<std::uint64_t>;
  void moves(const Position& p, std::vector<Position>& out) const {
    for (std::size_t i = 0; i < p.size(); ++i)
      for (std::uint64_t k = 0; k < p[i]; ++k) {
        Position q = p;
        q[i] = k;
        out.push_back(q);
      }
  }
};

}  // namespace grundy::nim
