// The network in 16-bit integers (network_eval.h) against the float network it comes from, its
// scales and refusals, and the search on it under every kernel set.
#include "grundy/games/uttt/network_eval.h"

#include <cmath>
#include <limits>
#include <memory>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/core/kernel_set.h"
#include "grundy/games/uttt/net_search.h"
#include "grundy/search/random.h"
#include "grundy/testing/kernel_sets.h"
#include "grundy/testing/sanitized.h"

namespace grundy::uttt {
namespace {

std::unique_ptr<net::Weights> random_net(std::uint64_t seed, float hidden_size) {
  search::Rng rng(seed);
  auto w = std::make_unique<net::Weights>();
  for (auto& row : w->hidden)
    for (float& x : row) x = static_cast<float>(rng.uniform() - 0.5) * hidden_size;
  for (float& x : w->hidden_bias) x = static_cast<float>(rng.uniform());
  for (float& x : w->output) x = static_cast<float>(rng.uniform() - 0.5) * 2;
  w->output_bias = 0.1f;
  return w;
}

Board position_after(search::Rng& rng, int plies) {
  Board b(Rules::codingame);
  Board::Moves legal;
  for (int i = 0; i < plies && !b.is_over(); ++i) {
    b.legal_moves(legal);
    b.play(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return b;
}

// The largest difference between the quantised and the float network's values, over positions
// of every stage; also checks that the quantised moves' values are the quantised positions'
// values exactly (the same integer sums in another order).
float largest_difference(const net::Weights& w, const net::QuantizedWeights& q, int positions,
                         std::uint64_t seed) {
  search::Rng rng(seed);
  float worst = 0;
  for (int i = 0; i < positions; ++i) {
    const Board b = position_after(rng, static_cast<int>(rng.below(75)));
    if (b.is_over()) continue;
    worst = std::max(worst, std::fabs(net::evaluate(b, q) - net::evaluate(b, w)));
    Board::Moves moves;
    b.legal_moves(moves);
    float values[kCells];
    bool exact[kCells];
    net::evaluate_moves_with<net::Accumulator16>(b, moves, values, exact, q);
    for (std::size_t k = 0; k < moves.size(); ++k) {
      Board c = b;
      c.play(moves[k]);
      EXPECT_EQ(exact[k], c.is_over());
      if (!c.is_over()) {
        EXPECT_EQ(values[k], 1.0f - net::evaluate(c, q));
      }
    }
  }
  return worst;
}

TEST(UtttNetwork16, ValuesAreTheFloatNetworksWithinAFewThousandths) {
  // (Measured: 0.0045 for the compiled-in network, net10, at one = 512 (0.0025 for net8, before
  // the threat features), 0.0034 for the random one at 2048; the rounding of ~80 rows of a sum,
  // through 512 output weights.)
  const int positions = sanitized() ? 40 : 400;
  const auto& q = net::builtin_quantized();
  EXPECT_EQ(q.one, 512);
  EXPECT_LT(largest_difference(net::builtin_weights(), q, positions, 1), 0.006f);
  const auto w = random_net(2, 0.3f);
  const auto rq = net::quantize(*w);
  EXPECT_EQ(rq->one, 2048);
  EXPECT_LT(largest_difference(*w, *rq, positions, 3), 0.01f);
}

TEST(UtttNetwork16, LargerWeightsGetACoarserScaleAndNeverOverflow) {
  // Hidden weights up to +-4: a position's sum can reach hundreds, so one drops below 4096 (and
  // the values still follow the float network's, less closely: 0.020 with the 36 threat
  // features, 0.041 with the 20 big-board ones too: their rows widen the bound, so one is
  // coarser; an overflow would be off by tenths).
  const auto w = random_net(4, 8.0f);
  const auto q = net::quantize(*w);
  EXPECT_LT(q->one, 4096);
  EXPECT_GE(q->one, 16);
  EXPECT_LT(largest_difference(*w, *q, sanitized() ? 40 : 400, 5), 0.06f);
}

TEST(UtttNetwork16, RefusesWeightsItCannotRepresent) {
  auto w = random_net(6, 0.3f);
  w->hidden[17][3] = std::numeric_limits<float>::quiet_NaN();
  EXPECT_THROW(net::quantize(*w), InputError);
  w = random_net(6, 0.3f);
  w->output[9] = std::numeric_limits<float>::infinity();
  EXPECT_THROW(net::quantize(*w), InputError);
  w = random_net(6, 0.3f);
  w->hidden[40][0] = 5000.0f;  // more than int16 holds even at one = 16
  try {
    net::quantize(*w);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("too large for its 16-bit evaluation"), std::string::npos);
  }
}

TEST(UtttNetwork16, TheSearchIsTheSameUnderEveryKernelSet) {
  const std::uint64_t iterations = sanitized() ? 500 : 30000;  // (2,000 took 12 s there)
  std::vector<std::uint64_t> want;
  search::Rng rng(8);
  const Board start = position_after(rng, 9);
  for (KernelSet set : supported_kernel_sets()) {
    ScopedKernelSet use(set);
    NetSearch s(start, {.max_nodes = 1 << 22});
    const auto r = s.search({.iterations = iterations});
    std::vector<std::uint64_t> got = {r.best, r.nodes, r.iterations};
    for (const auto& m : r.moves) got.insert(got.end(), {m.move, m.visits});
    if (want.empty()) {
      want = got;
      continue;
    }
    EXPECT_EQ(got, want) << kernel_set_name(set);
  }
}

}  // namespace
}  // namespace grundy::uttt
