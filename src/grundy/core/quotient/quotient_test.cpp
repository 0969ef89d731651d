#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/quotient/builder.h"
#include "grundy/core/quotient/checkpoint.h"
#include "grundy/core/quotient/heap_game.h"
#include "grundy/core/quotient/presentation.h"

namespace grundy::quotient {
namespace {

// Kayles written out by hand (octal 0.77): remove 1 or 2 adjacent pins; the rest falls into at
// most two rows.
void kayles(std::uint32_t n, std::vector<Parts>& out) {
  out.clear();
  for (std::uint32_t k = 1; k <= 2 && k <= n; ++k) {
    const std::uint32_t rest = n - k;
    out.push_back({rest, 0, 0});
    for (std::uint32_t b = 1; 2 * b <= rest; ++b) out.push_back({rest - b, b, 0});
  }
}

void nim(std::uint32_t n, std::vector<Parts>& out) {
  out.clear();
  for (std::uint32_t m = 0; m < n; ++m) out.push_back({m, 0, 0});
}

// Misère outcome of a sum of heaps straight from the definition (memoised over sorted multisets).
class Brute {
 public:
  explicit Brute(OptionsFn options) : options_(std::move(options)) {}
  bool is_p(std::vector<std::uint32_t> heaps) {
    heaps.erase(std::remove(heaps.begin(), heaps.end(), 0u), heaps.end());
    std::sort(heaps.begin(), heaps.end());
    if (const auto it = memo_.find(heaps); it != memo_.end()) return it->second;
    bool has_move = false, p = true;
    std::vector<Parts> opts;
    for (std::size_t i = 0; i < heaps.size() && p; ++i) {
      if (i > 0 && heaps[i] == heaps[i - 1]) continue;
      options_(heaps[i], opts);
      for (const auto& o : opts) {
        has_move = true;
        auto next = heaps;
        next.erase(next.begin() + static_cast<std::ptrdiff_t>(i));
        next.insert(next.end(), o.begin(), o.end());
        if (is_p(next)) {
          p = false;
          break;
        }
      }
    }
    return memo_[heaps] = has_move && p;
  }

 private:
  OptionsFn options_;
  std::map<std::vector<std::uint32_t>, bool> memo_;
};

TEST(Quotient, KaylesAgreesWithBruteForceOnSumsOfFourHeaps) {
  Builder b(kayles);
  while (b.heaps() <= 12) b.add_heap();
  const Pretension& p = b.pretension();
  Brute brute(kayles);
  std::vector<std::uint32_t> w;
  int checked = 0;
  for (std::uint32_t a = 0; a <= 12; ++a)
    for (std::uint32_t c = a; c <= 12; ++c)
      for (std::uint32_t d = c; d <= 12; ++d)
        for (std::uint32_t e = d; e <= 12; ++e) {
          const Element x = p.times_heap(p.times_heap(p.times_heap(p.phi(a), c), d), e);
          ASSERT_EQ(p.monoid.is_p(x), brute.is_p({a, c, d, e}))
              << a << " " << c << " " << d << " " << e;
          ++checked;
        }
  EXPECT_EQ(checked, 1820);
  EXPECT_EQ(p.monoid.order() % 2, 0u);
}

TEST(Quotient, MisereNimGivesTheTameQuotients) {
  Builder b(nim);
  const std::vector<Element> orders{1, 2, 6, 6, 10, 10, 10, 10, 18};
  for (std::uint32_t n = 0; n < orders.size(); ++n) {
    if (n > 0) b.add_heap();
    EXPECT_EQ(b.pretension().monoid.order(), orders[n]) << "heaps 0.." << n;
  }
  EXPECT_EQ(tame_index(b.pretension().monoid), std::optional<unsigned>(4));
  Builder k(kayles);
  while (k.heaps() <= 12) k.add_heap();
  EXPECT_EQ(tame_index(k.pretension().monoid), std::nullopt);
}

TEST(Quotient, KaylesStabilises) {
  HeapRules rules{kayles, 2, 2};
  const auto run = compute_quotient(rules, {});
  ASSERT_TRUE(run.proof.has_value()) << run.stopped;
  EXPECT_EQ(run.quotient.monoid.order(), 40u);
  EXPECT_EQ(run.proof->period.period, 12u);
  const auto pres = present(run.quotient);
  EXPECT_EQ(pres.names.size(), run.expansions.size());
}

// A state saved at heap 20 and read back continues to the same quotient as an unbroken run; a
// state that is not the quotient of its heaps is refused, whatever its file says.
TEST(Quotient, CheckpointRoundTrip) {
  Builder a(kayles);
  while (a.heaps() <= 20) a.add_heap();
  const std::string text = state_json("kayles", a.state());
  Builder b(kayles, read_state(text, "kayles", "f"));
  EXPECT_EQ(b.heaps(), 21u);
  while (a.heaps() <= 40) a.add_heap();
  while (b.heaps() <= 40) b.add_heap();
  const auto pa = canonical(a.pretension()), pb = canonical(b.pretension());
  EXPECT_EQ(pa.monoid.p, pb.monoid.p);
  EXPECT_EQ(pa.monoid.action, pb.monoid.action);
  EXPECT_EQ(pa.heap_generator, pb.heap_generator);
  EXPECT_THROW(read_state(text, "dawson", "f"), InputError);
  EXPECT_THROW(read_state("{}", "kayles", "f"), InputError);
  EXPECT_THROW(read_state("[1, 2", "kayles", "f"), InputError);
  // Flip one element's outcome: the file still parses, the check against the game refuses it.
  BuilderState s = read_state(text, "kayles", "f");
  s.pretension.monoid.p[1] ^= 1;
  EXPECT_THROW(Builder(kayles, s), InputError);
  // Another game's quotient under Kayles' rules: refused too.
  Builder n(nim);
  while (n.heaps() <= 7) n.add_heap();
  EXPECT_THROW(Builder(kayles, n.state()), InputError);
}

}  // namespace
}  // namespace grundy::quotient
