#pragma once
// Everything the classical strategy says about a position, for `grundy dots analyze` and the
// web page: chains and loops, the long chain rule, the Nimstring value, the moves by kind, the
// choice at the end of a capturable chain, simple loony endgames, the control engine's advice,
// and the exact solver's answer when it is fast enough.
#include <atomic>
#include <optional>
#include <vector>

#include "grundy/games/dots/coins.h"
#include "grundy/games/dots/nimstring.h"
#include "grundy/games/dots/players.h"
#include "grundy/games/dots/solver.h"
#include "grundy/games/dots/strategy.h"

namespace grundy::dots {

struct AnalysisOptions {
  double solver_seconds = 2;    // 0: do not run the solver
  int solver_max_undrawn = 36;  // run it only on positions with at most this many undrawn lines
  std::size_t nimstring_positions = 200'000;
  std::uint64_t seed = 1;  // for the advice's choice among equal lines
  const std::atomic<bool>* stop =
      nullptr;  // set elsewhere (a server's budget): Nimstring and the solver stop
};

struct Analysis {
  bool structure_known = false;  // at most 64 undrawn lines: chains, Nimstring
  Coins graph;
  std::vector<Chain> chains;
  int dots = 0;
  int long_chains = 0, loops = 0;
  int favoured = 0;  // the player (1 or 2) the long chain rule favours with today's count
  std::optional<NimstringValue> nimstring;  // unset when too big to compute
  MoveClasses moves;
  std::optional<ControlChoice> control;
  bool keep_control = false;
  Endgame endgame;
  int best_opening = -1;
  Advice advice;
  std::optional<SolveResult> solved;
};

Analysis analyze(const DotsState& s, const AnalysisOptions& options = {});

}  // namespace grundy::dots
