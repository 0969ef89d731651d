#include "grundy/core/quotient/presentation.h"

#include <algorithm>
#include <bit>
#include <map>
#include <mutex>

#include "grundy/core/quotient/builder.h"

namespace grundy::quotient {

std::string generator_name(std::size_t i) {
  std::string name(1, static_cast<char>('a' + i % 26));
  name.append(i / 26, '\'');
  return name;
}

std::string Presentation::word(const Exponents& e) const {
  std::string s;
  for (std::size_t g = 0; g < e.size(); ++g) {
    if (e[g] == 0) continue;
    s += names[g];
    if (e[g] > 1) s += "^" + std::to_string(e[g]);
  }
  return s.empty() ? "1" : s;
}

namespace {

// Degree first, then the exponent of the last generator, then of the one before, ...
bool word_less(const Exponents& a, const Exponents& b) {
  std::uint64_t da = 0, db = 0;
  for (const auto v : a) da += v;
  for (const auto v : b) db += v;
  if (da != db) return da < db;
  for (std::size_t i = a.size(); i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i];
  return false;
}

}  // namespace

Presentation present(const Pretension& p, std::uint32_t heaps) {
  const BipartiteMonoid& m = p.monoid;
  heaps = std::min(heaps, p.heaps());
  Presentation out;
  // Generators: each heap whose element the earlier generators do not reach.
  std::vector<std::uint8_t> reached(m.order(), 0);
  std::vector<Element> gen_elements;
  std::vector<std::size_t> gen_rows;  // the row of m.action acting as each generator
  reached[0] = 1;
  for (std::uint32_t n = 0; n < heaps; ++n) {
    const auto g = p.heap_generator[n];
    if (g < 0 || reached[p.phi(n)]) continue;
    gen_elements.push_back(p.phi(n));
    gen_rows.push_back(static_cast<std::size_t>(g));
    out.names.push_back(generator_name(out.names.size()));
    out.generator_heap.push_back(n);
    std::vector<Element> queue;
    for (Element x = 0; x < m.order(); ++x)
      if (reached[x]) queue.push_back(x);
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (const auto row : gen_rows) {
        const Element y = m.action[row][queue[i]];
        if (!reached[y]) {
          reached[y] = 1;
          queue.push_back(y);
        }
      }
  }
  const std::size_t k = gen_rows.size();
  out.normal_form.assign(m.order(), Exponents{});
  std::vector<std::uint8_t> found(m.order(), 0);
  std::map<Exponents, Element> normal;  // the normal words found so far
  Exponents zero(k, 0);
  normal.emplace(zero, 0);
  found[0] = 1;
  out.normal_form[0] = zero;
  out.by_normal_form.push_back(0);
  std::vector<std::pair<Exponents, Element>> previous{{zero, 0}};
  while (!previous.empty()) {
    // Every word of the next degree whose divisors by one generator include a normal word.
    std::map<Exponents, Element, bool (*)(const Exponents&, const Exponents&)> candidates(
        word_less);
    for (const auto& [w, x] : previous)
      for (std::size_t g = 0; g < k; ++g) {
        Exponents v = w;
        ++v[g];
        candidates.emplace(std::move(v), m.action[gen_rows[g]][x]);
      }
    previous.clear();
    for (const auto& [w, x] : candidates) {
      if (!found[x]) {
        found[x] = 1;
        out.normal_form[x] = w;
        out.by_normal_form.push_back(x);
        normal.emplace(w, x);
        previous.emplace_back(w, x);
        continue;
      }
      bool minimal = true;
      for (std::size_t g = 0; g < k && minimal; ++g) {
        if (w[g] == 0) continue;
        Exponents d = w;
        --d[g];
        minimal = normal.count(d) > 0;
      }
      if (minimal) out.relations.push_back({w, out.normal_form[x]});
    }
  }
  return out;
}

namespace {

// Misère Nim: a heap of n may become any smaller heap or none.
void nim_options(std::uint32_t n, std::vector<Parts>& out) {
  out.clear();
  for (std::uint32_t m = 0; m < n; ++m) out.push_back({m, 0, 0});
}

const BipartiteMonoid& tame_quotient(unsigned k) {
  static std::mutex mutex;
  static std::map<unsigned, BipartiteMonoid> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(k);
  if (it == cache.end()) {
    Builder b(nim_options);
    while (b.heaps() < (1u << k)) b.add_heap();
    it = cache.emplace(k, b.pretension().monoid).first;
  }
  return it->second;
}

}  // namespace

std::optional<unsigned> tame_index(const BipartiteMonoid& m) {
  const auto order = m.order();
  const auto ps = static_cast<std::size_t>(std::count(m.p.begin(), m.p.end(), 1));
  if (order == 1) return 0u;
  if (order == 2) return ps == 1 ? std::optional<unsigned>(1) : std::nullopt;
  if (ps != 2) return std::nullopt;
  const Element big = order - 2;
  if ((big & (big - 1)) != 0 || big < 4 || big > (1u << 12)) return std::nullopt;
  const auto k = static_cast<unsigned>(std::countr_zero(big));
  if (isomorphic(m, tame_quotient(k))) return k;
  return std::nullopt;
}

bool is_small_tame_element(const BipartiteMonoid& m, Element x) {
  if (x == 0) return true;
  if (!m.p[x]) return false;
  const Multiplier mult(m);
  return mult.times(x, x) == 0;
}

}  // namespace grundy::quotient
