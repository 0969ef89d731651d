#pragma once
// Workers as threads of this process, each with its own runner (and so its own table). Every
// message still goes through its byte encoding, so the traffic counts are those of MPI and the
// encoding is exercised by every test. `--distributed` outside mpirun runs on one of these.
#include <memory>
#include <vector>

#include "grundy/search/distributed/channel.h"
#include "grundy/search/distributed/engine_thread.h"
#include "grundy/search/distributed/relay.h"

namespace grundy::search::distributed {

class LocalChannel : public JobChannel {
 public:
  explicit LocalChannel(std::vector<WorkerEngine> engines);
  ~LocalChannel() override;

  int workers() const override { return static_cast<int>(engines_.size()); }
  int rank_of(int worker) const override { return worker; }
  void send(int worker, const Job& job) override;
  void cancel(int worker, std::uint64_t job) override;
  bool receive(Answer& out, double seconds) override;
  std::vector<WorkerReport> stop(double grace) override;
  ChannelTraffic traffic() const override { return traffic_; }
  void on_entries(std::function<void(const std::vector<TableEntry>&)> listener) override {
    relay_.listener = std::move(listener);
  }
  void seed(const std::vector<TableEntry>& entries) override;
  void relay_entries(bool on) override { relay_.to_workers = on; }

  // Tests: a worker that stops answering (its jobs are kept, never run, until resumed).
  void pause(int worker);
  void resume(int worker);

 private:
  AnswerQueue answers_;
  std::vector<std::unique_ptr<EngineThread>> engines_;
  std::vector<std::vector<Job>> paused_;
  std::vector<bool> is_paused_;
  void share_tables();

  ChannelTraffic traffic_;
  EntryRelay relay_;
};

}  // namespace grundy::search::distributed
