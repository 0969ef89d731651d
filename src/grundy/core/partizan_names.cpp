#include "grundy/core/partizan_names.h"

#include <algorithm>
#include <string>
#include <vector>

namespace grundy {

std::string format_number_up_star(const Dyadic& x, int ups, std::uint64_t star) {
  std::string s;
  if (x != Dyadic{} || (ups == 0 && star == 0)) s = x.to_string();
  // "1/2^100" followed by "^*" would read as one exponent: parenthesise such numbers.
  if ((ups != 0 || star != 0) && s.find('^') != std::string::npos) s = "(" + s + ")";
  const int n = ups < 0 ? -ups : ups;
  const char* arrow = ups < 0 ? "v" : "^";
  if (n == 1) s += arrow;
  if (n == 2) s += std::string(arrow) + arrow;
  if (n >= 3) s += arrow + std::to_string(n);
  if (star == 1) s += "*";
  if (star >= 2) s += "*" + std::to_string(star);
  return s;
}

namespace {

// The canonical forms of n.up + *m, built once per thread in a store of their own; a game of
// another store is copied in (if it is no bigger than the largest of them) to be looked up.
struct UpStarTable {
  GameStore store;
  absl::flat_hash_map<GameId, std::pair<int, int>> entries;
  std::size_t max_size = 0;  // nodes reachable from the largest entry

  UpStarTable() {
    for (int n = -GameNamer::kMaxUps; n <= GameNamer::kMaxUps; ++n) {
      const GameId u = store.up(n);
      for (int m = 0; m < GameNamer::kMaxStar; ++m) {
        const GameId g = store.add(u, store.nimber(static_cast<std::uint64_t>(m)));
        entries.emplace(g, std::make_pair(n, m));
        max_size = std::max(max_size, reachable(store, g, kNoLimit));
      }
    }
  }

  static constexpr std::size_t kNoLimit = ~std::size_t{0};

  // Distinct nodes reachable from g (numbers count as one each), counting stops past `limit`.
  static std::size_t reachable(GameStore& s, GameId g, std::size_t limit) {
    absl::flat_hash_map<GameId, bool> seen;
    std::vector<GameId> stack{g};
    while (!stack.empty() && seen.size() <= limit) {
      const GameId x = stack.back();
      stack.pop_back();
      if (!seen.emplace(x, true).second || s.is_number(x)) continue;
      for (const GameId o : s.left(x)) stack.push_back(o);
      for (const GameId o : s.right(x)) stack.push_back(o);
    }
    return seen.size();
  }

  GameId copy(GameStore& from, GameId g, absl::flat_hash_map<GameId, GameId>& done) {
    if (auto it = done.find(g); it != done.end()) return it->second;
    GameId r;
    if (from.is_number(g)) {
      r = store.number(from.number_value(g));
    } else {
      std::vector<GameId> l, rr;
      for (const GameId o : from.left(g)) l.push_back(copy(from, o, done));
      for (const GameId o : from.right(g)) rr.push_back(copy(from, o, done));
      r = store.make(std::move(l), std::move(rr));
    }
    done.emplace(g, r);
    return r;
  }

  const std::pair<int, int>* find(GameStore& from, GameId g) {
    if (reachable(from, g, max_size) > max_size) return nullptr;
    absl::flat_hash_map<GameId, GameId> done;
    const auto it = entries.find(copy(from, g, done));
    return it == entries.end() ? nullptr : &it->second;
  }
};

UpStarTable& up_star_table() {
  thread_local UpStarTable table;
  return table;
}

}  // namespace

bool GameNamer::as_number_up_star(GameId g, Infinitesimal& out) {
  if (store_.is_number(g)) {
    out = {store_.number_value(g), 0, 0};
    return true;
  }
  const Dyadic ls = store_.left_stop(g), rs = store_.right_stop(g);
  if (ls != rs) return false;  // not a number plus an infinitesimal
  const GameId h = store_.add(g, store_.number(-ls));
  // A nimber of any size: *n has the n options *0 .. *(n-1) on both sides.
  if (const auto n = store_.left(h).size();
      n >= 2 && n <= kMaxNamedNimber && store_.right(h).size() == n && store_.nimber(n) == h) {
    out = {ls, 0, static_cast<std::uint64_t>(n)};
    return true;
  }
  const std::pair<int, int>* found = up_star_table().find(store_, h);
  if (!found) return false;
  out = {ls, found->first, static_cast<std::uint64_t>(found->second)};
  return true;
}

void GameNamer::write(GameId g, std::string& out, std::size_t max_chars, bool& elided) {
  if (out.size() > max_chars) {
    out += "...";
    elided = true;
    return;
  }
  Infinitesimal inf;
  if (as_number_up_star(g, inf)) {
    out += format_number_up_star(inf.number, inf.ups, inf.star);
    return;
  }
  // A number plus an infinitesimal written out: "x+{...}" keeps the number out of every option.
  if (const Dyadic ls = store_.left_stop(g); ls == store_.right_stop(g) && ls != Dyadic{}) {
    out += ls.to_string() + "+";
    write(store_.add(g, store_.number(-ls)), out, max_chars, elided);
    return;
  }
  out += '{';
  const auto left = store_.left(g);
  for (std::size_t i = 0; i < left.size(); ++i) {
    if (i) out += ',';
    write(left[i], out, max_chars, elided);
  }
  out += '|';
  const auto right = store_.right(g);
  for (std::size_t i = 0; i < right.size(); ++i) {
    if (i) out += ',';
    write(right[i], out, max_chars, elided);
  }
  out += '}';
}

std::string GameNamer::name(GameId g, std::size_t max_chars, bool* elided) {
  std::string out;
  bool cut = false;
  write(g, out, max_chars, cut);
  if (elided) *elided = cut;
  return out;
}

std::vector<GameNamer::FormNode> GameNamer::form(GameId g) {
  std::vector<FormNode> nodes;
  absl::flat_hash_map<GameId, std::uint32_t> index;
  std::vector<GameId> pending;  // nodes added, options not yet filled in
  const auto node_of = [&](GameId x) {
    const auto [it, inserted] = index.try_emplace(x, static_cast<std::uint32_t>(nodes.size()));
    if (inserted) {
      nodes.emplace_back();
      pending.push_back(x);
    }
    return it->second;
  };
  node_of(g);
  while (!pending.empty()) {
    const GameId x = pending.back();
    pending.pop_back();
    const std::uint32_t at = index.at(x);
    Infinitesimal inf;
    if (as_number_up_star(x, inf)) {
      nodes[at].name = format_number_up_star(inf.number, inf.ups, inf.star);
      continue;
    }
    std::vector<std::uint32_t> left, right;
    for (const GameId o : store_.left(x)) left.push_back(node_of(o));
    for (const GameId o : store_.right(x)) right.push_back(node_of(o));
    nodes[at].left = std::move(left);
    nodes[at].right = std::move(right);
  }
  return nodes;
}

}  // namespace grundy
