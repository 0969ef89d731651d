#pragma once
// Division by a divisor fixed at run time, without a divide instruction: n / d as the high bits
// of n · m, m = ceil(2^(63 + l) / d), l = ceil(log2 d) (Granlund and Montgomery, "Division by
// invariant integers using multiplication", PLDI 1994: exact for every n below 2^63, and m fits
// in 64 bits). A compact transposition table splits every key by its bucket count this way: a
// 64-bit divide costs tens of cycles on many x86 cores, a multiply three or four.
#include <cstdint>

namespace grundy::search {

class FastDivisor {
 public:
  explicit FastDivisor(std::uint64_t d = 1) : d_(d) {
    while (l_ < 64 && (std::uint64_t{1} << l_) < d) ++l_;  // d <= 2^l
    __extension__ using u128 = unsigned __int128;
    const u128 top = static_cast<u128>(1) << (63 + l_);
    m_ = static_cast<std::uint64_t>((top + d - 1) / d);
  }
  std::uint64_t divisor() const { return d_; }
  // n / d for n below 2^63.
  std::uint64_t quotient(std::uint64_t n) const {
    __extension__ using u128 = unsigned __int128;
    return static_cast<std::uint64_t>((static_cast<u128>(n) * m_) >> (63 + l_));
  }

 private:
  std::uint64_t d_;
  std::uint64_t m_ = 0;
  int l_ = 0;
};

}  // namespace grundy::search
