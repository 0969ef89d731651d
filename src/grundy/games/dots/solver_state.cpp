#include "grundy/games/dots/solver_state.h"

#include <vector>

#include "grundy/core/bits.h"

namespace grundy::dots {

bool SolverState::static_value(int& v) const {
  // Only coins with exactly two strings: independent chains (ground at both ends) and loops.
  for (int c = 0; c < g_->coins; ++c) {
    const int d = degree(c);
    if (d != 0 && d != 2) return false;
  }
  if (present_ == 0) return false;
  std::vector<int> chains, loops;
  std::uint64_t seen = 0;  // strings walked
  // Chains first: walk from each string to the ground.
  for (std::uint64_t p = present_; p; p &= p - 1) {
    const int s0 = std::countr_zero(p);
    if ((seen >> s0) & 1) continue;
    const auto& e = g_->ends[s0];
    if (e[0] >= 0 && e[1] >= 0) continue;    // start chains at a ground string
    if (e[0] < 0 && e[1] < 0) return false;  // a string joining ground to ground: not Dots
    int coins = 0, s = s0, c = e[0] < 0 ? e[1] : e[0];
    seen |= std::uint64_t{1} << s;
    while (c >= 0) {
      ++coins;
      s = other_string(c, s);
      seen |= std::uint64_t{1} << s;
      c = other_end(s, c);
    }
    chains.push_back(coins);
  }
  // What is left are loops.
  for (std::uint64_t p = present_ & ~seen; p; p &= p - 1) {
    const int s0 = std::countr_zero(p);
    if ((seen >> s0) & 1) continue;
    int coins = 0, s = s0, c = g_->ends[s0][0];
    seen |= std::uint64_t{1} << s;
    do {
      ++coins;
      s = other_string(c, s);
      seen |= std::uint64_t{1} << s;
      c = other_end(s, c);
    } while (s != s0);
    loops.push_back(coins);
  }
  v = simple_endgame_value(std::move(chains), std::move(loops));
  return true;
}

void SolverState::search_moves(Moves& out) const {
  // Capturable coins decide the move when there are any.
  int decision_s = -1, decision_t = -1, decisions = 0;
  std::uint64_t decision_coins = 0;
  for (int a = 0; a < g_->coins; ++a) {
    const std::uint64_t own = g_->coin_strings[a] & present_;
    if (grundy::popcount(own) != 1) continue;
    const int s = std::countr_zero(own);
    const int x = other_end(s, a);
    if (x < 0 || degree(x) != 2) {  // ground, junction or a double box: take it
      out.clear();
      out.push_back(static_cast<Move>(s));
      return;
    }
    const int t = other_string(x, s);
    const int y = other_end(t, x);
    bool decide = y < 0 || degree(y) >= 3;  // two boxes left before the ground or a junction
    if (y >= 0 && degree(y) == 2) {         // four boxes open at both ends (a loop's last 4)
      const int u = other_string(y, t);
      const int z = other_end(u, y);
      decide = z >= 0 && z != a && degree(z) == 1;
    }
    if (!decide) {  // deeper in a chain, or three boxes open at both ends: take
      out.clear();
      out.push_back(static_cast<Move>(s));
      return;
    }
    if ((decision_coins >> a) & 1) continue;  // the other end of a chain already counted
    ++decisions;
    decision_s = s;
    decision_t = t;
    decision_coins |= std::uint64_t{1} << a;
    if (y >= 0 && degree(y) == 2)
      decision_coins |= std::uint64_t{1} << other_end(other_string(y, t), y);
  }
  if (decisions > 0) {
    out.clear();
    out.push_back(static_cast<Move>(decision_s));
    // Double-dealing keeps control only if it is the last capture left; with several chains
    // to take, take one first (the others come back to the same choice).
    if (decisions == 1) out.push_back(static_cast<Move>(decision_t));
    return;
  }
  // Nothing to capture. Moves inside an independent chain or loop (coins with two strings
  // each, grounded at both ends, or a cycle) are interchangeable, and so are the components
  // of one kind and length: one move each is enough. A 2-chain is opened in the middle (the
  // hard-hearted handout: opened at an end it lets the opponent choose, never better for the
  // opener).
  std::uint64_t two = 0;  // coins with exactly two strings
  for (int c = 0; c < g_->coins; ++c)
    if (degree(c) == 2) two |= std::uint64_t{1} << c;
  std::uint64_t skip = 0;  // strings of independent components that need no move of their own
  std::uint64_t walked = 0;
  std::array<std::uint8_t, 66> chain_seen{}, loop_seen{};  // lengths already represented
  // Walks from string s0 away from coin end `c` through coins with two strings; returns the
  // strings passed, the coins counted in `length`, and how the walk ended.
  enum class Ended { ground, junction, around };
  const auto walk = [&](int s0, int c, int& length, int& second, Ended& ended) {
    std::uint64_t strings = std::uint64_t{1} << s0;
    int s = s0;
    length = 0;
    while (true) {
      if (c < 0) {
        ended = Ended::ground;
        break;
      }
      if (!((two >> c) & 1)) {
        ended = Ended::junction;
        break;
      }
      ++length;
      s = other_string(c, s);
      if (length == 1) second = s;
      if (s == s0) {
        ended = Ended::around;
        break;
      }
      strings |= std::uint64_t{1} << s;
      c = other_end(s, c);
    }
    return strings;
  };
  for (int pass = 0; pass < 2; ++pass)  // chains from their ground strings, then loops
    for (std::uint64_t p = present_ & ~walked; p; p &= p - 1) {
      const int s0 = std::countr_zero(p);
      if ((walked >> s0) & 1) continue;
      const auto& e = g_->ends[s0];
      const bool grounded = e[0] < 0 || e[1] < 0;
      if (grounded != (pass == 0)) continue;
      int length = 0, second = -1;
      Ended ended;
      const std::uint64_t strings = walk(s0, e[0] < 0 ? e[1] : e[0], length, second, ended);
      walked |= strings;
      if (ended != (pass == 0 ? Ended::ground : Ended::around)) continue;
      auto& seen = pass == 0 ? chain_seen : loop_seen;
      const int keep = pass == 0 && length == 2 ? second : s0;
      skip |= strings & ~(seen[length] ? 0 : std::uint64_t{1} << keep);
      seen[length] = 1;
    }
  out.clear();
  for (std::uint64_t p = present_ & ~skip; p; p &= p - 1)
    out.push_back(static_cast<Move>(std::countr_zero(p)));
}

void SolverState::order_moves(Moves& out) const {
  // Safe strings (no coin drops to one string) first, then sacrifices; centre-out in each.
  // (The history heuristic was tried here and searched 4% to 4x more nodes: centre-out wins.)
  const std::size_t n = out.size();
  if (n < 2) return;
  std::uint64_t unsafe = 0;  // strings at a coin with two strings or fewer
  for (int c = 0; c < g_->coins; ++c)
    if (degree(c) <= 2) unsafe |= g_->coin_strings[c];
  if (n <= 12) {  // few moves: an insertion sort on (unsafe, centre rank)
    std::array<int, kMaxMoves> key{};
    for (std::size_t i = 0; i < n; ++i)
      key[i] = (((unsafe >> out[i]) & 1) ? 64 : 0) + g_->centre_rank[out[i]];
    for (std::size_t i = 1; i < n; ++i) {
      const Move m = out[i];
      const int k = key[i];
      std::size_t j = i;
      for (; j > 0 && key[j - 1] > k; --j) {
        out[j] = out[j - 1];
        key[j] = key[j - 1];
      }
      out[j] = m;
      key[j] = k;
    }
    return;
  }
  // Many moves: the board's centre-out order, read twice (the safe moves, then the others).
  std::uint64_t moves = 0;
  for (std::size_t i = 0; i < n; ++i) moves |= std::uint64_t{1} << out[i];
  out.clear();
  for (const std::uint64_t part : {moves & ~unsafe, moves & unsafe})
    for (int r = 0; r < g_->strings; ++r) {
      const int st = g_->centre_order[r];
      if ((part >> st) & 1) out.push_back(static_cast<Move>(st));
    }
}

}  // namespace grundy::dots
