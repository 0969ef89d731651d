#include "grundy/games/dots/endgame.h"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace grundy::dots {
namespace {

int value(std::vector<int>& chains, std::vector<int>& loops,
          std::unordered_map<std::string, int>& memo) {
  if (chains.empty() && loops.empty()) return 0;
  std::string key(chains.begin(), chains.end());
  key += '\xff';
  key.append(loops.begin(), loops.end());
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  int best = -(1 << 20);
  for (std::size_t i = 0; i < chains.size(); ++i) {
    if (i > 0 && chains[i] == chains[i - 1]) continue;  // same length: same result
    const int n = chains[i];
    chains.erase(chains.begin() + static_cast<long>(i));
    const int rest = value(chains, loops, memo);
    chains.insert(chains.begin() + static_cast<long>(i), n);
    const int opponent = n <= 2 ? n + rest : std::max(n + rest, n - 4 - rest);
    best = std::max(best, -opponent);
  }
  for (std::size_t i = 0; i < loops.size(); ++i) {
    if (i > 0 && loops[i] == loops[i - 1]) continue;
    const int n = loops[i];
    loops.erase(loops.begin() + static_cast<long>(i));
    const int rest = value(chains, loops, memo);
    loops.insert(loops.begin() + static_cast<long>(i), n);
    best = std::max(best, -std::max(n + rest, n - 8 - rest));
  }
  memo.emplace(std::move(key), best);
  return best;
}

}  // namespace

int simple_endgame_value(std::vector<int> chains, std::vector<int> loops) {
  thread_local std::unordered_map<std::string, int> memo;
  if (memo.size() > 1'000'000) memo.clear();
  std::sort(chains.begin(), chains.end());
  std::sort(loops.begin(), loops.end());
  return value(chains, loops, memo);
}

int controlled_value(const std::vector<int>& chains, const std::vector<int>& loops) {
  int boxes = 0, cv = 0;
  for (int n : chains) {
    boxes += n;
    cv -= 4;
  }
  for (int n : loops) {
    boxes += n;
    cv -= 8;
  }
  if (chains.empty() && loops.empty()) return 0;
  cv += chains.empty() ? 8 : 4;  // the last component is taken whole
  return boxes + cv;
}

}  // namespace grundy::dots
