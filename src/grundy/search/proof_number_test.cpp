#include "grundy/search/proof_number.h"

#include <unistd.h>

#include <filesystem>
#include <functional>
#include <map>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/search/random.h"
#include "grundy/search/testing/toy_games.h"
#include "grundy/testing/sanitized.h"

namespace grundy::search {
namespace {

using testing::CoinRow;
using testing::TicTacToe;

template <class S>
int remaining_value(const S& s) {
  S copy = s;
  return testing::minimax(copy);
}

TEST(ProofNumber, AnswersEqualMinimaxOnTicTacToePositions) {
  Rng rng(4);
  ProofTable table(1 << 20);
  int checked = 0;
  for (int game = 0; game < (sanitized() ? 20 : 60); ++game) {  // (8 s there)
    TicTacToe s;
    while (!s.is_over()) {
      const int v = remaining_value(s);
      for (int t = -1; t <= 2; ++t) {
        table.clear();
        ProofNumberSearch<TicTacToe> pns(table);
        const auto r = pns.prove(s, t, {});
        ASSERT_NE(r.status, PnStatus::unknown);
        EXPECT_EQ(r.status == PnStatus::proven, v >= t) << "t = " << t;
        if (r.status == PnStatus::proven && !s.is_over()) {
          ASSERT_TRUE(r.has_move);
          TicTacToe c = s;
          const int me = c.to_move();
          c.play(r.move);
          EXPECT_GE(margin(c, me) - remaining_value(c), t);
        }
        ++checked;
      }
      MovesOf<TicTacToe> moves;
      s.legal_moves(moves);
      s.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
  }
  EXPECT_GT(checked, sanitized() ? 150 : 500);
}

TEST(ProofNumber, ExtraMovesAndScoresEqualMinimax) {
  Rng rng(12);
  for (int i = 0; i < 150; ++i) {
    std::vector<int> coins(1 + rng.below(11));
    for (auto& c : coins) c = static_cast<int>(rng.below(9)) + 1;
    CoinRow row(coins);
    const int v = remaining_value(row);
    ProofTable table(1 << 16);  // small: entries are replaced
    ProofNumberSearch<CoinRow> pns(table);
    for (int t : {v - 1, v, v + 1}) {
      const auto r = pns.prove(row, t, {});
      ASSERT_NE(r.status, PnStatus::unknown);
      EXPECT_EQ(r.status == PnStatus::proven, v >= t) << "row " << i << " t " << t;
    }
  }
}

TEST(ProofNumber, TheStrategyWalkVisitsAConsistentProof) {
  // X to move after X a1 (0), O b1 (1): X wins. The walk lists X's moves; replaying them
  // against every O answer must always end in an X win.
  TicTacToe s;
  s.play(0);
  s.play(1);
  ProofTable table(1 << 16);
  ProofNumberSearch<TicTacToe> pns(table);
  ASSERT_EQ(pns.prove(s, 1, {}).status, PnStatus::proven);
  std::map<std::uint64_t, std::uint8_t> strategy;
  int leaves = 0, positions = 0;
  const bool ok = pns.strategy(
      s, 1, {}, [&](const TicTacToe& p, int, bool proven, bool has_move, std::uint8_t m) {
        ++positions;
        if (has_move) strategy[p.hash()] = m;
        if (p.is_over()) {
          ++leaves;
          EXPECT_EQ(p.points(0), 1) << "a leaf of X's proof is an X win";
        }
        (void)proven;
      });
  ASSERT_TRUE(ok);
  EXPECT_GT(leaves, 0);
  // Brute force: X follows the strategy, O tries everything.
  std::function<bool(TicTacToe&)> wins = [&](TicTacToe& p) -> bool {
    if (p.is_over()) return p.points(0) == 1;
    MovesOf<TicTacToe> moves;
    p.legal_moves(moves);
    if (p.to_move() == 0) {
      if (!strategy.count(p.hash())) {
        // a position proven by a static value or a leaf: only game-over positions here
        return false;
      }
      TicTacToe c = p;
      c.play(strategy[p.hash()]);
      return wins(c);
    }
    for (auto m : moves) {
      TicTacToe c = p;
      c.play(m);
      if (!wins(c)) return false;
    }
    return true;
  };
  EXPECT_TRUE(wins(s));
  (void)positions;
}

TEST(ProofNumber, AProverFilterKeepsProofsSound) {
  // X restricted to one move per position (the first legal one, or a fixed corner): every
  // proof found must still hold against all of O's answers, by minimax; a disproof only says
  // that the restricted X fails.
  Rng rng(19);
  int proofs = 0, restricted = 0;
  for (int game = 0; game < 200; ++game) {
    TicTacToe s;
    for (int i = 0, n = static_cast<int>(rng.below(5)); i < n && !s.is_over(); ++i) {
      MovesOf<TicTacToe> moves;
      s.legal_moves(moves);
      s.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
    if (s.is_over()) continue;
    ProofTable table(1 << 16);
    ProofNumberSearch<TicTacToe> pns(table);
    pns.set_prover_filter([](const TicTacToe&, MovesOf<TicTacToe>& moves) {
      if (moves.size() > 1) {
        const auto keep = moves[moves.size() - 1];
        moves.clear();
        moves.push_back(keep);
      }
    });
    for (int t : {0, 1}) {
      const auto r = pns.prove(s, t, {});
      if (r.status != PnStatus::proven) {
        if (remaining_value(s) >= t) ++restricted;  // the filter really removed the way to win
        continue;
      }
      ++proofs;
      EXPECT_GE(remaining_value(s), t);  // sound: the unrestricted value is at least as good
    }
  }
  EXPECT_GE(proofs, 10);
  EXPECT_GT(restricted, 0);
}

TEST(ProofNumber, BudgetsStopAndTheTableResumesAfterSaveAndLoad) {
  TicTacToe s;
  ProofTable table(1 << 20);
  ProofNumberSearch<TicTacToe> pns(table);
  const auto partial = pns.prove(s, 0, {.max_nodes = 1});
  EXPECT_EQ(partial.status, PnStatus::unknown);
  std::atomic<bool> stop{true};
  table.clear();
  EXPECT_EQ(pns.prove(s, 0, {.stop = &stop}).status, PnStatus::unknown);
  const auto path =
      std::filesystem::temp_directory_path() / ("grundy_pn_" + std::to_string(::getpid()) + ".bin");
  ASSERT_EQ(pns.prove(s, 0, {}).status, PnStatus::proven);  // tic-tac-toe: X does not lose
  table.save(path.string(), "tic-tac-toe t=0");
  ProofTable loaded(1 << 20);
  loaded.load(path.string(), "tic-tac-toe t=0");
  ProofNumberSearch<TicTacToe> again(loaded);
  const auto r = again.prove(s, 0, {});
  EXPECT_EQ(r.status, PnStatus::proven);
  EXPECT_LE(r.nodes, 1u);  // the answer was in the loaded table
  EXPECT_THROW(loaded.load(path.string(), "something else"), InputError);
  ProofTable other(1 << 16);
  EXPECT_THROW(other.load(path.string(), "tic-tac-toe t=0"), InputError);
  std::filesystem::remove(path);
  EXPECT_EQ(again.prove(s, 1, {}).status, PnStatus::disproven);  // nor does X win
}

}  // namespace
}  // namespace grundy::search
