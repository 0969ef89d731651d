#include "grundy/games/uttt/solve.h"

#include <sys/stat.h>

#include <chrono>
#include <functional>

#include "grundy/core/error.h"
#include "grundy/core/hex.h"
#include "grundy/core/output_file.h"
#include "grundy/core/run_clock.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/proof_text.h"
#include "grundy/games/uttt/solver_keys.h"
#include "grundy/games/uttt/symmetric.h"
#include "grundy/search/proof_number.h"

namespace grundy::uttt {
namespace {

// Positions are searched with symmetric keys: mirror images share their table entries.
using Pns = search::ProofNumberSearch<SymmetricBoard>;

bool file_exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

std::string checkpoint_tag(const Board& b, const std::string& opening) {
  return "uttt " + rules_name(b.rules()) + " position " + hex64(b.hash()) + " symmetric keys" +
         checkpoint_keys_suffix(b) + (opening.empty() ? "" : " opening " + opening);
}

// The centre opening (the Orlin gambit; the strategy of Bertholon et al. begins the same way):
// open in the centre of the centre board; while the centre board has an empty cell, answer in
// the centre of the board you are sent to, which sends the opponent back to the centre board.
void centre_opening(const SymmetricBoard& s, Board::Moves& moves) {
  const Board& b = s.board();
  Board::Move m;
  if (b.stones() == 0) {
    m = 40;  // e5
  } else {
    const int k = b.forced_board();
    if (b.empty_cells(4) == 0 || k == kAnyBoard || k == 4) return;
    m = static_cast<Board::Move>(9 * k + 4);
  }
  if (!moves.contains(m)) return;
  moves.clear();
  moves.push_back(m);
}

// Runs the proof-number search for the questions of solve() with one shared budget, saving
// checkpoints on the way.
class Solver {
 public:
  Solver(const Board& b, const SolveOptions& o)
      : board_(b),
        options_(o),
        table_(o.table_bytes),
        pns_(table_),
        tag_(checkpoint_tag(b, o.opening)) {
    if (o.opening == "centre")
      pns_.set_prover_filter(centre_opening);
    else if (!o.opening.empty())
      throw InputError("unknown opening '" + o.opening + "': the only one is 'centre'");
    // Weak disproof numbers: Ultimate Tic-Tac-Toe transposes a lot (the order of moves in
    // different boards rarely matters), and summing over transpositions misleads the search
    // (a 16-ply orlin position: unsolved after 20M nodes with sums, solved in 5.7M with weak).
    pns_.set_weak(true);
    if (!o.checkpoint.empty() && file_exists(o.checkpoint)) {
      table_.load(o.checkpoint, tag_);
      resumed_ = true;
    }
    clock_.restart();
    last_checkpoint_ = 0;
  }

  bool resumed() const { return resumed_; }
  std::uint64_t nodes() const { return nodes_; }
  double elapsed() const {
    return clock_.seconds();  // not counting a stopped process's pause
  }
  Pns& pns() { return pns_; }
  const search::ProofTable& table() const { return table_; }

  // Runs one question within what is left of the budget.
  search::PnResult<Board::Move> ask(const SymmetricBoard& s, int t, const char* question) {
    search::PnLimits l;
    if (options_.max_nodes)
      l.max_nodes = options_.max_nodes > nodes_ ? options_.max_nodes - nodes_ : 1;
    if (options_.seconds > 0) l.seconds = std::max(1e-3, options_.seconds - elapsed());
    l.stop = options_.stop;
    l.progress_every = std::min(options_.progress_every, options_.checkpoint_every);
    l.progress = [this, question](const search::PnProgress& p) {
      SolveProgress sp;
      sp.nodes = nodes_ + p.nodes;
      sp.seconds = elapsed();
      sp.question = question;
      sp.root_pn = p.root_pn;
      sp.root_dn = p.root_dn;
      sp.permille_full = p.permille_full;
      if (!options_.checkpoint.empty() &&
          sp.seconds - last_checkpoint_ >= options_.checkpoint_every) {
        table_.save(options_.checkpoint, tag_);
        last_checkpoint_ = sp.seconds;
        sp.checkpoint_saved = true;
      }
      if (options_.progress) options_.progress(sp);
    };
    const auto r = pns_.prove(s, t, l);
    nodes_ += r.nodes;
    return r;
  }

  void save_checkpoint() {
    if (!options_.checkpoint.empty()) table_.save(options_.checkpoint, tag_);
  }

  search::PnLimits walk_limits() const {
    search::PnLimits l;
    l.stop = options_.stop;
    return l;
  }

 private:
  Board board_;
  SolveOptions options_;
  search::ProofTable table_;
  Pns pns_;
  std::string tag_;
  bool resumed_ = false;
  std::uint64_t nodes_ = 0;
  RunClock clock_;
  double last_checkpoint_ = 0;
};

std::uint64_t proof_positions(Pns& pns, const Board& b, int t, const search::PnLimits& l) {
  std::uint64_t n = 0;
  const auto count = [&](const SymmetricBoard&, int, bool, bool, Board::Move) { ++n; };
  if (!pns.strategy(SymmetricBoard(b), t, l, count)) return 0;
  return n;
}

}  // namespace

SolveResult solve(const Board& b, const SolveOptions& o) {
  if (b.is_over()) throw InputError("the game is over: there is nothing to solve");
  Solver solver(b, o);
  SolveResult r;
  r.to_move = b.to_move();
  r.resumed = solver.resumed();
  const SymmetricBoard root(b);
  const auto win = solver.ask(root, 1, "win");
  if (win.status == search::PnStatus::proven) {
    r.result = "win";
    r.has_move = win.has_move;
    r.first_move = win.move;
  } else if (win.status == search::PnStatus::disproven && o.opening.empty()) {
    const auto safe = solver.ask(root, 0, "draw");
    if (safe.status == search::PnStatus::proven) {
      r.result = "draw";
      r.has_move = safe.has_move;
      r.first_move = safe.move;
    } else if (safe.status == search::PnStatus::disproven) {
      r.result = "loss";
    }
  }
  if (r.result == "unknown") {
    solver.save_checkpoint();
    r.checkpoint_saved = !o.checkpoint.empty();
  } else if (o.proof_size) {
    const auto l = solver.walk_limits();
    if (r.result == "win") r.proof_size = proof_positions(solver.pns(), b, 1, l);
    if (r.result == "loss") r.proof_size = proof_positions(solver.pns(), b, 0, l);
    if (r.result == "draw")
      r.proof_size =
          proof_positions(solver.pns(), b, 0, l) + proof_positions(solver.pns(), b, 1, l);
  }
  if (r.result == "win" && o.export_proof) {
    // The prover's moves from the table, proving again what it has lost; the opponent's
    // positions need none (every move is walked).
    const ProofOracle oracle = [&](SymmetricBoard& s, int t, Board::Move& m) {
      if (s.to_move() != b.to_move()) return 0;
      if (solver.pns().proving_move(s, t, m)) return 1;
      const auto again = solver.ask(s, t, "win");
      if (again.status == search::PnStatus::proven && solver.pns().proving_move(s, t, m)) return 1;
      throw LimitError("the budget ended while proving part of the proof again");
    };
    r.proof = proof_text(b, o.start_moves, oracle, r.proof_moves);
  }
  r.nodes = solver.nodes();
  r.seconds = solver.elapsed();
  return r;
}

SolveStatus solve_status(const Board& b, const SolveOptions& o) {
  if (b.is_over()) throw InputError("the game is over: there is nothing to solve");
  Solver solver(b, o);
  SolveStatus st;
  st.resumed = solver.resumed();
  const auto& table = solver.table();
  // The numbers of question (s, t), exact when known without search.
  auto numbers = [&](const SymmetricBoard& s, int t, std::uint32_t& pn, std::uint32_t& dn) {
    int v;
    if (s.is_over() || s.static_value(v)) {
      const bool yes = s.is_over() ? 0 >= t : v / Board::kPointScale >= t;
      pn = yes ? 0 : search::kPnInfinity;
      dn = yes ? search::kPnInfinity : 0;
      return;
    }
    if (!table.probe(Pns::question_key(s, t), pn, dn)) {  // unexplored: as the search starts
      pn = 1;
      dn = static_cast<std::uint32_t>(std::max(1, s.move_count()));
    }
  };
  SymmetricBoard root(b);
  numbers(root, 1, st.root_pn, st.root_dn);
  auto status_of = [](std::uint32_t p, std::uint32_t d) {
    return p == 0 ? "wins" : d == 0 ? "fails" : "open";
  };
  Board::Moves moves;
  b.legal_moves(moves);
  std::size_t best = 0;
  for (const auto m : moves) {
    SymmetricBoard child = root;
    child.play(m);
    MoveStatus ms;
    ms.move = m;
    // The child's question is the opponent's "at least 0" (not losing); the move wins when it
    // fails. A move that ends the game is exact.
    std::uint32_t pn, dn;
    numbers(child, 0, pn, dn);
    if (child.is_over()) {
      const bool won = child.board().winner() == b.to_move();
      ms.pn = won ? 0 : search::kPnInfinity;
      ms.dn = won ? search::kPnInfinity : 0;
    } else {
      ms.pn = dn;
      ms.dn = pn;
    }
    ms.status = status_of(ms.pn, ms.dn);
    if (st.moves.empty() || ms.pn < st.moves[best].pn) best = st.moves.size();
    st.moves.push_back(ms);
  }
  // A root still being searched has no table entry yet: its numbers from its children (weak
  // disproof numbers, as the search computes them).
  if (st.root_pn != 0 && st.root_dn != 0) {
    std::uint32_t pn = search::kPnInfinity, max_dn = 0, open = 0;
    for (const auto& m : st.moves) {
      pn = std::min(pn, m.pn);
      max_dn = std::max(max_dn, m.dn);
      open += m.dn > 0;
    }
    st.root_pn = pn;
    st.root_dn = pn == 0 ? search::kPnInfinity
                 : open  ? std::min(max_dn + open - 1, search::kPnInfinity)
                         : 0;
  }
  // The replies to the most promising move: each leads to a position where the player to move
  // at the root asks "can I win?" again.
  MoveStatus& focus = st.moves[best];
  SymmetricBoard after = root;
  after.play(focus.move);
  if (!after.is_over()) {
    after.legal_moves(moves);
    for (const auto r : moves) {
      SymmetricBoard next = after;
      next.play(r);
      MoveStatus rs;
      rs.move = r;
      if (next.is_over()) {
        const bool won = next.board().winner() == b.to_move();
        rs.pn = won ? 0 : search::kPnInfinity;
        rs.dn = won ? search::kPnInfinity : 0;
      } else {
        numbers(next, 1, rs.pn, rs.dn);
      }
      rs.status = status_of(rs.pn, rs.dn);  // "wins": the root's player wins after this reply
      focus.replies.push_back(rs);
    }
  }
  return st;
}

int minimax_result(const Board& b) {
  if (b.is_over()) {
    if (b.winner() < 0) return 0;
    return b.winner() == b.to_move() ? 1 : -1;
  }
  Board::Moves moves;
  b.legal_moves(moves);
  int best = -1;
  for (const auto m : moves) {
    Board c = b;
    c.play(m);
    best = std::max(best, -minimax_result(c));
    if (best == 1) break;  // nothing beats a win (this is not pruning: the value is exact)
  }
  return best;
}

}  // namespace grundy::uttt
