#include "grundy/games/dots/solver_keys.h"

#include <vector>

#include "grundy/core/bytes.h"
#include "grundy/games/dots/solver_graph.h"
#include "grundy/games/dots/solver_state.h"
#include "grundy/games/dots/state.h"

namespace grundy::dots {
namespace {

constexpr int kWalks = 16;

// splitmix64: the walks' moves (fixed: the fingerprint of every checkpoint depends on it).
std::uint64_t splitmix(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// What reference_keys() was for the solver of checkpoint versions 1 and 2 (2026-11-30).
constexpr std::uint64_t kLegacyReference = 0x76018e5f145c39e4;

}  // namespace

std::uint64_t solver_keys(const Board& board, const LineSet& drawn, int to_move, bool symmetry) {
  std::vector<int> lines;
  for (int l = 0; l < board.lines(); ++l)
    if (drawn.test(l)) lines.push_back(l);
  // The graph depends only on the lines drawn (and so on which boxes are open), not on who
  // owns the closed boxes.
  const DotsState s = DotsState::after(board, lines);
  const SolverGraph g = SolverGraph::of(s, symmetry);
  Fnv64 h;
  h.add_u64(kEntryMeaning);
  h.add_u64(static_cast<std::uint64_t>(g.strings));
  for (int i = 0; i < g.strings; ++i) h.add_u64(static_cast<std::uint64_t>(g.line[i]));
  std::uint64_t seed = 0x6772756e6479ull;  // "grundy"
  for (int walk = 0; walk < kWalks; ++walk) {
    SolverState st(g, g.present_of(s), to_move);
    st.set_symmetry(symmetry);
    SolverState::Moves moves;
    while (true) {
      h.add_u64(st.tt_key());
      h.add_u64(static_cast<std::uint64_t>(st.to_move()));
      if (st.is_over()) break;
      st.legal_moves(moves);
      st.play(moves[splitmix(seed) % moves.size()]);
    }
  }
  return h.h == 0 ? 1 : h.h;
}

std::uint64_t reference_keys() {
  Fnv64 h;
  const Board& b33 = Board::get(3, 3);
  h.add_u64(solver_keys(b33, LineSet{}, 0, true));
  h.add_u64(solver_keys(b33, LineSet{}, 1, false));
  const Board& b45 = Board::get(4, 5);
  const DotsState mid = DotsState::after(b45, "a1b1 c3c4 e2e3 b5c5 d1d2 f4f5 a3a4");
  h.add_u64(solver_keys(b45, mid.drawn_lines(), mid.to_move(), true));
  // A board of more than 64 lines: the graph of its undrawn lines, numbered afresh.
  const Board& b66 = Board::get(6, 6);
  std::vector<int> drawn;
  for (int l = 0; l < b66.lines(); l += 3) drawn.push_back(l);
  const DotsState big = DotsState::after(b66, drawn);
  h.add_u64(solver_keys(b66, big.drawn_lines(), big.to_move(), true));
  return h.h;
}

bool legacy_keys_hold() {
  static const bool hold = reference_keys() == kLegacyReference;  // the keys cannot change
  return hold;
}

}  // namespace grundy::dots
