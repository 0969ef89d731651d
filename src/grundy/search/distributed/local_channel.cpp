#include "grundy/search/distributed/local_channel.h"

namespace grundy::search::distributed {

LocalChannel::LocalChannel(std::vector<WorkerEngine> engines)
    : paused_(engines.size()), is_paused_(engines.size(), false) {
  for (std::size_t i = 0; i < engines.size(); ++i)
    engines_.push_back(
        std::make_unique<EngineThread>(static_cast<int>(i), std::move(engines[i]), answers_));
}

LocalChannel::~LocalChannel() {
  engines_.clear();  // each engine withdraws its work and joins before the queue goes
}

void LocalChannel::send(int worker, const Job& job) {
  const std::string bytes = encode_job(job);
  ++traffic_.messages_sent;
  traffic_.bytes_sent += bytes.size();
  Job copy = decode_job(bytes);
  if (is_paused_[worker])
    paused_[worker].push_back(std::move(copy));
  else
    engines_[worker]->submit(std::move(copy));
}

void LocalChannel::cancel(int worker, std::uint64_t job) {
  ++traffic_.messages_sent;
  traffic_.bytes_sent += encode_cancel(job).size();
  engines_[worker]->cancel(job);
}

// Every batch goes through its encoding, as over MPI (and counts as traffic the same way).
void LocalChannel::share_tables() {
  std::vector<TableEntry> batch;
  for (int w = 0; w < workers(); ++w) {
    TableShare* from = engines_[w]->share();
    if (!from || is_paused_[w]) continue;
    batch.clear();
    from->take(batch);
    if (batch.empty()) continue;
    const std::string bytes = encode_entries(w, batch);
    ++traffic_.messages_received;
    traffic_.bytes_received += bytes.size();
    std::int32_t origin = 0;
    const auto entries = decode_entries(bytes, origin);
    relay_.relay(w, entries, workers(), [&](int to) {
      if (TableShare* into = engines_[to]->share()) {
        ++traffic_.messages_sent;
        traffic_.bytes_sent += bytes.size();
        into->store(entries);
      }
    });
  }
}

// Through the encoding once, as every batch here (and counted once per worker, as MPI sends it).
void LocalChannel::seed(const std::vector<TableEntry>& entries) {
  if (entries.empty()) return;
  const std::string bytes = encode_entries(-1, entries);
  std::int32_t origin = 0;
  const auto decoded = decode_entries(bytes, origin);
  for (auto& e : engines_)
    if (TableShare* into = e->share()) {
      ++traffic_.messages_sent;
      traffic_.bytes_sent += bytes.size();
      traffic_.seed_bytes += bytes.size();
      into->store(decoded);
    }
}

bool LocalChannel::receive(Answer& out, double seconds) {
  share_tables();
  Answer a;
  if (!answers_.pop(a, seconds)) return false;
  const std::string bytes = encode_answer(a);
  ++traffic_.messages_received;
  traffic_.bytes_received += bytes.size();
  out = decode_answer(bytes);
  return true;
}

std::vector<WorkerReport> LocalChannel::stop(double) {
  std::vector<WorkerReport> out;
  for (int w = 0; w < workers(); ++w) {
    WorkerReport r;
    r.rank = w;
    r.answered_stop = !is_paused_[w];
    r.totals = engines_[w]->totals();
    out.push_back(r);
  }
  engines_.clear();
  return out;
}

void LocalChannel::pause(int worker) {
  is_paused_[worker] = true;
}

void LocalChannel::resume(int worker) {
  is_paused_[worker] = false;
  for (auto& j : paused_[worker]) engines_[worker]->submit(std::move(j));
  paused_[worker].clear();
}

}  // namespace grundy::search::distributed
