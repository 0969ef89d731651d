// `grundy bench` workloads for the foundation: subtraction kernel, period lookups, the generic
// solver, and Nim over many heaps. Each is timed beside a naive baseline in the same run.
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "bench.h"
#include "grundy/core/solver.h"
#include "grundy/games/nim/nim.h"
#include "grundy/games/subtraction/finite_kernel.h"
#include "grundy/games/subtraction/subtraction.h"

namespace grundy::cli {
namespace {

namespace sub = grundy::subtraction;

const char* const kEightAmounts = "1,2,5,9,14,20,27,33";

// The baseline anyone writes first: a growing table and a std::set of option values per n.
std::uint64_t naive_subtraction(const std::vector<std::uint64_t>& amounts, std::uint64_t count,
                                std::uint64_t& signature) {
  std::vector<std::uint32_t> g;
  for (std::uint64_t n = 0; n < count; ++n) {
    std::set<std::uint32_t> options;
    for (std::uint64_t k : amounts)
      if (k <= n) options.insert(g[n - k]);
    std::uint32_t m = 0;
    while (options.count(m)) ++m;
    g.push_back(m);
    signature = signature * 0x100000001b3ull ^ m;
  }
  return count;
}

BenchResult subtraction_kernel() {
  const auto s = sub::SubtractionSet::parse(kEightAmounts);
  constexpr std::uint64_t kCount = 100'000'000;
  std::uint64_t ours_sig = kSignatureSeed, naive_sig = kSignatureSeed;
  BenchResult r;
  r.unit = "values";
  r.ours = time_it([&] {
    sub::FiniteStream stream(s, Rule::normal);
    stream.generate(kCount, [&](std::uint32_t g) { ours_sig = ours_sig * 0x100000001b3ull ^ g; });
    return kCount;
  });
  r.baseline_name = "std::set mex, n < 10^6";
  r.baseline = time_it([&] { return naive_subtraction(s.listed(), 1'000'000, naive_sig); });
  r.signature = mix(ours_sig, naive_sig);
  r.note = fmt::format("S = {{{}}}, G(0..10^8-1), one core, ring buffer + one-hot mask mex",
                       kEightAmounts);
  return r;
}

BenchResult subtraction_at_1e18() {
  const auto s = sub::SubtractionSet::parse(kEightAmounts);
  BenchResult r;
  r.unit = "queries";
  std::uint64_t sig = kSignatureSeed;
  std::optional<sub::Certificate> cert;
  std::vector<std::uint32_t> prefix;
  const Timed proof = time_it([&] {
    cert = sub::certify(s, Rule::normal);
    prefix = sub::values(s, cert->period.preperiod + cert->period.period);
    return 1;
  });
  constexpr std::uint64_t kQueries = 10'000'000;
  r.ours = time_it([&] {
    std::uint64_t n = 1'000'000'000'000'000'000ull;
    for (std::uint64_t q = 0; q < kQueries; ++q, n += 0x9E3779B97F4Aull)
      sig = sig * 0x100000001b3ull ^ prefix[periodic_index(cert->period, n)];
    return kQueries;
  });
  // Baseline: without a period, G(n) needs the whole table up to n; here n = 10^7.
  r.baseline_name = "direct table to n=10^7";
  r.baseline = time_it([&] {
    sig = mix(sig, sub::values(s, 10'000'000).back());
    return 1;
  });
  r.signature = mix(sig, cert->period.period);
  r.note = fmt::format(
      "G(n) near 10^18 from the proven period (preperiod {}, period {}), proof took {:.3f} ms",
      cert->period.preperiod, cert->period.period, proof.seconds * 1e3);
  return r;
}

// Two heaps, each move takes 1, 2 or 3 from one heap: (N+1)^2 positions, up to 6 options each.
struct TwoHeaps {
  using Position = std::uint64_t;  // a * 2^32 + b
  void moves(Position p, std::vector<Position>& out) const {
    const std::uint64_t a = p >> 32, b = p & 0xffffffffu;
    for (std::uint64_t k = 1; k <= 3; ++k) {
      if (k <= a) out.push_back(p - (k << 32));
      if (k <= b) out.push_back(p - k);
    }
  }
};

// The baseline: plain recursion with std::map memo and a std::set mex.
std::uint32_t naive_value(std::uint64_t p, std::map<std::uint64_t, std::uint32_t>& memo) {
  if (auto it = memo.find(p); it != memo.end()) return it->second;
  std::vector<std::uint64_t> options;
  TwoHeaps{}.moves(p, options);
  std::set<std::uint32_t> seen;
  for (auto o : options) seen.insert(naive_value(o, memo));
  std::uint32_t m = 0;
  while (seen.count(m)) ++m;
  return memo[p] = m;
}

// The same game with a dense numbering of positions, so the solver's memo is a flat array.
struct TwoHeapsDense : TwoHeaps {
  std::uint64_t side;
  std::size_t index(Position p) const { return (p >> 32) * (side + 1) + (p & 0xffffffffu); }
  std::size_t index_count() const { return (side + 1) * (side + 1); }
};

template <class Game>
BenchResult generic_solver(Game g, const char* note) {
  BenchResult r;
  r.unit = "positions";
  std::uint64_t sig = kSignatureSeed;
  constexpr std::uint64_t kSide = 2000;
  r.ours = time_it([&] {
    Solver<Game> solver(g);
    sig = mix(sig, solver.value((kSide << 32) | kSide));
    sig = mix(sig, solver.value((kSide << 32) | (kSide - 7)));
    return solver.positions_solved();
  });
  r.baseline_name = "recursion + std::map";
  r.baseline = time_it([&] {
    std::map<std::uint64_t, std::uint32_t> memo;
    sig = mix(sig, naive_value((std::uint64_t{400} << 32) | 400, memo));
    return memo.size();
  });
  r.signature = sig;
  r.note = note;
  return r;
}

BenchResult nim_many_heaps() {
  constexpr std::size_t kHeaps = 10'000'000;
  std::string text;
  text.reserve(kHeaps * 12);
  std::uint64_t x = 88172645463325252ull;
  for (std::size_t i = 0; i < kHeaps; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    text += std::to_string(x % 1'000'000'000);
    text += (i % 10 == 9) ? '\n' : ' ';
  }
  BenchResult r;
  r.unit = "heaps";
  std::uint64_t sig = kSignatureSeed;
  r.ours = time_it([&] {
    const auto heaps = nim::parse_heaps(text, "bench");
    const auto a = nim::analyze(heaps);
    sig = mix(mix(sig, a.nim_sum), a.winning_moves.size());
    return heaps.size();
  });
  // The naive way to the same answer: istringstream, the xor, then every winning move (a heap
  // h with h xor x < h) into a list. It used to stop at the xor, so it did less than ours and
  // looked faster (0.6-0.9x; issue 26).
  r.baseline_name = "istringstream >> + moves";
  r.baseline = time_it([&] {
    std::istringstream in(text);
    std::vector<std::uint64_t> heaps;
    std::uint64_t h, xr = 0;
    while (in >> h) heaps.push_back(h), xr ^= h;
    std::vector<nim::Move> moves;
    for (std::size_t i = 0; i < heaps.size(); ++i)
      if ((heaps[i] ^ xr) < heaps[i]) moves.push_back({i, heaps[i], heaps[i] ^ xr});
    sig = mix(mix(sig, xr), moves.size());
    return heaps.size();
  });
  r.signature = sig;
  r.note = "10^7 heaps below 10^9 as text (about 100 MB): parse, xor, every winning move";
  return r;
}

const BenchRegistration bench_core_r1{100, "subtraction-kernel", subtraction_kernel};
const BenchRegistration bench_core_r2{110, "subtraction-at-1e18", subtraction_at_1e18};
const BenchRegistration bench_core_r3{
    120, "generic-solver-hashed", [] {
      return generic_solver(TwoHeaps{},
                            "two heaps, take 1-3 from one: all 2001^2 positions, hashed memo");
    }};
const BenchRegistration bench_core_r3d{
    121, "generic-solver-dense", [] {
      return generic_solver(TwoHeapsDense{{}, 2000},
                            "the same game with index()/index_count(): the memo is a flat array");
    }};
const BenchRegistration bench_core_r4{130, "nim-1e7-heaps", nim_many_heaps};

}  // namespace
}  // namespace grundy::cli
