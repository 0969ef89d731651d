// `grundy bench` workload for misère quotients (order 330): Kayles' quotient computed to its
// proof of stability, then every misère sum of up to four heaps of sizes <= 12 decided through it,
// beside the same sums decided by a brute-force misère search over sums of heaps.
#include <string>
#include <vector>

#include <fmt/core.h>

#include "bench.h"
#include "grundy/core/solver.h"
#include "grundy/games/octal/misere_quotient.h"
#include "grundy/games/octal/multi_heap.h"

namespace grundy::cli {
namespace {

namespace oct = grundy::octal;

BenchResult kayles_sums() {
  constexpr std::uint64_t kMaxHeap = 12;
  const auto code = oct::OctalCode::parse("0.77");
  BenchResult r;
  r.unit = "sums";
  std::vector<std::uint8_t> ours, brute;
  oct::MisereQuotient q;
  const auto each_sum = [&](auto&& f) {
    std::uint64_t count = 0;
    for (std::uint64_t a = 0; a <= kMaxHeap; ++a)
      for (std::uint64_t b = a; b <= kMaxHeap; ++b)
        for (std::uint64_t c = b; c <= kMaxHeap; ++c)
          for (std::uint64_t d = c; d <= kMaxHeap; ++d, ++count) f(a, b, c, d);
    return count;
  };
  r.ours = time_it([&] {
    q = oct::misere_quotient(code, {});
    const auto& p = q.run.quotient;
    const quotient::Multiplier mult(p.monoid);
    return each_sum([&](auto a, auto b, auto c, auto d) {
      const quotient::Element x = mult.times(mult.times(q.run.phi[a], q.run.phi[b]),
                                             mult.times(q.run.phi[c], q.run.phi[d]));
      ours.push_back(p.monoid.is_p(x) ? 1 : 0);
    });
  });
  r.baseline_name = "brute-force misère search over the sums";
  r.baseline = time_it([&] {
    const oct::MultiHeapGame game{&code};
    Solver<oct::MultiHeapGame> solver(game, Rule::misere, SolverLimits{std::size_t{1} << 23});
    return each_sum([&](auto a, auto b, auto c, auto d) {
      oct::Heaps h;
      for (const auto x : {a, b, c, d})
        if (x > 0) h.push_back(x);
      brute.push_back(solver.value(h) == 0 ? 1 : 0);
    });
  });
  std::uint64_t sig = mix(kSignatureSeed, q.run.quotient.monoid.order());
  for (const auto v : ours) sig = mix(sig, v);
  r.signature = sig;
  r.note = fmt::format(
      "Kayles: quotient of order {} (proven to heap {}), then 1820 sums of <= 4 "
      "heaps <= 12; {}",
      q.run.quotient.monoid.order(), q.last_heap(),
      ours == brute ? "same outcomes" : "OUTCOMES DIFFER");
  return r;
}

const BenchRegistration bench_misere_registration{330, "misere kayles sums", kayles_sums};

}  // namespace
}  // namespace grundy::cli
