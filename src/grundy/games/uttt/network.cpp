#include "grundy/games/uttt/network.h"

#include <cmath>
#include <fstream>

#include "grundy/core/error.h"
#include "grundy/games/uttt/network_eval.h"

namespace grundy::uttt::net {
namespace {

// Appends the threat features of every board (board_threats) and then the big board's
// (meta_features) to out[n...] in increasing order.
int threat_features(const std::array<unsigned, 9>& threats, unsigned my_boards,
                    unsigned their_boards, FeatureList& out, int n) {
  for (unsigned g = 0; g < 4; ++g)
    for (int board = 0; board < 9; ++board)
      if ((threats[board] >> g) & 1)
        out[n++] = static_cast<std::uint8_t>(kMyThreats + 9 * static_cast<int>(g) + board);
  detail::BigBoard big{.my_boards = my_boards, .their_boards = their_boards};
  for (int board = 0; board < 9; ++board) big = big.with(board, threats[board]);
  for (std::uint32_t bits = big.features(); bits; bits &= bits - 1)
    out[n++] = static_cast<std::uint8_t>(kMyMetaThreats + std::countr_zero(bits));
  return n;
}

// The trained weights, quantised to 16 bits with one scale per layer (network_weights.inc is
// written by tools/uttt_train; scripts/train_uttt_net.sh reproduces it).
#include "grundy/games/uttt/network_weights.inc"
static_assert(sizeof kHiddenQ / sizeof kHiddenQ[0] == std::size_t{kInputs} * kHidden,
              "network_weights.inc was written for another number of features or hidden units");

Weights load() {
  Weights w;
  for (int f = 0; f < kInputs; ++f)
    for (int i = 0; i < kHidden; ++i)
      w.hidden[f][i] = static_cast<float>(kHiddenQ[f * kHidden + i]) * kHiddenScale;
  for (int i = 0; i < kHidden; ++i) {
    w.hidden_bias[i] = static_cast<float>(kHiddenBiasQ[i]) * kHiddenScale;
    w.output[i] = static_cast<float>(kOutputQ[i]) * kOutputScale;
  }
  w.output_bias = kOutputBias;
  return w;
}

}  // namespace

const Weights& builtin_weights() {
  static const Weights w = load();
  return w;
}

void load_weights(const std::string& path, Weights& w) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read the network '" + path + "'");
  in.read(reinterpret_cast<char*>(&w), sizeof w);
  if (in.gcount() != static_cast<std::streamsize>(sizeof w) || in.get() != EOF)
    throw InputError("'" + path + "' is not a network written by uttt_train (" +
                     std::to_string(sizeof w) + " bytes)");
  for (const float* p = w.hidden[0]; p != w.hidden[0] + kInputs * kHidden; ++p)
    if (!std::isfinite(*p)) throw InputError("'" + path + "' holds a weight that is not finite");
}

int features(const Board& b, FeatureList& out) {
  int n = 0;
  const int me = b.to_move(), you = 1 - me;
  for (int board = 0; board < 9; ++board)
    for (unsigned bits = b.cells(me, board); bits; bits &= bits - 1)
      out[n++] = static_cast<std::uint8_t>(kMine + 9 * board + std::countr_zero(bits));
  for (int board = 0; board < 9; ++board)
    for (unsigned bits = b.cells(you, board); bits; bits &= bits - 1)
      out[n++] = static_cast<std::uint8_t>(kTheirs + 9 * board + std::countr_zero(bits));
  const unsigned mine = b.owned(me), yours = b.owned(you);
  const unsigned dead = ~(b.open_boards() | mine | yours) & kFullBoard;
  for (unsigned bits = mine; bits; bits &= bits - 1)
    out[n++] = static_cast<std::uint8_t>(kMyBoards + std::countr_zero(bits));
  for (unsigned bits = yours; bits; bits &= bits - 1)
    out[n++] = static_cast<std::uint8_t>(kTheirBoards + std::countr_zero(bits));
  for (unsigned bits = dead; bits; bits &= bits - 1)
    out[n++] = static_cast<std::uint8_t>(kDeadBoards + std::countr_zero(bits));
  const int forced = b.forced_board();
  out[n++] = static_cast<std::uint8_t>(kForced + (forced == kAnyBoard ? 9 : forced));
  std::array<unsigned, 9> threats;
  for (int board = 0; board < 9; ++board)
    threats[board] = board_threats(b.cells(me, board), b.cells(you, board));
  return threat_features(threats, mine, yours, out, n);
}

int features(const std::array<std::uint16_t, 9>& mine_in,
             const std::array<std::uint16_t, 9>& theirs_in, int forced, int s, FeatureList& out) {
  const auto& sigma = kSymmetry[static_cast<std::size_t>(s)];
  std::array<std::uint16_t, 9> mine{}, theirs{};
  for (int b = 0; b < 9; ++b) {
    unsigned m = 0, t = 0;
    for (int c = 0; c < 9; ++c) {
      if ((mine_in[b] >> c) & 1) m |= 1u << sigma[c];
      if ((theirs_in[b] >> c) & 1) t |= 1u << sigma[c];
    }
    mine[sigma[b]] = static_cast<std::uint16_t>(m);
    theirs[sigma[b]] = static_cast<std::uint16_t>(t);
  }
  int n = 0;
  for (int b = 0; b < 9; ++b)
    for (unsigned bits = mine[b]; bits; bits &= bits - 1)
      out[n++] = static_cast<std::uint8_t>(kMine + 9 * b + std::countr_zero(bits));
  for (int b = 0; b < 9; ++b)
    for (unsigned bits = theirs[b]; bits; bits &= bits - 1)
      out[n++] = static_cast<std::uint8_t>(kTheirs + 9 * b + std::countr_zero(bits));
  unsigned my_boards = 0, their_boards = 0;
  for (int b = 0; b < 9; ++b) {
    my_boards |= static_cast<unsigned>(has_line(mine[b])) << b;
    their_boards |= static_cast<unsigned>(has_line(theirs[b])) << b;
  }
  for (unsigned bits = my_boards; bits; bits &= bits - 1)
    out[n++] = static_cast<std::uint8_t>(kMyBoards + std::countr_zero(bits));
  for (unsigned bits = their_boards; bits; bits &= bits - 1)
    out[n++] = static_cast<std::uint8_t>(kTheirBoards + std::countr_zero(bits));
  for (int b = 0; b < 9; ++b)
    if ((mine[b] | theirs[b]) == kFullBoard && !has_line(mine[b]) && !has_line(theirs[b]))
      out[n++] = static_cast<std::uint8_t>(kDeadBoards + b);
  out[n++] = static_cast<std::uint8_t>(kForced + (forced == 9 ? 9 : sigma[forced]));
  std::array<unsigned, 9> threats;
  for (int b = 0; b < 9; ++b) threats[b] = board_threats(mine[b], theirs[b]);
  return threat_features(threats, my_boards, their_boards, out, n);
}

void refresh(Accumulator& a, const Weights& w, const Board& b) {
  set_bias(a, w);
  FeatureList f;
  const int n = features(b, f);
  for (int k = 0; k < n; ++k) add_row(a, w, f[k]);
}

float output(const Accumulator& a, const Weights& w) {
  // Sixteen independent partial sums: the compiler vectorises them without reordering any
  // addition, so every build computes the same value.
  float partial[16] = {};
  for (int i = 0; i < kHidden; i += 16)
    for (int j = 0; j < 16; ++j) {
      const float x = a.v[i + j];
      const float h = x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;  // (std::fmin is a call)
      partial[j] += h * w.output[i + j];
    }
  float sum = w.output_bias;
  for (float p : partial) sum += p;
  return 1.0f / (1.0f + std::exp(-sum));
}

float evaluate(const Board& b, const Weights& w) {
  Accumulator a;
  refresh(a, w, b);
  return output(a, w);
}

void evaluate_moves(const Board& parent, const Board::Moves& moves, float* values, bool* exact,
                    const Weights& w) {
  evaluate_moves_with<Accumulator>(parent, moves, values, exact, w);
}

}  // namespace grundy::uttt::net
