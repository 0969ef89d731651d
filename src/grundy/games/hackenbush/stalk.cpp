#include "grundy/games/hackenbush/stalk.h"

#include <limits>

#include "grundy/core/error.h"

namespace grundy::hackenbush {
namespace {

int sign_of(Colour c) {
  if (c == Colour::green)
    throw InputError("a stalk with a green edge is not a blue-red stalk (its value is no number)");
  return c == Colour::blue ? 1 : -1;
}

}  // namespace

StalkPrefixes::StalkPrefixes(std::span<const Colour> s) : size_(s.size()) {
  for (const Colour c : s) sign_of(c);
  if (s.empty()) return;
  sign_ = sign_of(s[0]);
  while (run_ < s.size() && s[run_] == s[0]) ++run_;
  if (run_ + 1 < s.size()) {
    bits_.resize(s.size() - run_ - 1);
    // b_i (i >= 1) is 1 when edge r+i+1 (1-based), i.e. s[r + i], has the first run's colour.
    for (std::size_t i = 1; i <= bits_.size(); ++i) bits_[i - 1] = s[run_ + i] == s[0];
  }
}

Dyadic StalkPrefixes::prefix(std::size_t k) const {
  if (k <= run_) return Dyadic::integer(sign_ * static_cast<std::int64_t>(k));
  const std::size_t j = k - run_;
  std::vector<std::uint8_t> fraction(bits_.begin(), bits_.begin() + static_cast<long>(j - 1));
  fraction.push_back(1);
  return Dyadic::from_binary(sign_, run_ - 1, fraction);
}

std::vector<std::int8_t> StalkPrefixes::compare(const Dyadic& t) const {
  std::vector<std::int8_t> out(size_ + 1);
  out[0] = static_cast<std::int8_t>(-t.sign());
  if (size_ == 0) return out;
  // Work with magnitudes: q_k = σ p_k > 0 for k >= 1, against d = σ t; then sign(p_k - t) is
  // σ sign(q_k - d).
  const Dyadic d = sign_ > 0 ? t : -t;
  const auto put = [&](std::size_t k, int s) { out[k] = static_cast<std::int8_t>(sign_ * s); };
  if (d.sign() <= 0) {
    for (std::size_t k = 1; k <= size_; ++k) put(k, 1);
    return out;
  }
  // d > 0: its integer part D and fraction digits c_1 c_2 ... c_E (E = d's exponent).
  const Dyadic big_enough = Dyadic::integer(std::int64_t{1} << 62);
  if (d >= big_enough) {  // beyond every q_k (q_k <= m < 2^62)
    for (std::size_t k = 1; k <= size_; ++k) put(k, -1);
    return out;
  }
  const auto whole = static_cast<std::uint64_t>(d.floor());
  const bool d_integer = d.is_integer();
  const std::uint32_t digits = d.exponent();  // E
  const auto c = [&](std::size_t i) { return i <= digits && d.bit(-static_cast<std::int64_t>(i)); };
  for (std::size_t k = 1; k <= size_ && k <= run_; ++k) {
    if (k != whole)
      put(k, k > whole ? 1 : -1);
    else
      put(k, d_integer ? 0 : -1);
  }
  if (size_ <= run_) return out;
  // k = r + j: q_k lies strictly between r - 1 and r.
  const std::uint64_t below = run_ - 1;
  if (below != whole) {
    for (std::size_t k = run_ + 1; k <= size_; ++k) put(k, below > whole ? 1 : -1);
    return out;
  }
  // Same integer part: compare 0.b_1..b_{j-1}1 with 0.c_1..c_E. M = the first i where b_i and
  // c_i differ (bits_.size() + 1 if none does within the bits there are).
  std::size_t first_difference = 1;
  while (first_difference <= bits_.size() && bits_[first_difference - 1] == c(first_difference))
    ++first_difference;
  for (std::size_t j = 1; run_ + j <= size_; ++j) {
    int s;
    if (first_difference <= j - 1)
      s = bits_[first_difference - 1] ? 1 : -1;
    else if (!c(j))
      s = 1;  // digit j: 1 against 0
    else
      s = digits > j ? -1 : 0;  // equal through digit j; d has more digits, or none
    put(run_ + j, s);
  }
  return out;
}

}  // namespace grundy::hackenbush
