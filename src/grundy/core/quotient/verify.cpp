#include "grundy/core/quotient/verify.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/hash/hash.h"

namespace grundy::quotient {

namespace {

// Sets of elements as bit sets of one fixed size, kept in one buffer.
class SetBuffer {
 public:
  SetBuffer(Element order, std::size_t sets) : words_((order + 63) / 64), bits_(words_ * sets, 0) {}
  std::size_t words() const { return words_; }
  std::uint64_t* set(std::size_t i) { return bits_.data() + i * words_; }

 private:
  std::size_t words_;
  std::vector<std::uint64_t> bits_;
};

inline void put(std::uint64_t* s, Element x) {
  s[x / 64] |= std::uint64_t{1} << (x % 64);
}

template <class F>
void for_each_bit(const std::uint64_t* s, std::size_t words, F&& f) {
  for (std::size_t w = 0; w < words; ++w)
    for (std::uint64_t bits = s[w]; bits != 0; bits &= bits - 1)
      f(static_cast<Element>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
}

inline bool meets(const std::uint64_t* a, const std::uint64_t* b, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w)
    if (a[w] & b[w]) return true;
  return false;
}

inline bool subset(const std::uint64_t* a, const std::uint64_t* b, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w)
    if (a[w] & ~b[w]) return false;
  return true;
}

// out = S * g ∪ x * T for letter l (the pair of a sum after one more heap of that letter).
void step_set(const BipartiteMonoid& m, const Letter& l, Element x, const std::uint64_t* s,
              std::uint64_t* out, std::size_t words) {
  std::fill(out, out + words, 0);
  if (l.generator < 0) {
    std::copy(s, s + words, out);
  } else {
    const auto& row = m.action[static_cast<std::size_t>(l.generator)];
    for_each_bit(s, words, [&](Element e) { put(out, row[e]); });
  }
  for (const auto& r : l.recipes) put(out, times_recipe(m, x, r));
}

inline Element step(const BipartiteMonoid& m, const Letter& l, Element x) {
  return l.generator < 0 ? x : m.action[static_cast<std::size_t>(l.generator)][x];
}

}  // namespace

Letter heap_letter(const Pretension& p, const OptionsFn& options, std::uint32_t n) {
  std::vector<Parts> opts;
  options(n, opts);
  std::vector<std::pair<Element, std::array<std::int32_t, 3>>> found;
  found.reserve(opts.size());
  for (const auto& o : opts) {
    std::array<std::int32_t, 3> r{-1, -1, -1};
    for (std::size_t i = 0; i < 3; ++i)
      if (o[i] > 0) r[i] = p.heap_generator[o[i]];
    found.emplace_back(times_recipe(p.monoid, 0, r), r);
  }
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  Letter l;
  l.heap = n;
  l.generator = p.heap_generator[n];
  for (std::size_t i = 0; i < found.size(); ++i) {
    if (i > 0 && found[i].first == found[i - 1].first) continue;
    l.targets.push_back(found[i].first);
    l.recipes.push_back(found[i].second);
  }
  return l;
}

Letters compute_letters(const Pretension& p, const OptionsFn& options) {
  Letters out;
  out.heap_letter.assign(p.heaps(), -1);
  absl::flat_hash_map<std::vector<Element>, std::int32_t> index;
  std::vector<Element> key;
  for (std::uint32_t n = 0; n < p.heaps(); ++n) {
    Letter l = heap_letter(p, options, n);
    if (l.targets.empty()) continue;
    key.assign(1, static_cast<Element>(l.generator));
    key.insert(key.end(), l.targets.begin(), l.targets.end());
    const auto [it, fresh] = index.try_emplace(key, static_cast<std::int32_t>(out.letters.size()));
    if (fresh) out.letters.push_back(std::move(l));
    out.heap_letter[n] = it->second;
  }
  return out;
}

std::vector<std::uint32_t> LeastWords::word(Element x, std::size_t letters) const {
  std::vector<std::uint32_t> w(letters, 0);
  while (parent[x] != x) {
    ++w[via[x]];
    x = parent[x];
  }
  return w;
}

bool colex_less(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  for (std::size_t i = a.size(); i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i];
  return false;
}

namespace {

class Marker {
 public:
  // assign_to (if given): receives the outcome of each element's least sum.
  Marker(const BipartiteMonoid& m, const Letters& l, const std::function<void()>& poll,
         std::vector<std::uint8_t>* assign_to)
      : m_(m),
        l_(l.letters),
        poll_(poll),
        assign_to_(assign_to),
        sets_(m.order(), 2 * l.letters.size() + 2),
        words_(sets_.words()),
        p_bits_(words_, 0),
        marked_(m.order(), 0) {
    least_.parent.assign(m.order(), kNone);
    least_.via.assign(m.order(), 0);
    if (assign_to_) assign_to_->assign(m.order(), 0);
  }
  LeastWords run() {
    // The empty sum: the identity, with no option.
    const std::size_t top = 2 * l_.size();
    visit(static_cast<int>(l_.size()) - 1, 0, sets_.set(top), 0, 0);
    return std::move(least_);
  }

 private:
  // The current sum has letters above j fixed and letters <= j at zero; (x, s) is its pair and it
  // is the colex-least sum of x. Visits its extensions by letters <= j in colex order.
  void visit(int j, Element x, const std::uint64_t* s, Element parent, std::uint32_t via) {
    if (j < 0) {
      marked_[x] = 1;
      least_.parent[x] = parent;
      least_.via[x] = via;
      if (!assign_to_) return;
      bool has_option = false;
      for (std::size_t w = 0; w < words_ && !has_option; ++w) has_option = s[w] != 0;
      if (has_option && !meets(s, p_bits_.data(), words_)) {
        (*assign_to_)[x] = 1;
        put(p_bits_.data(), x);
      }
      return;
    }
    const Letter& l = l_[static_cast<std::size_t>(j)];
    std::uint64_t* cur = sets_.set(2 * static_cast<std::size_t>(j));
    std::uint64_t* tmp = sets_.set(2 * static_cast<std::size_t>(j) + 1);
    std::copy(s, s + words_, cur);
    while (true) {
      visit(j - 1, x, cur, parent, via);
      if ((++count_ & 4095) == 0 && poll_) poll_();
      step_set(m_, l, x, cur, tmp, words_);
      std::swap(cur, tmp);
      parent = x;
      via = static_cast<std::uint32_t>(j);
      x = step(m_, l, x);
      if (marked_[x]) break;
    }
  }

  const BipartiteMonoid& m_;
  const std::vector<Letter>& l_;
  const std::function<void()>& poll_;
  std::vector<std::uint8_t>* assign_to_;
  SetBuffer sets_;
  std::size_t words_;
  std::vector<std::uint64_t> p_bits_;
  std::vector<std::uint8_t> marked_;
  LeastWords least_;
  std::uint64_t count_ = 0;
};

// The pairs (x, S) kept so far: for each x an antichain of the smallest S.
class PairStore {
 public:
  PairStore(Element order, std::size_t words) : words_(words), by_element_(order) {}
  // Whether some kept S for x is a subset of s; otherwise s is kept (and its supersets dropped).
  bool covered_or_add(Element x, const std::uint64_t* s) {
    auto& list = by_element_[x];
    for (const auto offset : list)
      if (subset(arena_.data() + offset, s, words_)) return true;
    for (std::size_t i = 0; i < list.size();) {
      if (subset(s, arena_.data() + list[i], words_)) {
        list[i] = list.back();
        list.pop_back();
      } else {
        ++i;
      }
    }
    list.push_back(arena_.size());
    arena_.insert(arena_.end(), s, s + words_);
    ++kept_;
    return false;
  }
  std::uint64_t kept() const { return kept_; }

 private:
  std::size_t words_;
  std::vector<std::vector<std::size_t>> by_element_;
  std::vector<std::uint64_t> arena_;
  std::uint64_t kept_ = 0;
};

class NChecker {
 public:
  NChecker(const BipartiteMonoid& m, const Letters& l, const std::function<void()>& poll,
           const std::vector<std::uint32_t>* best)
      : m_(m),
        l_(l.letters),
        poll_(poll),
        best_(best),
        sets_(m.order(), 2 * l.letters.size() + 2),
        words_(sets_.words()),
        p_bits_(words_, 0),
        store_(m.order(), words_),
        word_(l.letters.size(), 0) {
    for (Element x = 0; x < m.order(); ++x)
      if (m.p[x]) put(p_bits_.data(), x);
  }
  std::optional<std::vector<std::uint32_t>> run() {
    visit(static_cast<int>(l_.size()) - 1, 0, sets_.set(2 * l_.size()));
    return found_;
  }
  std::uint64_t sums() const { return sums_; }
  std::uint64_t pairs() const { return store_.kept(); }

 private:
  // Returns true to stop: a failure found, or every further sum is past the best known one.
  bool visit(int j, Element x, const std::uint64_t* s) {
    if (j < 0) {
      ++sums_;
      bool has_option = false;
      for (std::size_t w = 0; w < words_ && !has_option; ++w) has_option = s[w] != 0;
      if (has_option && !m_.p[x] && !meets(s, p_bits_.data(), words_)) {
        found_ = word_;
        return true;
      }
      return false;
    }
    const auto jj = static_cast<std::size_t>(j);
    const Letter& l = l_[jj];
    std::uint64_t* cur = sets_.set(2 * jj);
    std::uint64_t* tmp = sets_.set(2 * jj + 1);
    std::copy(s, s + words_, cur);
    bool stop = false;
    while (true) {
      if (visit(j - 1, x, cur)) {
        stop = true;
        break;
      }
      if ((++count_ & 4095) == 0 && poll_) poll_();
      step_set(m_, l, x, cur, tmp, words_);
      std::swap(cur, tmp);
      x = step(m_, l, x);
      ++word_[jj];
      if (best_ && !colex_less(word_, *best_)) {
        stop = true;
        break;
      }
      if (store_.covered_or_add(x, cur)) break;
    }
    word_[jj] = 0;
    return stop;
  }

  const BipartiteMonoid& m_;
  const std::vector<Letter>& l_;
  const std::function<void()>& poll_;
  const std::vector<std::uint32_t>* best_;
  SetBuffer sets_;
  std::size_t words_;
  std::vector<std::uint64_t> p_bits_;
  PairStore store_;
  std::vector<std::uint32_t> word_;
  std::optional<std::vector<std::uint32_t>> found_;
  std::uint64_t count_ = 0, sums_ = 0;
};

}  // namespace

LeastWords mark_p_portion(BipartiteMonoid& m, const Letters& letters,
                          const std::function<void()>& poll) {
  return Marker(m, letters, poll, &m.p).run();
}

LeastWords least_words(const BipartiteMonoid& m, const Letters& letters,
                       const std::function<void()>& poll) {
  return Marker(m, letters, poll, nullptr).run();
}

bool is_valid(const BipartiteMonoid& m, const Letters& letters, const std::function<void()>& poll,
              VerifyStats* stats) {
  if (m.p[0]) return false;
  for (Element x = 0; x < m.order(); ++x)
    for (const Letter& l : letters.letters) {
      if (!m.p[step(m, l, x)]) continue;
      for (const auto& r : l.recipes)
        if (m.p[times_recipe(m, x, r)]) return false;
    }
  NChecker checker(m, letters, poll, nullptr);
  const bool ok = !checker.run().has_value();
  if (stats) {
    stats->sums += checker.sums();
    stats->pairs += checker.pairs();
  }
  return ok;
}

std::optional<Failure> least_failure(const BipartiteMonoid& m, const Letters& letters,
                                     const LeastWords& least, const std::function<void()>& poll,
                                     VerifyStats* stats) {
  const std::size_t nl = letters.letters.size();
  if (m.p[0]) return Failure{std::vector<std::uint32_t>(nl, 0), false};
  // (P): a sum x + [letter] predicted P with an option predicted P.
  std::optional<std::vector<std::uint32_t>> best;
  for (Element x = 0; x < m.order(); ++x) {
    if (least.parent[x] == kNone) continue;
    for (std::size_t j = 0; j < nl; ++j) {
      const Letter& l = letters.letters[j];
      if (!m.p[step(m, l, x)]) continue;
      bool bad = false;
      for (const auto& r : l.recipes)
        if (m.p[times_recipe(m, x, r)]) {
          bad = true;
          break;
        }
      if (!bad) continue;
      auto w = least.word(x, nl);
      ++w[j];
      if (!best || colex_less(w, *best)) best = std::move(w);
    }
  }
  NChecker checker(m, letters, poll, best ? &*best : nullptr);
  const auto n_failure = checker.run();
  if (stats) {
    stats->sums += checker.sums();
    stats->pairs += checker.pairs();
  }
  if (n_failure && (!best || colex_less(*n_failure, *best))) best = n_failure;
  if (!best) return std::nullopt;
  Element x = 0;
  for (std::size_t j = 0; j < nl; ++j)
    for (std::uint32_t k = 0; k < (*best)[j]; ++k) x = step(m, letters.letters[j], x);
  return Failure{*best, !m.p[x]};
}

}  // namespace grundy::quotient
