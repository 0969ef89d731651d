#pragma once
// Subtraction sets: the amounts a move may take from a single heap.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grundy::subtraction {

enum class SetKind {
  finite,     // the listed amounts
  squares,    // 1, 4, 9, 16, ...
  powers,     // 1, K, K^2, ...
  fibonacci,  // 1, 2, 3, 5, 8, ...
  all_but,    // every positive integer except the listed ones
};

class SubtractionSet {
 public:
  // "1,3,4", "squares", "powers:4", "fibonacci", "allbut:2,5". Throws InputError naming the
  // bad part: an empty set, 0, a repeated or non-numeric element, an amount above 2^62.
  static SubtractionSet parse(std::string_view spec);
  static SubtractionSet finite(std::vector<std::uint64_t> amounts);

  SetKind kind() const { return kind_; }
  bool is_finite() const { return kind_ == SetKind::finite; }
  // Finite: the amounts, ascending. All-but: the excluded amounts, ascending.
  const std::vector<std::uint64_t>& listed() const { return listed_; }
  std::uint64_t base() const { return base_; }              // K for powers:K
  std::uint64_t largest() const { return listed_.back(); }  // finite sets only

  bool contains(std::uint64_t k) const;
  // The members k <= n, ascending (for every kind but all_but, whose members are dense).
  std::vector<std::uint64_t> members_up_to(std::uint64_t n) const;
  // Calls f(k) for every member k <= n, ascending (all_but included, member by member).
  template <class F>
  void for_each_member_up_to(std::uint64_t n, F&& f) const {
    if (kind_ == SetKind::all_but) {
      for (std::uint64_t k = 1; k <= n; ++k)
        if (contains(k)) f(k);
    } else {
      for (const std::uint64_t k : members_up_to(n)) f(k);
    }
  }
  std::string to_string() const;  // canonical spec, parseable again

 private:
  SetKind kind_ = SetKind::finite;
  std::vector<std::uint64_t> listed_;
  std::uint64_t base_ = 0;
};

}  // namespace grundy::subtraction
