#include "grundy/core/partizan_names.h"

#include <string>

namespace grundy {

std::string format_number_up_star(const Dyadic& x, int ups, std::uint64_t star) {
  std::string s;
  if (x != Dyadic{} || (ups == 0 && star == 0)) s = x.to_string();
  const int n = ups < 0 ? -ups : ups;
  const char* arrow = ups < 0 ? "v" : "^";
  if (n == 1) s += arrow;
  if (n == 2) s += std::string(arrow) + arrow;
  if (n >= 3) s += arrow + std::to_string(n);
  if (star == 1) s += "*";
  if (star >= 2) s += "*" + std::to_string(star);
  return s;
}

void GameNamer::build_table() {
  if (!table_.empty()) return;
  for (int n = -kMaxUps; n <= kMaxUps; ++n) {
    const GameId u = store_.up(n);
    for (int m = 0; m < kMaxStar; ++m)
      table_.emplace(store_.add(u, store_.nimber(static_cast<std::uint64_t>(m))),
                     std::make_pair(n, m));
  }
}

bool GameNamer::as_number_up_star(GameId g, Infinitesimal& out) {
  if (store_.is_number(g)) {
    out = {store_.number_value(g), 0, 0};
    return true;
  }
  const Dyadic ls = store_.left_stop(g), rs = store_.right_stop(g);
  if (ls != rs) return false;  // not a number plus an infinitesimal
  build_table();
  const GameId h = store_.add(g, store_.number(-ls));
  const auto it = table_.find(h);
  if (it == table_.end()) return false;
  out = {ls, it->second.first, it->second.second};
  return true;
}

void GameNamer::write(GameId g, std::string& out, std::size_t max_chars) {
  if (out.size() > max_chars) {
    out += "...";
    return;
  }
  Infinitesimal inf;
  if (as_number_up_star(g, inf)) {
    out += format_number_up_star(inf.number, inf.ups, static_cast<std::uint64_t>(inf.star));
    return;
  }
  out += '{';
  const auto left = store_.left(g);
  for (std::size_t i = 0; i < left.size(); ++i) {
    if (i) out += ',';
    write(left[i], out, max_chars);
  }
  out += '|';
  const auto right = store_.right(g);
  for (std::size_t i = 0; i < right.size(); ++i) {
    if (i) out += ',';
    write(right[i], out, max_chars);
  }
  out += '}';
}

std::string GameNamer::name(GameId g, std::size_t max_chars) {
  std::string out;
  write(g, out, max_chars);
  return out;
}

}  // namespace grundy
