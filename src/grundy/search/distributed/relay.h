#pragma once
// Passing shared table entries between the workers of a channel (channel.h, TableShare): each
// batch a worker's table gives goes to every other worker and to the master's listener, except
// where the ranks of a node share one table (NodeMap).
#include <functional>
#include <set>
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

// Which workers share a table: the ranks of one node that map one table (Cluster::node_memory)
// need a batch once, in one of them, and none when the batch came from that table. Empty (the
// default): every worker keeps a table of its own.
struct NodeMap {
  std::vector<int> node;     // the node of each worker
  std::vector<char> shared;  // whether the worker's table is its node's one table

  bool shares(int w) const { return static_cast<std::size_t>(w) < shared.size() && shared[w]; }
  // Calls deliver(w) for each worker w of `workers` that must store a batch from worker
  // `origin`: every other worker with a table of its own, and of each other node's one table
  // the first worker for which ready(w) (a worker with too many sends in flight is passed over
  // for another rank of its node).
  template <class Ready, class Deliver>
  void targets(int origin, int workers, Ready&& ready, Deliver&& deliver) const {
    std::set<int> reached;
    if (shares(origin)) reached.insert(node[origin]);
    for (int w = 0; w < workers; ++w) {
      if (w == origin) continue;
      if (!shares(w)) {
        if (ready(w)) deliver(w);
        continue;
      }
      if (reached.count(node[w]) || !ready(w)) continue;
      reached.insert(node[w]);
      deliver(w);
    }
  }
};

// How a resume's entries reach the `count` workers that store them (JobChannel::seed over MPI):
// through a tree of them rather than each from the master, so that the master sends every piece
// kSeedFanout times instead of once a worker (hundreds of nodes, up to 500 MB each), and each
// worker that passes pieces on as many times. The master (parent -1) passes each piece to the
// targets 0 .. kSeedFanout-1, target i to targets kSeedFanout·(i+1) .. kSeedFanout·(i+2)-1, as
// far as there are: the tree's depth is about log2(count), the pieces follow each other down.
inline constexpr int kSeedFanout = 2;
inline std::vector<int> seed_children(int parent, int count) {
  std::vector<int> out;
  for (int c = kSeedFanout * (parent + 1); c < kSeedFanout * (parent + 2) && c < count; ++c)
    out.push_back(c);
  return out;
}

}  // namespace grundy::search::distributed
