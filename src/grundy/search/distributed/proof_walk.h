#pragma once
// Walks the proof (or disproof) of a question depth first, taking its moves from an oracle:
// at a proven position the oracle's move is followed, at a disproven one every legal move (in
// legal_moves order, as tools/uttt_proof_check replays them). Each (position, t) is walked
// once, by the position's full hash (mirror images are separate positions: a proof file must
// name a move for each). The walk stops at positions known without search, or with
// `to_the_end` goes on through them to finished games, as a proof file needs.
//
// Distributed search uses it on both sides: a worker walks the part of a proof below one of
// its answers with its own table as the oracle and sends the decided positions (a fragment);
// the master walks the whole proof with its knowledge and the fragments as the oracle, and
// asks for a fragment wherever the oracle does not know.
#include <cstdint>
#include <functional>
#include <unordered_set>
#include <vector>

#include "grundy/search/question.h"

namespace grundy::search::distributed {

template <TwoPlayerState S>
class ProofWalk {
 public:
  using Move = typename S::Move;
  // 1: (s, t) is proven and `move` proves it; 0: disproven; -1: not known here.
  using Oracle = std::function<int(S& s, int t, Move& move)>;
  // Every position walked: whether its question is proven, and the move followed if so.
  using Visit = std::function<void(const S& s, int t, bool proven, bool has_move, Move move)>;

  ProofWalk(Oracle oracle, Visit visit, bool to_the_end)
      : oracle_(std::move(oracle)), visit_(std::move(visit)), to_the_end_(to_the_end) {}

  // A position the oracle did not know: its path from the walk's start, and its question.
  struct Missing {
    std::vector<Move> path;
    int t = 0;
  };

  // False when the oracle did not know some positions: missing() then lists them (the walk goes
  // on around them).
  bool run(S s, int t) {
    seen_.clear();
    path_.clear();
    missing_.clear();
    walk(s, t);
    return missing_.empty();
  }
  const std::vector<Missing>& missing() const { return missing_; }
  std::size_t positions() const { return seen_.size(); }

 private:
  void walk(S& s, int t) {
    const std::uint64_t id =
        s.hash() ^ (static_cast<std::uint64_t>(t + 0x4000) * 0xc2b2ae3d27d4eb4full);
    if (!seen_.insert(id).second) return;
    const int exact = exact_answer(s, t);
    if (s.is_over() || (exact >= 0 && !to_the_end_)) {
      visit_(s, t, exact == 1, false, Move{});
      return;
    }
    Move m{};
    int status = exact;
    if (status != 0) {  // unknown, or proven without a move yet: the oracle's move first
      const int said = oracle_(s, t, m);
      if (said >= 0 || status < 0) status = said;
      if (status == 1 && said != 1 && !exact_move(s, t, m)) status = -1;
    }
    if (status < 0) {
      missing_.push_back({path_, t});
      return;
    }
    visit_(s, t, status == 1, status == 1, m);
    const int me = s.to_move();
    const int before = margin(s, me);
    if (status == 1) {
      child(s, m, me, before, t);
      return;
    }
    MovesOf<S> moves;
    s.legal_moves(moves);
    for (const Move c : moves) child(s, c, me, before, t);
  }

  void child(S& s, Move m, int me, int before, int t) {
    const auto u = s.play(m);
    path_.push_back(m);
    walk(s, child_question(s, me, before, t).t);
    path_.pop_back();
    s.undo(m, u);
  }

  // A move whose child is known without search to prove (s, t).
  static bool exact_move(S& s, int t, Move& out) {
    MovesOf<S> moves;
    s.legal_moves(moves);
    const int me = s.to_move();
    const int before = margin(s, me);
    for (const Move m : moves) {
      const auto u = s.play(m);
      const ChildQuestion q = child_question(s, me, before, t);
      const int e = exact_answer(s, q.t);
      s.undo(m, u);
      if (e >= 0 && (q.flip ? e == 0 : e == 1)) {
        out = m;
        return true;
      }
    }
    return false;
  }

  Oracle oracle_;
  Visit visit_;
  bool to_the_end_;
  std::unordered_set<std::uint64_t> seen_;
  std::vector<Move> path_;
  std::vector<Missing> missing_;
};

}  // namespace grundy::search::distributed
