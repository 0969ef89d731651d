#pragma once
// Passing shared table entries between the workers of a channel (channel.h, TableShare): each
// batch a worker's table gives goes to every other worker and to the master's listener.
#include <functional>
#include <vector>

#include "grundy/search/distributed/channel.h"

namespace grundy::search::distributed {

// The weight (log2 of a subtree's nodes, plus one) from which workers share table entries:
// 5 (16 nodes) up to 9 workers, one more per doubling beyond, so that what each worker
// receives stays about the same (docs/distributed.md, "Shared tables").
inline int share_weight_for(int workers) {
  int weight = 5;
  for (int w = 9; w < workers; w *= 2) ++weight;
  return weight;
}

struct EntryRelay {
  std::function<void(const std::vector<TableEntry>&)> listener;
  std::uint64_t entries = 0;  // relayed so far
  bool to_workers = true;     // false: to the listener only

  // A batch from worker `origin`: to the listener, then to each other worker by `deliver`.
  template <class Deliver>
  void relay(int origin, const std::vector<TableEntry>& batch, int workers, Deliver&& deliver) {
    if (batch.empty()) return;
    entries += batch.size();
    if (listener) listener(batch);
    if (!to_workers) return;
    for (int w = 0; w < workers; ++w)
      if (w != origin) deliver(w);
  }
};

}  // namespace grundy::search::distributed
