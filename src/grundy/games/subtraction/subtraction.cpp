#include "grundy/games/subtraction/subtraction.h"

#include <algorithm>
#include <string>

#include "grundy/core/error.h"
#include "grundy/core/mex.h"
#include "grundy/games/subtraction/finite_kernel.h"

namespace grundy::subtraction {
namespace {

void check_count(std::uint64_t count) {
  if (count > kMaxTableValues)
    throw LimitError("asked for " + std::to_string(count) + " values; the limit is " +
                     std::to_string(kMaxTableValues));
}

// Finite sets with fewer than 64 amounts: one-hot masks, no allocation per n.
std::vector<std::uint32_t> finite_small(const std::vector<std::uint64_t>& amounts,
                                        std::uint64_t count, Rule rule) {
  std::vector<std::uint32_t> g(count);
  for (std::uint64_t n = 0; n < count; ++n) {
    std::uint64_t mask = 0;
    bool any = false;
    for (std::uint64_t k : amounts) {
      if (k > n) break;
      mask |= std::uint64_t{1} << g[n - k];
      any = true;
    }
    g[n] = (!any && rule == Rule::misere) ? 1 : mex_of_mask(mask);
  }
  return g;
}

constexpr std::uint64_t kProgressEvery = std::uint64_t{1} << 16;

void report(const ProgressFn& progress, std::uint64_t n, std::uint64_t count) {
  if (progress && n % kProgressEvery == 0) progress(n, count);
}

// Any set given by its members: mex over the members k <= n. While every value so far is below
// 64 the options are a 64-bit mask; beyond, each value seen is stamped with n and the mex is the
// first value without the stamp. No list is built either way: several times faster than a
// generic mex on the O(n^1.5) work of squares. Progress counts options examined, the real work.
std::vector<std::uint32_t> by_members(const SubtractionSet& s, std::uint64_t count, Rule rule,
                                      const ProgressFn& progress) {
  const std::vector<std::uint64_t> members = s.members_up_to(count == 0 ? 0 : count - 1);
  std::uint64_t total_work = 0, work = 0;
  for (const std::uint64_t k : members) total_work += count - k;
  std::vector<std::uint32_t> g(count);
  std::vector<std::uint64_t> stamp;  // stamp[v] == n + 1: some option of n has value v
  std::uint32_t largest = 0;
  std::size_t usable = 0;  // members <= n
  for (std::uint64_t n = 0; n < count; ++n) {
    if (progress && n % kProgressEvery == 0) progress(work, total_work);
    while (usable < members.size() && members[usable] <= n) ++usable;
    work += usable;
    std::uint32_t v = 0;
    if (usable == 0) {
      v = rule == Rule::misere ? 1 : 0;
    } else if (largest < 63) {
      std::uint64_t mask = 0;
      for (std::size_t i = 0; i < usable; ++i) mask |= std::uint64_t{1} << g[n - members[i]];
      v = mex_of_mask(mask);
    } else {
      if (stamp.size() < std::size_t{largest} + 2) stamp.resize(std::size_t{largest} + 2, 0);
      for (std::size_t i = 0; i < usable; ++i) stamp[g[n - members[i]]] = n + 1;
      while (stamp[v] == n + 1) ++v;
    }
    g[n] = v;
    largest = std::max(largest, v);
  }
  return g;
}

// All but a finite list E: every m < n is an option except n - e. Each value v < M (the mex of
// all earlier values) occurs at some m < n, so v is missing among the options exactly when all
// its occurrences are excluded ones. O(|E|^2) per n, independent of n.
std::vector<std::uint32_t> all_but(const SubtractionSet& s, std::uint64_t count, Rule rule,
                                   const ProgressFn& progress) {
  const std::vector<std::uint64_t>& excluded = s.listed();
  std::vector<std::uint32_t> g(count);
  std::vector<std::uint64_t> occurrences;  // occurrences[v] = #{m < n : G(m) = v}
  std::uint32_t global_mex = 0;
  std::vector<std::uint32_t> excluded_values;
  for (std::uint64_t n = 0; n < count; ++n) {
    report(progress, n, count);
    excluded_values.clear();
    for (std::uint64_t e : excluded)
      if (e <= n) excluded_values.push_back(g[n - e]);
    const bool terminal = excluded_values.size() == n;  // every k in 1..n is excluded
    std::uint32_t v = global_mex;
    for (std::uint32_t x : excluded_values) {
      if (x >= v) continue;
      const auto hidden =
          static_cast<std::uint64_t>(std::count(excluded_values.begin(), excluded_values.end(), x));
      if (occurrences[x] == hidden) v = x;
    }
    if (terminal && rule == Rule::misere)
      v = 1;
    else if (terminal)
      v = 0;
    g[n] = v;
    if (v >= occurrences.size()) occurrences.resize(v + 1, 0);
    ++occurrences[v];
    while (global_mex < occurrences.size() && occurrences[global_mex] > 0) ++global_mex;
  }
  return g;
}

}  // namespace

std::vector<std::uint32_t> values(const SubtractionSet& s, std::uint64_t count, Rule rule,
                                  const ProgressFn& progress) {
  check_count(count);
  if (s.kind() == SetKind::all_but) return all_but(s, count, rule, progress);
  if (s.is_finite() && s.listed().size() < 64) return finite_small(s.listed(), count, rule);
  return by_members(s, count, rule, progress);
}

bool certifiable(const SubtractionSet& s) {
  return s.is_finite() && s.listed().size() < 64 && s.largest() <= kMaxCertifiedWindow;
}

std::optional<Certificate> certify(const SubtractionSet& s, Rule rule, std::uint64_t search_limit,
                                   const std::atomic<bool>* stop) {
  if (!certifiable(s))
    throw InputError(
        "a period certificate needs a finite set of fewer than 64 amounts, each at most " +
        std::to_string(kMaxCertifiedWindow));
  const std::uint64_t w = s.largest();
  FiniteStream stream(s, rule);
  // Brent's cycle finding on the window states W(n) = (G(n-w), ..., G(n-1)), n >= w: the
  // checkpoint window is copied at n = w, w+1, w+3, w+7, ... A rolling hash screens the windows;
  // a hash match is confirmed value by value.
  constexpr std::uint64_t kBase = 0x9E3779B97F4A7C15ull;
  std::uint64_t base_pow_w = 1;
  for (std::uint64_t i = 0; i < w; ++i) base_pow_w *= kBase;
  std::uint64_t hash = 0;
  for (std::uint64_t n = 0; n < w; ++n) hash = hash * kBase + stream.next() + 1;

  std::vector<std::uint32_t> checkpoint(w);
  std::uint64_t checkpoint_at = 0, checkpoint_hash = 0, power = 0;
  const auto take_checkpoint = [&](std::uint64_t n) {
    for (std::uint64_t i = 0; i < w; ++i) checkpoint[i] = stream.recent(w - 1 - i);
    checkpoint_at = n;
    checkpoint_hash = hash;
  };
  take_checkpoint(w);
  power = 1;
  for (std::uint64_t n = w + 1; n <= search_limit; ++n) {
    if (stop && (n & 0xffff) == 0 && stop->load(std::memory_order_relaxed)) return std::nullopt;
    const std::uint32_t leaving = stream.recent(w - 1);
    const std::uint32_t g = stream.next();
    hash = hash * kBase + (g + 1) - (leaving + 1) * base_pow_w;
    // Now the stream holds G(0 .. n-1); its window is W(n).
    if (hash == checkpoint_hash) {
      bool same = true;
      for (std::uint64_t i = 0; i < w && same; ++i)
        same = checkpoint[i] == stream.recent(w - 1 - i);
      if (same) {
        const Period proven{checkpoint_at - w, n - checkpoint_at};
        const std::vector<std::uint32_t> prefix =
            values(s, proven.preperiod + 2 * proven.period, rule);
        Certificate c;
        c.period = least_period(prefix, proven);
        c.window_at = checkpoint_at;
        c.window = w;
        c.repeat = proven.period;
        c.values_examined = n;
        return c;
      }
    }
    if (n - checkpoint_at == power) {
      take_checkpoint(n);
      power *= 2;
    }
  }
  return std::nullopt;
}

Table table(const SubtractionSet& s, std::uint64_t count, Rule rule, const ProgressFn& progress,
            const std::atomic<bool>* stop) {
  check_count(count);
  Table t;
  t.count = count;
  if (certifiable(s)) {
    t.certificate = certify(s, rule, kDefaultSearchLimit, stop);
    if (t.certificate) {
      t.period = t.certificate->period;
      t.certified = true;
      t.values = values(s, std::min(count, t.period->preperiod + t.period->period), rule, progress);
      return t;
    }
  }
  t.values = values(s, count, rule, progress);
  t.period = observed_period(t.values);
  return t;
}

ValuesThrough values_through(const SubtractionSet& s, std::uint64_t n, Rule rule,
                             const ProgressFn& progress, const std::atomic<bool>* stop) {
  ValuesThrough v;
  if (certifiable(s)) v.cert = certify(s, rule, kDefaultSearchLimit, stop);
  if (v.cert) {
    v.prefix = values(s, v.cert->period.preperiod + v.cert->period.period, rule);
  } else {
    if (n >= kMaxTableValues)
      throw LimitError("G(" + std::to_string(n) +
                       ") needs a proven period, and none was found for this set; direct "
                       "computation is limited to n < " +
                       std::to_string(kMaxTableValues));
    v.prefix = values(s, n + 1, rule, progress);
  }
  return v;
}

Position analyze(const SubtractionSet& s, std::uint64_t n, Rule rule, const ProgressFn& progress,
                 const std::atomic<bool>* stop) {
  Position pos;
  pos.n = n;
  const ValuesThrough v = values_through(s, n, rule, progress, stop);
  pos.from_period = v.cert.has_value();
  pos.value = v.at(n);
  pos.winner = winner_from_value(pos.value);
  s.for_each_member_up_to(n, [&](std::uint64_t k) {
    if (v.at(n - k) == 0) pos.winning_moves.push_back({k, n - k});
  });
  return pos;
}

}  // namespace grundy::subtraction
