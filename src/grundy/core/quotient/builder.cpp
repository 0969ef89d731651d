#include "grundy/core/quotient/builder.h"

#include <algorithm>
#include <string>
#include <utility>

#include "grundy/core/error.h"

namespace grundy::quotient {

namespace {

using Freed = std::map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>>;

Element predicted_element(const Pretension& p,
                          const std::vector<std::pair<std::uint32_t, std::uint32_t>>& heaps) {
  Element x = 0;
  for (const auto& [heap, count] : heaps)
    for (std::uint32_t k = 0; k < count; ++k) x = p.times_heap(x, heap);
  return x;
}

// The subsets of {0..k-1} to free, fewest heaps first; at most `cap` of them, the whole set last.
std::vector<std::vector<std::size_t>> subsets_to_try(std::size_t k, std::size_t cap) {
  std::vector<std::vector<std::size_t>> out;
  for (std::size_t size = 1; size < k && out.size() < cap; ++size) {
    std::vector<std::size_t> pick(size);
    for (std::size_t i = 0; i < size; ++i) pick[i] = i;
    while (out.size() < cap) {
      out.push_back(pick);
      std::size_t i = size;
      while (i > 0 && pick[i - 1] == k - size + i - 1) --i;
      if (i == 0) break;
      ++pick[i - 1];
      for (std::size_t j = i; j < size; ++j) pick[j] = pick[j - 1] + 1;
    }
  }
  std::vector<std::size_t> all(k);
  for (std::size_t i = 0; i < k; ++i) all[i] = i;
  out.push_back(all);
  return out;
}

// The index and period of x's powers: x^(i+q) = x^i with i and q least.
std::pair<std::uint32_t, std::uint32_t> index_and_period(const Pretension& p, std::uint32_t heap) {
  std::vector<Element> powers{0};
  std::map<Element, std::uint32_t> seen{{0, 0}};
  Element x = 0;
  while (true) {
    x = p.times_heap(x, heap);
    const auto it = seen.find(x);
    if (it != seen.end()) {
      const auto i = it->second;
      return {i, static_cast<std::uint32_t>(seen.size()) - i};
    }
    seen.emplace(x, static_cast<std::uint32_t>(seen.size()));
  }
}

}  // namespace

Pretension canonical(const Pretension& p) {
  std::vector<std::int32_t> new_of_old(p.monoid.action.size(), -2);
  std::vector<Element> elements;  // element of each new generator
  Pretension q;
  q.heap_generator.assign(p.heaps(), -1);
  for (std::uint32_t n = 0; n < p.heaps(); ++n) {
    const auto g = p.heap_generator[n];
    if (g < 0) continue;
    const auto gi = static_cast<std::size_t>(g);
    if (new_of_old[gi] == -2) {
      const Element e = p.monoid.action[gi][0];
      if (e == 0) {
        new_of_old[gi] = -1;
      } else {
        const auto it = std::find(elements.begin(), elements.end(), e);
        if (it != elements.end()) {
          new_of_old[gi] = static_cast<std::int32_t>(it - elements.begin());
        } else {
          new_of_old[gi] = static_cast<std::int32_t>(elements.size());
          elements.push_back(e);
          q.monoid.action.push_back(p.monoid.action[gi]);
        }
      }
    }
    q.heap_generator[n] = new_of_old[gi];
  }
  q.monoid.p = p.monoid.p;
  q.monoid = renumber_reachable(q.monoid, nullptr);
  return q;
}

Builder::Builder(OptionsFn options, Limits limits, std::function<void()> poll)
    : options_(std::move(options)), limits_(limits), poll_(std::move(poll)) {
  p_.monoid.p = {0};
  p_.heap_generator = {-1};  // heap 0: no heap at all
  letters_.heap_letter = {-1};
}

Builder::Builder(OptionsFn options, BuilderState state, Limits limits, std::function<void()> poll)
    : options_(std::move(options)), limits_(limits), poll_(std::move(poll)) {
  Pretension& p = state.pretension;
  if (p.heaps() == 0 || p.monoid.order() == 0 || p.heap_generator[0] != -1)
    throw InputError("the saved quotient does not start with heap 0 worth the identity");
  letters_ = compute_letters(p, options_);
  for (std::uint32_t n = 0; n < p.heaps(); ++n)
    if (letters_.heap_letter[n] < 0 && p.heap_generator[n] != -1)
      throw InputError("the saved quotient gives a value to a heap with no move");
  const bool reduced = reduce(p.monoid, poll_).reduced.order() == p.monoid.order();
  const auto reached = renumber_reachable(p.monoid, nullptr).order() == p.monoid.order();
  if (!reduced || !reached || !is_valid(p.monoid, letters_, poll_, &stats_.verify))
    throw InputError(
        "the saved quotient is not the quotient of its heaps (the check against the game fails)");
  p_ = std::move(p);
  expansions_ = std::move(state.expansions);
  rebuild_index();
}

void Builder::rebuild_index() {
  by_targets_.clear();
  for (std::size_t i = 0; i < letters_.letters.size(); ++i)
    by_targets_.emplace(letters_.letters[i].targets, static_cast<std::int32_t>(i));
}

void Builder::add_heap() {
  const std::uint32_t n = heaps();
  p_.heap_generator.push_back(-1);
  Letter letter = heap_letter(p_, options_, n);
  if (letter.targets.empty()) {  // no move: the heap is no heap at all
    letters_.heap_letter.push_back(-1);
    return;
  }
  if (const auto it = by_targets_.find(letter.targets); it != by_targets_.end()) {
    p_.heap_generator[n] = letters_.letters[static_cast<std::size_t>(it->second)].generator;
    letters_.heap_letter.push_back(it->second);
    ++stats_.duplicate_heaps;
    return;
  }
  if (try_conservative(n, letter)) {
    ++stats_.conservative_heaps;
    return;
  }
  try {
    expand(n);
  } catch (...) {
    p_.heap_generator.pop_back();
    throw;
  }
}

bool Builder::try_conservative(std::uint32_t n, Letter letter) {
  const BipartiteMonoid& m = p_.monoid;
  bool heap_is_p = true;
  for (const Element t : letter.targets)
    if (m.p[t]) heap_is_p = false;
  std::optional<Multiplier> mult;
  std::vector<Element> column(m.order());
  for (Element x = 0; x < m.order(); ++x) {
    if ((m.p[x] != 0) != heap_is_p) continue;
    // The new heap's generator: an existing one with element x, or a new column.
    std::int32_t gen = -1;
    const std::vector<Element>* times_x = &column;
    if (x == 0) {
      for (Element y = 0; y < m.order(); ++y) column[y] = y;
    } else {
      for (std::size_t g = 0; g < m.action.size() && gen < 0; ++g)
        if (m.action[g][0] == x) gen = static_cast<std::int32_t>(g);
      if (gen >= 0) {
        times_x = &m.action[static_cast<std::size_t>(gen)];
      } else {
        if (!mult) mult.emplace(m);
        for (Element y = 0; y < m.order(); ++y) column[y] = mult->times(y, x);
      }
    }
    // (P) for the new letter: y*x in P leaves no option y*t in P.
    bool ok = true;
    for (Element y = 0; y < m.order() && ok; ++y) {
      if (!m.p[(*times_x)[y]]) continue;
      for (const auto& r : letter.recipes)
        if (m.p[times_recipe(m, y, r)]) {
          ok = false;
          break;
        }
    }
    if (!ok) continue;
    Pretension candidate = p_;
    if (x != 0 && gen < 0) {
      gen = static_cast<std::int32_t>(candidate.monoid.action.size());
      candidate.monoid.action.push_back(column);
    }
    candidate.heap_generator[n] = gen;
    Letters letters = letters_;
    letter.generator = gen;
    letters.letters.push_back(letter);
    letters.heap_letter.push_back(static_cast<std::int32_t>(letters.letters.size() - 1));
    ++stats_.candidates_checked;
    if (!is_valid(candidate.monoid, letters, poll_, &stats_.verify)) continue;
    p_ = std::move(candidate);
    letters_ = std::move(letters);
    by_targets_.emplace(letter.targets, static_cast<std::int32_t>(letters_.letters.size() - 1));
    return true;
  }
  return false;
}

Pretension Builder::trial(const Pretension& base, const Freed& freed) {
  ++stats_.trials;
  // Generators: base's (those of heaps not freed), then one per freed heap.
  std::vector<std::int32_t> base_gen_index(base.monoid.action.size(), -1);
  std::vector<std::size_t> base_gens;
  for (std::uint32_t h = 0; h < base.heaps(); ++h) {
    const auto g = base.heap_generator[h];
    if (g < 0 || freed.count(h)) continue;
    const auto gi = static_cast<std::size_t>(g);
    if (base_gen_index[gi] < 0) {
      base_gen_index[gi] = static_cast<std::int32_t>(base_gens.size());
      base_gens.push_back(gi);
    }
  }
  std::vector<std::uint32_t> radix;  // index + period of each freed heap
  std::vector<std::uint32_t> index;
  std::size_t total = base.monoid.order();
  for (const auto& [heap, ip] : freed) {
    radix.push_back(ip.first + ip.second);
    index.push_back(ip.first);
    total *= ip.first + ip.second;
    if (total > limits_.max_trial_elements)
      throw LimitError("a trial monoid at heap " + std::to_string(heaps() - 1) + " would have " +
                       "more than " + std::to_string(limits_.max_trial_elements) + " elements");
  }
  // States b + order * (e_1 + r_1 * (e_2 + ...)), explored breadth-first from the identity.
  const std::size_t order = base.monoid.order();
  const std::size_t gens = base_gens.size() + radix.size();
  std::vector<Element> id(total, kNone);
  std::vector<std::size_t> states{0};
  id[0] = 0;
  std::vector<std::vector<Element>> action(gens);
  auto image = [&](std::size_t s, std::size_t g) -> std::size_t {
    if (g < base_gens.size()) {
      const std::size_t b = s % order;
      return s - b + base.monoid.action[base_gens[g]][b];
    }
    const std::size_t f = g - base_gens.size();
    std::size_t unit = order;
    for (std::size_t i = 0; i < f; ++i) unit *= radix[i];
    const std::size_t e = (s / unit) % radix[f];
    const std::size_t e2 = e + 1 < radix[f] ? e + 1 : index[f];
    return s - e * unit + e2 * unit;
  };
  for (std::size_t i = 0; i < states.size(); ++i) {
    if ((i & 65535) == 65535 && poll_) poll_();
    for (std::size_t g = 0; g < gens; ++g) {
      const std::size_t t = image(states[i], g);
      if (id[t] == kNone) {
        id[t] = static_cast<Element>(states.size());
        states.push_back(t);
      }
      action[g].push_back(id[t]);
    }
  }
  Pretension t;
  t.monoid.action = std::move(action);
  t.monoid.p.assign(states.size(), 0);
  t.heap_generator.assign(base.heaps(), -1);
  std::size_t f = 0;
  std::vector<std::int32_t> freed_gen(base.heaps(), -1);
  for (const auto& [heap, ip] : freed)
    freed_gen[heap] = static_cast<std::int32_t>(base_gens.size() + f++);
  for (std::uint32_t h = 0; h < base.heaps(); ++h) {
    if (freed_gen[h] >= 0) {
      t.heap_generator[h] = freed_gen[h];
    } else if (base.heap_generator[h] >= 0) {
      t.heap_generator[h] = base_gen_index[static_cast<std::size_t>(base.heap_generator[h])];
    }
  }
  const Letters letters = compute_letters(t, options_);
  // Heaps with no move stay at the identity whatever they were given.
  for (std::uint32_t h = 0; h < t.heaps(); ++h)
    if (letters.heap_letter[h] < 0) t.heap_generator[h] = -1;
  mark_p_portion(t.monoid, letters, poll_);
  Reduction r = reduce(t.monoid, poll_);
  t.monoid = std::move(r.reduced);
  if (t.monoid.order() > std::size_t{4} * limits_.max_order)
    throw LimitError("the quotient at heap " + std::to_string(heaps() - 1) +
                     " needs trial monoids of more than " +
                     std::to_string(std::size_t{4} * limits_.max_order) +
                     " elements (the order limit is " + std::to_string(limits_.max_order) + ")");
  return canonical(t);
}

void Builder::expand(std::uint32_t n) {
  Pretension r = trial(p_, Freed{{n, {2, 2}}});
  for (std::size_t round = 0;; ++round) {
    if (round >= limits_.max_trials)
      throw LimitError("the quotient at heap " + std::to_string(n) + " was not found within " +
                       std::to_string(limits_.max_trials) + " trial monoids");
    Letters letters = compute_letters(r, options_);
    const LeastWords least = least_words(r.monoid, letters, poll_);
    const auto failure = least_failure(r.monoid, letters, least, poll_, &stats_.verify);
    if (!failure) {
      if (r.monoid.order() > limits_.max_order)
        throw LimitError("the quotient of heaps 0.." + std::to_string(n) + " has " +
                         std::to_string(r.monoid.order()) + " elements, more than the limit of " +
                         std::to_string(limits_.max_order));
      p_ = std::move(r);
      letters_ = std::move(letters);
      rebuild_index();
      expansions_.push_back(n);
      return;
    }
    // The heaps of the least failing sum, with their multiplicities.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> heaps;
    for (std::size_t j = 0; j < failure->word.size(); ++j)
      if (failure->word[j] > 0) heaps.emplace_back(letters.letters[j].heap, failure->word[j]);
    bool fixed = false;
    for (const auto& subset : subsets_to_try(heaps.size(), 64)) {
      Freed freed;
      for (const auto i : subset) {
        const auto [index, period] = index_and_period(r, heaps[i].first);
        freed[heaps[i].first] = {std::max({2u, index, heaps[i].second}), std::max(2u, period)};
      }
      Pretension r2 = trial(r, freed);
      if ((r2.monoid.p[predicted_element(r2, heaps)] != 0) == failure->should_be_p) {
        r = std::move(r2);
        fixed = true;
        break;
      }
    }
    if (!fixed)
      throw LimitError("the quotient at heap " + std::to_string(n) +
                       " could not be found: no trial monoid classifies its least failing sum");
  }
}

}  // namespace grundy::quotient
