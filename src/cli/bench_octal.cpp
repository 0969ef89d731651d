// `grundy bench` workloads for octal games and Grundy's game (orders 300-399).
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "bench.h"
#include "grundy/games/octal/control.h"
#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/period.h"
#include "grundy/games/octal/plain.h"
#include "grundy/games/octal/sparse.h"

namespace grundy::cli {
namespace {

namespace oct = grundy::octal;

std::uint64_t hash_values(std::uint64_t h, const std::vector<std::uint32_t>& values) {
  for (std::uint32_t v : values) h = mix(h, v);
  return h;
}

// `count` values of `code` by `ours` beside the plain O(n^2) mex path on `plain_count` values;
// both sequences go into the signature and are left in `values` and `plain`.
template <typename Ours>
BenchResult beside_plain(const oct::OctalCode& code, std::uint64_t count, std::uint64_t plain_count,
                         const char* baseline_name, Ours ours, std::vector<std::uint32_t>& values,
                         std::vector<std::uint32_t>& plain) {
  BenchResult r;
  r.unit = "values";
  r.ours = time_it([&] {
    values = ours(code, count);
    return count;
  });
  r.baseline_name = baseline_name;
  r.baseline = time_it([&] {
    plain = oct::plain_values(code, plain_count);
    return plain_count;
  });
  r.signature = hash_values(hash_values(kSignatureSeed, values), plain);
  return r;
}

// Grundy's game by the sparse engine beside the plain O(n^2) mex path on fewer values.
BenchResult grundy_values() {
  std::vector<std::uint32_t> values, plain;
  BenchResult r = beside_plain(
      oct::OctalCode::grundy_game(), std::uint64_t{1} << 20, std::uint64_t{1} << 14,
      "plain mex, 2^14",
      [](const oct::OctalCode& c, std::uint64_t n) { return oct::sparse_values(c, n); }, values,
      plain);
  r.note = "Grundy's game G(0..2^20-1), sparse space; baseline: plain O(n^2) path on 2^14 values";
  return r;
}

// Kayles and Dawson's Kayles: values plus the periodicity proof, end to end.
BenchResult small_proofs() {
  BenchResult r;
  r.unit = "proofs";
  std::uint64_t h = kSignatureSeed;
  constexpr int kRepeats = 50;
  r.ours = time_it([&] {
    for (int i = 0; i < kRepeats; ++i)
      for (const char* text : {"0.77", "0.07"}) {
        const auto proof = oct::prove_period(oct::OctalCode::parse(text));
        if (i == 0 && proof) h = mix(mix(h, proof->period.preperiod), proof->period.period);
      }
    return 2 * kRepeats;
  });
  r.baseline_name = "plain mex + proof check";
  r.baseline = time_it([&] {
    for (int i = 0; i < kRepeats; ++i)
      for (const char* text : {"0.77", "0.07"}) {
        const auto code = oct::OctalCode::parse(text);
        const auto values = oct::plain_values(code, 256);
        const auto proof = oct::proof_from_values(code, values);
        if (i == 0 && proof) h = mix(h, proof->values_needed);
      }
    return 2 * kRepeats;
  });
  r.signature = h;
  r.note = "Kayles 0.77 (71, 12) and Dawson's Kayles 0.07 (53, 34) proven; one proof each per item";
  return r;
}

// Flammenkamp's .16 (preperiod 105,351, period 149,459): about 510,000 values to a proof.
BenchResult sixteen_proof() {
  BenchResult r;
  r.unit = "values";
  const auto code = oct::OctalCode::parse("0.16");
  std::optional<oct::PeriodProof> proof;
  r.ours = time_it([&] {
    proof = oct::prove_period(code);
    return proof ? proof->values_computed : 0;
  });
  constexpr std::uint64_t kPlainCount = 20000;
  std::vector<std::uint32_t> plain;
  r.baseline_name = "plain mex, 20000";
  r.baseline = time_it([&] {
    plain = oct::plain_values(code, kPlainCount);
    return kPlainCount;
  });
  r.signature =
      hash_values(proof ? mix(mix(kSignatureSeed, proof->period.preperiod), proof->period.period)
                        : kSignatureSeed,
                  plain);
  r.note = proof ? fmt::format(".16 proven: preperiod {}, period {}", proof->period.preperiod,
                               proof->period.period)
                 : ".16: no proof";
  return r;
}

// A game without sparse structure (0.762: its rare list grows with n), whose every heap scans all
// of its pairs: marked at both ends, then tested 32 at a time against the values not seen yet,
// beside the plain mex of every option, on the same 2^14 values.
BenchResult plain_heaps() {
  constexpr std::uint64_t kCount = std::uint64_t{1} << 14;
  std::vector<std::uint32_t> values, plain;
  BenchResult r = beside_plain(
      oct::OctalCode::parse("0.762"), kCount, kCount, "plain mex, 2^14",
      [](const oct::OctalCode& c, std::uint64_t n) { return oct::engine_values(c, n); }, values,
      plain);
  r.note = values == plain ? "0.762 G(0..2^14-1), every pair of every heap; same values"
                           : "0.762: VALUES DIFFER";
  return r;
}

const BenchRegistration grundy_registration{300, "octal grundy 2^20", grundy_values};
const BenchRegistration plain_registration{305, "octal 0.762 plain 2^14", plain_heaps};
const BenchRegistration proofs_registration{310, "octal kayles+dawson proofs", small_proofs};
const BenchRegistration sixteen_registration{320, "octal .16 proof", sixteen_proof};

}  // namespace
}  // namespace grundy::cli
