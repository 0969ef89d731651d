#include "grundy/games/dots/nimstring.h"

#include <algorithm>
#include <bit>
#include <string>

#include "grundy/core/bits.h"
#include "grundy/core/error.h"

namespace grundy::dots {

Nimstring::Nimstring(const Coins& g, std::size_t max_positions, const std::atomic<bool>* stop)
    : g_(g),
      max_positions_(max_positions),
      stop_(stop),
      touching_(static_cast<std::size_t>(g.string_count())) {
  for (int s = 0; s < g.string_count(); ++s)
    for (int c : g.ends[s])
      if (c != kGround) touching_[s] |= g.strings_of[c];
}

std::string NimstringValue::to_string() const {
  if (loony) return "loony";
  return nimber == 0 ? "0" : "*" + std::to_string(nimber);
}

std::uint64_t Nimstring::after_free_captures(std::uint64_t present, bool& loony) const {
  loony = false;
  for (bool again = true; again;) {
    again = false;
    bool chain_offered = false;
    for (int c = 0; c < g_.coin_count; ++c) {
      const std::uint64_t own = g_.strings_of[c] & present;
      if (grundy::popcount(own) != 1) continue;
      const int s = std::countr_zero(own);
      const int x = g_.other(s, c);
      const int dx = x == kGround ? 0 : g_.degree(x, present);
      if (x == kGround || dx != 2) {  // ground, junction, or an isolated double box
        present &= ~(std::uint64_t{1} << s);
        again = true;
        continue;
      }
      // Three coins open at both ends: every string of them captures, so no move inside passes
      // the turn; taking them is free.
      const std::uint64_t beyond = g_.strings_of[x] & present & ~(std::uint64_t{1} << s);
      const int t = std::countr_zero(beyond);
      const int y = g_.other(t, x);
      if (y != kGround && g_.degree(y, present) == 1) {
        present &= ~((std::uint64_t{1} << s) | (std::uint64_t{1} << t));
        again = true;
        continue;
      }
      chain_offered = true;
    }
    if (!again && chain_offered) loony = true;
  }
  return present;
}

NimstringValue Nimstring::value(std::uint64_t present) {
  bool loony;
  present = after_free_captures(present, loony);
  if (loony) return {true, 0};
  std::uint32_t v = 0;
  for (std::uint64_t left = present; left;) {  // each connected component in turn
    std::uint64_t comp = left & (~left + 1), frontier = comp;
    while (frontier) {
      const std::uint64_t add = touching_[std::countr_zero(frontier)] & present & ~comp;
      frontier = (frontier & (frontier - 1)) | add;
      comp |= add;
    }
    left &= ~comp;
    v ^= component_value(comp);
  }
  return {false, v};
}

std::uint32_t Nimstring::component_value(std::uint64_t component) {
  if (auto it = memo_.find(component); it != memo_.end()) return it->second;
  if (memo_.size() >= max_positions_)
    throw LimitError("Nimstring search passed " + std::to_string(max_positions_) + " positions");
  if (stop_ && ++calls_ % 1024 == 0 && stop_->load(std::memory_order_relaxed))
    throw LimitError("Nimstring search stopped");
  std::uint64_t seen = 0;  // options' nimbers below 64
  std::vector<std::uint32_t> big;
  for (std::uint64_t rest = component; rest; rest &= rest - 1) {
    const int s = std::countr_zero(rest);
    const NimstringValue o = value(component & ~(std::uint64_t{1} << s));
    if (o.loony) continue;  // offering a loony position never wins
    if (o.nimber < 64)
      seen |= std::uint64_t{1} << o.nimber;
    else
      big.push_back(o.nimber);
  }
  std::uint32_t mex = static_cast<std::uint32_t>(std::countr_one(seen));
  if (mex == 64)
    while (std::find(big.begin(), big.end(), mex) != big.end()) ++mex;
  memo_.emplace(component, mex);
  return mex;
}

}  // namespace grundy::dots
