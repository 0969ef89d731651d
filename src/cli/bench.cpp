// grundy bench [--filter TEXT] [--json]
#include "bench.h"

#include <algorithm>

#include <fmt/core.h>

#include "command.h"
#include "grundy/core/error.h"
#include "grundy/core/kernel_set.h"
#include "io.h"

namespace grundy::cli {

std::vector<BenchWorkload>& bench_registry() {
  static std::vector<BenchWorkload> workloads;
  return workloads;
}

namespace {

struct BenchOptions {
  std::string filter;
  bool json = false;
};

std::string rate_text(double r) {
  if (r >= 1e9) return fmt::format("{:.2f} G/s", r / 1e9);
  if (r >= 1e6) return fmt::format("{:.2f} M/s", r / 1e6);
  if (r >= 1e3) return fmt::format("{:.2f} k/s", r / 1e3);
  return fmt::format("{:.2f} /s", r);
}

void run(const BenchOptions& o) {
  auto workloads = bench_registry();
  std::sort(workloads.begin(), workloads.end(),
            [](const auto& a, const auto& b) { return a.order < b.order; });
  std::uint64_t signature = kSignatureSeed;
  nlohmann::json results = nlohmann::json::array();
  bool any = false;
  // The kernel set changes the times, never the results (nor the signature).
  const std::string kernels(kernel_set_name(active_kernel_set()));
  if (!o.json) fmt::print("kernels: {}\n", kernels);
  for (const auto& w : workloads) {
    if (!o.filter.empty() && w.name.find(o.filter) == std::string::npos) continue;
    any = true;
    const BenchResult r = w.run();
    signature = mix(signature, r.signature);
    if (o.json) {
      results.push_back({{"name", w.name},
                         {"unit", r.unit},
                         {"items", r.ours.items},
                         {"seconds", r.ours.seconds},
                         {"rate", r.ours.rate()},
                         {"baseline", r.baseline_name},
                         {"baseline_rate", r.baseline.rate()},
                         {"signature", r.signature},
                         {"note", r.note}});
      continue;
    }
    fmt::print("{:<28} {:>12.0f} {:<9} {:>8.3f} s  {:>12}", w.name, r.ours.items, r.unit,
               r.ours.seconds, rate_text(r.ours.rate()));
    if (!r.baseline_name.empty() && r.baseline.rate() > 0)
      fmt::print("  | {}: {:>12}  ({:.1f}x)", r.baseline_name, rate_text(r.baseline.rate()),
                 r.ours.rate() / r.baseline.rate());
    fmt::print("\n");
    if (!r.note.empty()) fmt::print("    {}\n", r.note);
    std::fflush(stdout);
  }
  if (!any) throw InputError("no benchmark workload matches '" + o.filter + "'");
  if (o.json) {
    print_json({{"kernels", kernels}, {"workloads", results}, {"signature", signature}});
    return;
  }
  fmt::print("signature: {}\n", signature);
}

const Registration bench_registration{
    90, "bench", [](Command app) {
      auto o = std::make_shared<BenchOptions>();
      auto cmd = app.add_subcommand(
          "bench", "Fixed workloads: throughput beside a naive baseline, and a result signature");
      cmd.add_option("--filter", o->filter, "run only workloads whose name contains TEXT");
      cmd.add_flag("--json", o->json, "print JSON");
      cmd.footer("Example:\n  grundy bench\n  grundy bench --filter subtraction");
      cmd.callback([o] { run(*o); });
    }};

}  // namespace
}  // namespace grundy::cli
