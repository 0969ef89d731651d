// The evaluation network in 16-bit integers (network_eval.h): the scales and the bound.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/games/uttt/network_eval.h"

namespace grundy::uttt::net {
namespace {

constexpr long kMax16 = std::numeric_limits<std::int16_t>::max();
constexpr long kMin16 = std::numeric_limits<std::int16_t>::min();

// The features of which a position holds at most one: per cell (mine, theirs), per board
// (mine, theirs, closed), the board to play in (ten); each threat and big-board feature alone.
// Every feature is in exactly one group.
std::vector<std::vector<int>> exclusive_groups() {
  std::vector<std::vector<int>> groups;
  for (int c = 0; c < kCells; ++c) groups.push_back({kMine + c, kTheirs + c});
  for (int b = 0; b < 9; ++b) groups.push_back({kMyBoards + b, kTheirBoards + b, kDeadBoards + b});
  std::vector<int> forced;
  for (int b = 0; b <= 9; ++b) forced.push_back(kForced + b);
  groups.push_back(forced);
  // The threat features of a board are independent of each other, and so are the big board's:
  // a group each.
  for (int f = kMyThreats; f < kInputs; ++f) groups.push_back({f});
  return groups;
}

// The hidden layer at one = 2^shift; false when some weight or some position's sum would leave
// the int16 range.
bool quantize_hidden(const Weights& w, int shift, QuantizedWeights& q) {
  const double one = std::ldexp(1.0, shift);
  const auto round16 = [&](float x, std::int16_t& out) {
    const double v = std::nearbyint(static_cast<double>(x) * one);
    if (v > kMax16 || v < kMin16) return false;
    out = static_cast<std::int16_t>(v);
    return true;
  };
  for (int f = 0; f < kInputs; ++f)
    for (int i = 0; i < kHidden; ++i)
      if (!round16(w.hidden[f][i], q.hidden[f][i])) return false;
  for (int i = 0; i < kHidden; ++i)
    if (!round16(w.hidden_bias[i], q.hidden_bias[i])) return false;
  static const auto groups = exclusive_groups();
  for (int i = 0; i < kHidden; ++i) {
    long high = q.hidden_bias[i], low = q.hidden_bias[i];
    for (const auto& g : groups) {
      long most = 0, least = 0;  // (none of the group present: 0)
      for (int f : g) {
        most = std::max<long>(most, q.hidden[f][i]);
        least = std::min<long>(least, q.hidden[f][i]);
      }
      high += most;
      low += least;
    }
    if (high > kMax16 || low < kMin16) return false;
  }
  for (int board = 0; board < 9; ++board)
    for (unsigned bits = 0; bits < 16; ++bits)
      for (int i = 0; i < kHidden; ++i) {
        int sum = 0;
        for (unsigned g = 0; g < 4; ++g)
          if ((bits >> g) & 1) sum += q.hidden[kMyThreats + 9 * static_cast<int>(g) + board][i];
        q.threat_rows[board][bits][i] = static_cast<std::int16_t>(sum);  // (modulo 2^16)
      }
  q.one = static_cast<std::int16_t>(1 << shift);
  return true;
}

}  // namespace

std::unique_ptr<QuantizedWeights> quantize(const Weights& w) {
  const float* all = &w.hidden[0][0];
  for (const float* p = all; p != all + kInputs * kHidden; ++p)
    if (!std::isfinite(*p))
      throw InputError("the network holds a hidden weight that is not finite");
  for (int i = 0; i < kHidden; ++i)
    if (!std::isfinite(w.hidden_bias[i]) || !std::isfinite(w.output[i]))
      throw InputError("the network holds a bias or output weight that is not finite");
  if (!std::isfinite(w.output_bias)) throw InputError("the network's output bias is not finite");
  auto q = std::make_unique<QuantizedWeights>();
  int shift = 12;
  while (!quantize_hidden(w, shift, *q))
    if (--shift < 4)
      throw InputError(
          "the network's hidden weights are too large for its 16-bit evaluation (a hidden "
          "unit's sum can exceed 2048)");
  // kHidden products of a unit (at most one) and an output weight within 32 bits.
  const long limit = std::min<long>(
      kMax16, std::numeric_limits<std::int32_t>::max() / (static_cast<long>(kHidden) * q->one));
  float most = 0;
  for (int i = 0; i < kHidden; ++i) most = std::max(most, std::fabs(w.output[i]));
  const double scale = most > 0 ? static_cast<double>(most) / static_cast<double>(limit) : 1.0;
  const auto bound = static_cast<double>(limit);
  for (int i = 0; i < kHidden; ++i)
    q->output[i] = static_cast<std::int16_t>(
        std::clamp(std::nearbyint(static_cast<double>(w.output[i]) / scale), -bound, bound));
  q->output_scale = static_cast<float>(scale / q->one);
  q->output_bias = w.output_bias;
  return q;
}

const QuantizedWeights& builtin_quantized() {
  static const std::unique_ptr<QuantizedWeights> q = quantize(builtin_weights());
  return *q;
}

float evaluate(const Board& b, const QuantizedWeights& w) {
  Accumulator16 a;
  set_bias(a, w);
  FeatureList f;
  const int n = features(b, f);
  for (int k = 0; k < n; ++k) add_row(a, w, f[k]);
  return output(a, w);
}

}  // namespace grundy::uttt::net
