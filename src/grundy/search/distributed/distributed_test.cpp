// The distributed search without MPI: its messages, knowledge and checkpoints, and the master
// with worker threads (LocalChannel) on toy games against plain minimax, with tiny job budgets
// so that the master's tree, splits and repeated budgets are all exercised.
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/search/distributed/checkpoint.h"
#include "grundy/search/distributed/cluster.h"
#include "grundy/search/distributed/doorbell.h"
#include "grundy/search/distributed/entry_pool.h"
#include "grundy/search/distributed/local_channel.h"
#include "grundy/search/distributed/master.h"
#include "grundy/search/distributed/message.h"
#include "grundy/search/distributed/proof_walk.h"
#include "grundy/search/distributed/relay.h"
#include "grundy/search/distributed/runners.h"
#include "grundy/search/random.h"
#include "grundy/search/testing/toy_games.h"
#include "grundy/testing/sanitized.h"

namespace grundy::search::distributed {
namespace {

using search::testing::CoinRow;
using search::testing::TicTacToe;

template <class S>
int exact_value_of(const S& s) {
  S copy = s;
  return search::testing::minimax(copy);
}

template <class Make>
std::unique_ptr<LocalChannel> workers_of(int n, Make&& make) {
  std::vector<WorkerEngine> engines;
  for (int i = 0; i < n; ++i) engines.push_back(make());
  return std::make_unique<LocalChannel>(std::move(engines));
}

// Tic-tac-toe after up to `max_plies` random moves (fewer if the game ends).
TicTacToe random_tictactoe(Rng& rng, int max_plies) {
  TicTacToe s;
  const int plies = static_cast<int>(rng.below(static_cast<std::uint32_t>(max_plies) + 1));
  for (int i = 0; i < plies && !s.is_over(); ++i) {
    MovesOf<TicTacToe> moves;
    s.legal_moves(moves);
    s.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
  }
  return s;
}

std::vector<int> random_coins(Rng& rng) {
  std::vector<int> coins(1 + rng.below(12));
  for (auto& c : coins) c = static_cast<int>(rng.below(9)) + 1;
  return coins;
}

// Open MPI's layer: ob1 only when every rank is on this node and the user chose none.
TEST(DistributedCluster, SharedMemoryLayerOnlyOnOneNodeAndOnlyUnchosen) {
  const auto set = [](const char* name, const char* value) {
    if (value)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  };
  const auto run = [&](const char* size, const char* local, const char* pml) {
    set("OMPI_COMM_WORLD_SIZE", size);
    set("OMPI_COMM_WORLD_LOCAL_SIZE", local);
    set("OMPI_MCA_pml", pml);
    const bool changed = prefer_shared_memory_on_one_node();
    const char* now = std::getenv("OMPI_MCA_pml");
    return std::make_pair(changed, std::string(now ? now : "(unset)"));
  };
  EXPECT_EQ(run("2", "2", nullptr), std::make_pair(true, std::string("ob1")));
  EXPECT_EQ(run("16", "16", nullptr), std::make_pair(true, std::string("ob1")));
  EXPECT_EQ(run("4", "2", nullptr), std::make_pair(false, std::string("(unset)")));
  EXPECT_EQ(run("2", "2", "ucx"), std::make_pair(false, std::string("ucx")));
  EXPECT_EQ(run(nullptr, nullptr, nullptr), std::make_pair(false, std::string("(unset)")));
  EXPECT_EQ(run("2", nullptr, nullptr), std::make_pair(false, std::string("(unset)")));
  run(nullptr, nullptr, nullptr);
}

// A doorbell in memory that two processes share: the other process's ring ends the wait (the
// 20-second timeout would show as a wait of 20 s; the bound below leaves a hundredfold margin
// for a slow machine), and a wait for a value already gone returns at once.
TEST(DistributedDoorbell, ARingFromAnotherProcessEndsTheWait) {
  void* memory = ::mmap(nullptr, 64, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(memory, MAP_FAILED);
  std::memset(memory, 0, 64);
  Doorbell bell(memory);
  const std::uint32_t seen = bell.seen();
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::usleep(100000);
    Doorbell(memory).ring();
    ::_exit(0);
  }
  const auto start = std::chrono::steady_clock::now();
  while (bell.seen() == seen && std::chrono::steady_clock::now() - start < std::chrono::seconds(20))
    bell.wait(seen, 20.0);
  const double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_EQ(bell.seen(), seen + 1);
  EXPECT_LT(waited, 10.0);
  const auto again = std::chrono::steady_clock::now();
  bell.wait(seen, 20.0);  // the word is no longer `seen`
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - again).count(), 10.0);
  ::munmap(memory, 64);
}

// A team's board (team.h), between a lead and a helper thread: the helper takes each job posted
// once, whole; withdrawing it, posting the next or ending the run ends it; a job too long for
// the board is not posted; the helpers' nodes reach the lead once; the end frees a helper that
// waits. The bounded waits (20 s) stand for "never" on a slow machine.
TEST(DistributedTeam, HelpersTakeEachPostedJobOnceUntilTheEnd) {
  std::vector<std::uint64_t> memory((Team::bytes() + 7) / 8, 0);
  Team lead(memory.data()), helper(memory.data());
  Job a;
  a.t = -3;
  a.path = {5, 7, 9};
  Job got;
  lead.post(a);
  ASSERT_TRUE(helper.next(got));
  EXPECT_EQ(got.t, -3);
  EXPECT_EQ(got.path, a.path);
  EXPECT_FALSE(helper.ended(0));
  helper.add_nodes(1000);
  helper.add_nodes(24);
  lead.withdraw();
  EXPECT_TRUE(helper.ended(0));
  EXPECT_EQ(lead.take_nodes(), 1024u);
  EXPECT_EQ(lead.take_nodes(), 0u);
  lead.withdraw();  // nothing posted: no change

  Job b;
  b.t = 4;
  b.path.assign(Team::kMaxPath, 1);
  std::thread later([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    Job too_long;
    too_long.path.assign(Team::kMaxPath + 1, 2);
    lead.post(too_long);  // not for the helpers
    lead.withdraw();
    lead.post(b);
  });
  ASSERT_TRUE(helper.next(got));  // waits for b, past the job it could not take
  later.join();
  EXPECT_EQ(got.t, 4);
  EXPECT_EQ(got.path, b.path);
  Job c = a;
  c.t = 1;
  lead.withdraw();
  lead.post(c);  // the next job ends b too
  EXPECT_TRUE(helper.ended(0));
  ASSERT_TRUE(helper.next(got));
  EXPECT_EQ(got.t, 1);
  EXPECT_EQ(lead.helped(), 3u);  // a, b and c

  std::thread end([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    lead.end();
  });
  EXPECT_TRUE(helper.ended(20));  // woken by the end
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(helper.next(got));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10.0);
  end.join();
}

// Where shared entries go: everyone with a table of their own; of a node's one table, one rank
// (the first that keeps up), and none on the node the entries came from.
TEST(DistributedRelay, OneRankOfEachOtherNodeThatSharesATable) {
  const auto targets = [](const NodeMap& m, int origin, int workers, std::set<int> slow = {}) {
    std::vector<int> out;
    m.targets(
        origin, workers, [&](int w) { return !slow.count(w); }, [&](int w) { out.push_back(w); });
    return out;
  };
  using V = std::vector<int>;
  EXPECT_EQ(targets(NodeMap{}, 1, 4), (V{0, 2, 3}));
  EXPECT_EQ(targets(NodeMap{}, 1, 4, {2}), (V{0, 3}));
  // Nodes {0, 1}, {2, 3} sharing a table each, and 4 alone with its own.
  const NodeMap m{{0, 0, 2, 2, 4}, {1, 1, 1, 1, 0}};
  EXPECT_EQ(targets(m, 1, 5), (V{2, 4}));
  EXPECT_EQ(targets(m, 0, 5), (V{2, 4}));
  EXPECT_EQ(targets(m, 3, 5), (V{0, 4}));
  EXPECT_EQ(targets(m, 4, 5), (V{0, 2}));
  EXPECT_EQ(targets(m, 1, 5, {2}), (V{3, 4}));
  EXPECT_EQ(targets(m, 1, 5, {2, 3, 4}), V{});
  // A node without room for a shared table: its ranks get every batch.
  const NodeMap mixed{{0, 0, 2, 2}, {0, 0, 1, 1}};
  EXPECT_EQ(targets(mixed, 0, 4), (V{1, 2}));
  EXPECT_EQ(targets(mixed, 2, 4), (V{0, 1}));
  EXPECT_EQ(targets(mixed, 1, 4), (V{0, 2}));
}

// Every target is reached once, from a parent reached before it, and no one passes a piece on
// more than kSeedFanout times.
TEST(DistributedRelay, ASeedTreeReachesEveryTargetOnce) {
  EXPECT_EQ(seed_children(-1, 1), (std::vector<int>{0}));
  EXPECT_EQ(seed_children(-1, 6), (std::vector<int>{0, 1}));
  EXPECT_EQ(seed_children(1, 6), (std::vector<int>{4, 5}));
  EXPECT_TRUE(seed_children(2, 6).empty());
  for (int count = 0; count <= 300; ++count) {
    std::vector<int> depth(static_cast<std::size_t>(count), -1);
    std::vector<int> queue{-1};
    int deepest = 0;
    for (std::size_t at = 0; at < queue.size(); ++at) {
      const int parent = queue[at];
      const auto children = seed_children(parent, count);
      EXPECT_LE(children.size(), static_cast<std::size_t>(kSeedFanout));
      for (const int c : children) {
        ASSERT_GE(c, 0);
        ASSERT_LT(c, count);
        EXPECT_EQ(depth[static_cast<std::size_t>(c)], -1) << "reached twice: " << c;
        depth[static_cast<std::size_t>(c)] =
            parent < 0 ? 1 : depth[static_cast<std::size_t>(parent)] + 1;
        deepest = std::max(deepest, depth[static_cast<std::size_t>(c)]);
        queue.push_back(c);
      }
    }
    for (int c = 0; c < count; ++c)
      EXPECT_GE(depth[static_cast<std::size_t>(c)], 1) << count << " " << c;
    if (count > 0) {
      EXPECT_LE(deepest, static_cast<int>(std::log2(count + 1)) + 1) << count;
    }
  }
}

TEST(DistributedMessages, RoundTripAndRefuseDamage) {
  Job j;
  j.id = 77;
  j.kind = JobKind::fragment;
  j.t = -3;
  j.budget = 1234567;
  j.path = {1, 2, 65535};
  const Job j2 = decode_job(encode_job(j));
  EXPECT_EQ(j2.id, 77u);
  EXPECT_EQ(j2.kind, JobKind::fragment);
  EXPECT_EQ(j2.t, -3);
  EXPECT_EQ(j2.budget, 1234567u);
  EXPECT_EQ(j2.path, j.path);

  Answer a;
  a.job = 9;
  a.worker = 3;
  a.status = AnswerStatus::unknown;
  a.lower = -5;
  a.upper = 7;
  a.has_move = true;
  a.move = 12;
  a.nodes = 1u << 30;
  a.seconds = 0.25;
  a.totals.jobs = 4;
  a.totals.idle_seconds = 1.5;
  a.totals.seed_bytes_forwarded = 3u << 20;
  a.bounds = {{11, -2, 3}};
  a.numbers = {{12, 5, 6}};
  a.fragment = {{13, 1, true, 4, true}, {14, 0, false, 0, false}};
  const Answer b = decode_answer(encode_answer(a));
  EXPECT_EQ(b.job, 9u);
  EXPECT_EQ(b.worker, 3);
  EXPECT_EQ(b.status, AnswerStatus::unknown);
  EXPECT_EQ(b.lower, -5);
  EXPECT_EQ(b.upper, 7);
  EXPECT_TRUE(b.has_move);
  EXPECT_EQ(b.move, 12);
  EXPECT_EQ(b.nodes, 1u << 30);
  EXPECT_EQ(b.totals.jobs, 4u);
  EXPECT_DOUBLE_EQ(b.totals.idle_seconds, 1.5);
  EXPECT_EQ(b.totals.seed_bytes_forwarded, 3u << 20);
  ASSERT_EQ(b.bounds.size(), 1u);
  EXPECT_EQ(b.bounds[0].upper, 3);
  ASSERT_EQ(b.numbers.size(), 1u);
  EXPECT_EQ(b.numbers[0].dn, 6u);
  ASSERT_EQ(b.fragment.size(), 2u);
  EXPECT_TRUE(b.fragment[0].proven && b.fragment[0].has_move);
  EXPECT_FALSE(b.fragment[1].proven);

  std::int32_t origin = 0;
  const auto entries = decode_entries(encode_entries(2, {{1, -1, 1, 3, 9}}), origin);
  EXPECT_EQ(origin, 2);
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].weight, 9);
  const auto piece = decode_seed(encode_seed({{1, -1, 1, 3, 9}, {2, 0, 4, 5, 6}}));
  ASSERT_EQ(piece.size(), 2u);
  EXPECT_EQ(piece[1].upper, 4);
  const SeedPlan plan = decode_seed_plan(encode_seed_plan({7, {3, 4}}));
  EXPECT_EQ(plan.pieces, 7u);
  EXPECT_EQ(plan.children, (std::vector<std::int32_t>{3, 4}));
  const std::string plan_bytes = encode_seed_plan({7, {3, 4}});
  for (std::size_t n = 0; n < plan_bytes.size(); ++n)
    EXPECT_THROW(decode_seed_plan(plan_bytes.substr(0, n)), InputError) << n;
  EXPECT_THROW(decode_seed(plan_bytes), InputError);
  EXPECT_EQ(decode_cancel(encode_cancel(42)), 42u);
  EXPECT_EQ(message_type(encode_stop()), MessageType::stop);

  // Cut short anywhere, one byte too many, or of the wrong type: refused, never read past.
  const std::string whole = encode_answer(a);
  for (std::size_t n = 0; n < whole.size(); ++n)
    EXPECT_THROW(decode_answer(whole.substr(0, n)), InputError) << n;
  EXPECT_THROW(decode_answer(whole + "x"), InputError);
  EXPECT_THROW(decode_job(whole), InputError);
  EXPECT_THROW(message_type(std::string(1, '\x09')), InputError);
  std::string huge = encode_job(j);
  huge[1 + 8 + 1 + 4 + 8] = '\xff';  // a path length far beyond the bytes
  EXPECT_THROW(decode_job(huge), InputError);
}

TEST(DistributedKnowledge, NarrowsCountsConflictsAndSurvivesACheckpoint) {
  Knowledge k;
  k.narrow(1, -3, 5);
  k.narrow(1, 0, 9);
  EXPECT_EQ(k.bounds(1).lower, 0);
  EXPECT_EQ(k.bounds(1).upper, 5);
  EXPECT_TRUE(k.bounds(1).decides(0));
  EXPECT_FALSE(k.bounds(1).decides(1));
  k.narrow(1, 7, 9);  // contradicts [0, 5]
  EXPECT_EQ(k.conflicts(), 1u);
  EXPECT_EQ(k.bounds(1).upper, 5);
  k.mark_hard(2, 100);
  k.mark_hard(2, 50);
  EXPECT_EQ(k.spent(2), 100u);
  EXPECT_EQ(k.bounds(3).lower, -Knowledge::kNone);

  const auto path =
      (std::filesystem::temp_directory_path() / ("grundy-dist-ckpt-" + std::to_string(::getpid())))
          .string();
  MasterCheckpoint c;
  c.tag = "toy 1";
  c.state = "abc";
  c.nodes = 99;
  save_checkpoint(path, c, k);
  EXPECT_TRUE(is_distributed_checkpoint(path));
  MasterCheckpoint d;
  d.tag = "toy 1";
  Knowledge k2;
  load_checkpoint(path, d, k2);
  EXPECT_EQ(d.state, "abc");
  EXPECT_EQ(d.nodes, 99u);
  EXPECT_EQ(k2.bounds(1).lower, 0);
  EXPECT_EQ(k2.spent(2), 100u);
  d.tag = "toy 2";
  EXPECT_THROW(load_checkpoint(path, d, k2), InputError);
  // One byte changed or the file cut short: refused.
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  for (const std::size_t at : {bytes.size() / 2, bytes.size() - 1}) {
    std::string bad = bytes;
    bad[at] = static_cast<char>(bad[at] ^ 1);
    std::ofstream(path, std::ios::binary) << bad;
    d.tag = "toy 1";
    EXPECT_THROW(load_checkpoint(path, d, k2), InputError);
  }
  std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() - 3);
  EXPECT_THROW(load_checkpoint(path, d, k2), InputError);
  std::filesystem::remove(path);
}

TEST(DistributedEntryPool, MergesKeepsTheHeaviestAndRefusesDamage) {
  EntryPool pool(4);
  pool.add({1, -5, 5, 7, 6});
  pool.add({1, 0, 9, 8, 9});  // the same position: bounds intersected, the heavier weight
  ASSERT_EQ(pool.size(), 1u);
  auto e = pool.entries();
  EXPECT_EQ(e[0].lower, 0);
  EXPECT_EQ(e[0].upper, 5);
  EXPECT_EQ(e[0].move, 8);  // the move that reaches the higher lower bound
  EXPECT_EQ(e[0].weight, 9);
  pool.add({1, 7, 9, 3, 2});  // contradicts [0, 5]: another position on the key, kept instead
  e = pool.entries();
  EXPECT_EQ(e[0].lower, 7);
  EXPECT_EQ(e[0].weight, 2);
  // Over capacity: the lightest weight classes go, and lighter entries stay out from then on.
  pool.add({2, 0, 0, 0, 5});
  pool.add({3, 0, 0, 0, 5});
  pool.add({4, 0, 0, 0, 8});
  EXPECT_EQ(pool.size(), 4u);
  pool.add({5, 0, 0, 0, 9});  // five entries: weight 2 (key 1) goes
  EXPECT_EQ(pool.size(), 4u);
  EXPECT_EQ(pool.floor(), 3);
  pool.add({6, 0, 0, 0, 2});  // below the floor: refused
  EXPECT_EQ(pool.size(), 4u);
  pool.add({6, 0, 0, 0, 4});  // above it, but the lightest of five: goes again
  EXPECT_EQ(pool.size(), 4u);
  EXPECT_EQ(pool.floor(), 5);
  pool.add({7, 0, 0, 0, 12});  // five: both of weight 5 go
  EXPECT_EQ(pool.size(), 3u);
  EXPECT_EQ(pool.floor(), 6);
  e = pool.entries();
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].key, 7u);  // heaviest first
  EXPECT_EQ(e[1].key, 5u);
  EXPECT_EQ(e[2].key, 4u);
  EntryPool off(0);
  off.add({1, 0, 0, 0, 30});
  EXPECT_EQ(off.size(), 0u);

  // Saved and loaded: the same entries; into a smaller pool, the heaviest that fit.
  ByteWriter w;
  pool.save(w);
  EntryPool again(10), small(1);
  {
    ByteReader r(w.bytes(), "pool");
    again.load(r);
    EXPECT_EQ(r.left(), 0u);
  }
  {
    ByteReader r(w.bytes(), "pool");
    small.load(r);
  }
  EXPECT_EQ(again.size(), 3u);
  ASSERT_EQ(small.size(), 1u);
  EXPECT_EQ(small.entries()[0].key, 7u);
  // Impossible bounds, an impossible weight, or too few bytes: refused, named.
  for (const TableEntry bad : {TableEntry{1, 3, 2, 0, 5}, TableEntry{1, -32001, 0, 0, 5},
                               TableEntry{1, 0, 32001, 0, 5}, TableEntry{1, 0, 0, 0, 64}}) {
    ByteWriter b;
    b.put<std::uint64_t>(1);
    b.put<std::uint64_t>(bad.key);
    b.put<std::int16_t>(bad.lower);
    b.put<std::int16_t>(bad.upper);
    b.put<std::uint16_t>(bad.move);
    b.put<std::uint8_t>(bad.weight);
    ByteReader r(b.bytes(), "pool");
    EntryPool p(10);
    try {
      p.load(r);
      ADD_FAILURE() << "loaded an entry with bounds [" << bad.lower << ", " << bad.upper
                    << "], weight " << int{bad.weight};
    } catch (const InputError& err) {
      EXPECT_NE(std::string(err.what()).find("damaged"), std::string::npos) << err.what();
    }
  }
  std::string cut = w.bytes().substr(0, w.bytes().size() - 1);
  ByteReader r(cut, "pool");
  EntryPool p(10);
  EXPECT_THROW(p.load(r), InputError);
}

TEST(DistributedCheckpoint, KeepsTableEntriesAndReadsTheFirstFormat) {
  const auto path =
      (std::filesystem::temp_directory_path() / ("grundy-dist-ckpt2-" + std::to_string(::getpid())))
          .string();
  MasterCheckpoint c;
  c.tag = "toy 1";
  c.state = "s";
  Knowledge k;
  k.narrow(5, 1, 2);
  EntryPool pool(100);
  pool.add({11, -2, 4, 1, 7});
  pool.add({12, 0, 0, 2, 9});
  save_checkpoint(path, c, k, &pool);
  MasterCheckpoint d;
  d.tag = "toy 1";
  Knowledge k2;
  EntryPool p2(100);
  load_checkpoint(path, d, k2, &p2);
  EXPECT_EQ(k2.bounds(5).lower, 1);
  ASSERT_EQ(p2.size(), 2u);
  EXPECT_EQ(p2.entries()[0].key, 12u);
  Knowledge k3;
  load_checkpoint(path, d, k3);  // no pool: the entries are checked and skipped
  EXPECT_EQ(k3.size(), 1u);

  // A file of the first format (no table entries) is still read.
  ByteWriter w;
  w.bytes() = "grundy-distributed-checkpoint 1\n";
  w.put_string(c.tag);
  w.put_string(c.state);
  w.put<std::uint64_t>(7);
  w.put<std::uint64_t>(1);
  w.put<double>(0.5);
  k.save(w);
  w.seal();
  std::ofstream(path, std::ios::binary) << w.bytes();
  EXPECT_TRUE(is_distributed_checkpoint(path));
  Knowledge k4;
  EntryPool p4(100);
  load_checkpoint(path, d, k4, &p4);
  EXPECT_EQ(d.nodes, 7u);
  EXPECT_EQ(k4.bounds(5).upper, 2);
  EXPECT_EQ(p4.size(), 0u);
  std::filesystem::remove(path);
}

// busy() (which sets how long an MPI rank's message thread sleeps) holds from a job's
// submission until its answer is out, whether the job runs or waits.
TEST(DistributedEngine, AQueuedJobWithdrawnAnswersAtOnce) {
  AnswerQueue q;
  std::atomic<int> started{0};
  WorkerEngine slow;
  slow.run = [&](const Job&, const std::atomic<bool>& cancel) {
    ++started;
    while (!cancel.load()) std::this_thread::yield();
    return Answer{};
  };
  EngineThread e(0, slow, q);
  EXPECT_FALSE(e.busy());
  Job first, second;
  first.id = 1;
  second.id = 2;
  e.submit(first);
  EXPECT_TRUE(e.busy());
  e.submit(second);
  while (started.load() == 0) std::this_thread::yield();  // the first runs, the second waits
  e.cancel(2);
  Answer a;
  ASSERT_TRUE(q.pop(a, 5));
  EXPECT_EQ(a.job, 2u);
  EXPECT_EQ(a.status, AnswerStatus::cancelled);
  EXPECT_TRUE(e.busy());  // the first still runs
  e.cancel(1);
  ASSERT_TRUE(q.pop(a, 5));
  EXPECT_EQ(a.job, 1u);
  EXPECT_EQ(a.status, AnswerStatus::cancelled);
  EXPECT_FALSE(e.busy());
  EXPECT_EQ(started.load(), 1);
}

// Every question on random coin rows (scores, extra moves) decided by alpha-beta workers with
// budgets of a few nodes equals minimax; so do fail-soft bounds in the knowledge.
TEST(DistributedMaster, AlphaBetaJobsEqualMinimaxOnCoinRows) {
  Rng rng(27);
  const int rows = sanitized() ? 12 : 40;
  for (int i = 0; i < rows; ++i) {
    const CoinRow row(random_coins(rng));
    const int v = exact_value_of(row);
    const int workers = 1 + static_cast<int>(rng.below(3));
    const int share = rng.below(2) ? 1 : 0;
    auto channel = workers_of(workers, [&] { return alpha_beta_runner(row, 1 << 16, share); });
    Knowledge k;
    MasterOptions o;
    o.budget = 1 + rng.below(40);
    o.max_budget_factor = 1 + rng.below(8);
    o.order_bias = rng.below(2) ? 50 : 0;
    o.split_margin = o.order_bias / 2;
    o.divide_root = rng.below(2) != 0;
    o.keep_lines = rng.below(2) != 0;
    Master<CoinRow> m(row, *channel, k, o);
    for (int t = v - 2; t <= v + 2; ++t) {
      const auto a = m.decide({{{}, t}});
      ASSERT_EQ(a[0], v >= t ? 1 : 0) << "row " << i << " t " << t;
      const auto b = m.bounds_of(row);
      EXPECT_LE(b.lower, v);
      EXPECT_GE(b.upper, v);
    }
    // The moves' questions at once: each is decided as minimax says.
    MovesOf<CoinRow> moves;
    row.legal_moves(moves);
    std::vector<Master<CoinRow>::Question> qs;
    std::vector<int> want;
    for (const auto mv : moves) {
      CoinRow c = row;
      const int me = c.to_move();
      c.play(mv);
      const auto q = child_question(c, me, 0, v);
      qs.push_back({{mv}, q.t});
      want.push_back(exact_value_of(c) >= q.t ? 1 : 0);
    }
    EXPECT_EQ(m.decide(qs), want) << "row " << i;
    EXPECT_EQ(k.conflicts(), 0u);
    channel->stop(1);
  }
}

// df-pn workers on tic-tac-toe positions: answers equal minimax, a proving move proves, and
// the proof walked from the master's knowledge and the workers' fragments is a winning strategy.
TEST(DistributedMaster, ProofNumberJobsEqualMinimaxAndRebuildTheProof) {
  Rng rng(5);
  const int games = sanitized() ? 6 : 20;
  for (int game = 0; game < games; ++game) {
    const TicTacToe s = random_tictactoe(rng, 3);
    if (s.is_over()) continue;
    const int v = exact_value_of(s);
    auto channel = workers_of(2, [&] { return proof_number_runner(s, 1 << 16, true); });
    Knowledge k;
    MasterOptions o;
    o.budget = 1 + rng.below(30);
    o.weak = true;
    o.keep_lines = rng.below(2) != 0;
    Master<TicTacToe> m(s, *channel, k, o);
    for (int t = 0; t <= 1; ++t) {
      ASSERT_EQ(m.decide({{{}, t}})[0], v >= t ? 1 : 0);
      if (v < t) continue;
      TicTacToe::Move mv;
      ASSERT_TRUE(m.proving_move({}, t, mv));
      TicTacToe c = s;
      const int me = c.to_move();
      c.play(mv);
      EXPECT_GE(margin(c, me) - exact_value_of(c), t);
    }
    if (v < 1) {
      channel->stop(1);
      continue;
    }
    // The master's proof walk of "the mover wins", fragments fetched where it has gaps.
    std::map<std::uint64_t, FragmentEntry> known;
    ProofWalk<TicTacToe>::Oracle oracle = [&](TicTacToe& x, int t, std::uint8_t& mv) {
      const auto f = known.find(fragment_id(x.hash(), t));
      if (f != known.end()) {
        if (!f->second.proven) return 0;
        if (!f->second.has_move) return -1;
        mv = static_cast<std::uint8_t>(f->second.move);
        return 1;
      }
      return -1;
    };
    std::map<std::uint64_t, std::uint8_t> strategy;
    const int prover = s.to_move();
    ProofWalk<TicTacToe>::Visit visit = [&](const TicTacToe& x, int, bool, bool has_move,
                                            std::uint8_t mv) {
      if (has_move && x.to_move() == prover) strategy[x.hash()] = mv;
    };
    bool done = false;
    for (int round = 0; round < 5 && !done; ++round) {
      ProofWalk<TicTacToe> walk(oracle, visit, true);
      done = walk.run(s, 1);
      if (done) break;
      std::vector<Master<TicTacToe>::Question> requests;
      for (const auto& miss : walk.missing()) requests.push_back({miss.path, miss.t});
      for (const auto& a : m.run_jobs(requests, JobKind::fragment)) {
        ASSERT_EQ(a.status, AnswerStatus::decided);
        for (const auto& f : a.fragment) known.emplace(fragment_id(f.hash, f.t), f);
      }
    }
    ASSERT_TRUE(done);
    // The prover follows the strategy, the opponent tries everything: the prover always wins.
    std::function<bool(TicTacToe&)> wins = [&](TicTacToe& p) -> bool {
      if (p.is_over()) return p.points(prover) == 1;
      MovesOf<TicTacToe> moves;
      p.legal_moves(moves);
      if (p.to_move() == prover) {
        const auto it = strategy.find(p.hash());
        if (it == strategy.end()) return false;
        TicTacToe c = p;
        c.play(it->second);
        return wins(c);
      }
      for (const auto mv : moves) {
        TicTacToe c = p;
        c.play(mv);
        if (!wins(c)) return false;
      }
      return true;
    };
    TicTacToe start = s;
    EXPECT_TRUE(wins(start)) << "game " << game;
    channel->stop(1);
  }
}

// A worker that stops answering: its job goes to another after the stall limit, the answer is
// the same, and the worker is counted as stalled.
TEST(DistributedMaster, AStalledWorkersJobGoesToAnother) {
  const CoinRow row({3, 9, 2, 7, 4, 8, 1, 6, 5, 2, 9, 3});
  const int v = exact_value_of(row);
  auto channel = workers_of(2, [&] { return alpha_beta_runner(row, 1 << 16); });
  channel->pause(1);  // worker 1 keeps whatever it is given
  Knowledge k;
  MasterOptions o;
  o.budget = 50;
  o.stall_seconds = 0.2;
  o.divide_root = true;
  Master<CoinRow> m(row, *channel, k, o);
  // "At least v + 1?" first: its answer (no) needs both children of the root, which the root's
  // expansion gives one to each worker, so the paused worker's job must be sent again.
  EXPECT_EQ(m.decide({{{}, v + 1}})[0], 0);
  EXPECT_EQ(m.decide({{{}, v}})[0], 1);
  EXPECT_GE(m.stats().stalls, 1u);
  EXPECT_GE(m.stats().resent, 1u);
  channel->resume(1);
  const auto reports = channel->stop(1);
  EXPECT_EQ(reports.size(), 2u);
}

// A search stopped half way keeps what it learnt: a new master with the same knowledge (as a
// checkpoint gives it) finishes with the same answer and sends fewer jobs.
// Lines kept with their worker (keep_lines) must not wait for a stalled one: its leaves go to
// the others, and the answers are still minimax's. Made deterministic: worker 0 is stopped
// through the first question, so worker 1 runs (and owns) every line of it (worker 0's first job
// stalls and goes to worker 1 too); then worker 0 comes back and worker 1 stops for the second
// question, a disproof: every reply must be refuted, so the lines worker 1 holds are all
// needed. A master that kept them for it would wait for ever: the time limit ends it, and the
// test fails.
TEST(DistributedMaster, KeptLinesLeaveAStalledWorker) {
  Rng rng(11);
  int stalled = 0;
  for (int game = 0; game < 8; ++game) {
    const TicTacToe s = random_tictactoe(rng, 2);
    const int v = exact_value_of(s);
    auto channel = workers_of(2, [&] { return proof_number_runner(s, 1 << 16, true); });
    Knowledge k;
    MasterOptions o;
    o.budget = 2 + rng.below(10);
    o.weak = true;
    o.keep_lines = true;
    o.stall_seconds = 0.05;
    o.seconds = 20;
    Master<TicTacToe> m(s, *channel, k, o);
    channel->pause(0);
    EXPECT_EQ(m.decide({{{}, v}})[0], 1) << "game " << game;
    channel->resume(0);
    channel->pause(1);
    EXPECT_EQ(m.decide({{{}, v + 1}})[0], 0) << "game " << game;
    stalled += m.stats().stalls_of[1] > 0;
    channel->resume(1);
    channel->stop(1);
  }
  EXPECT_GE(stalled, 3) << "too few games stopped worker 1 while it held a line";
}

TEST(DistributedMaster, KnowledgeCarriesOverToANewMaster) {
  const CoinRow row({5, 1, 8, 3, 9, 2, 7, 4, 6, 2, 8, 1, 9, 3});
  const int v = exact_value_of(row);
  Knowledge k;
  std::uint64_t first_jobs = 0;
  {
    auto channel = workers_of(2, [&] { return alpha_beta_runner(row, 1 << 16); });
    std::atomic<bool> stop{false};
    MasterOptions o;
    o.budget = 20;
    o.stop = &stop;
    Master<CoinRow> m(row, *channel, k, o);
    int answered = 0;
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      stop = true;
    });
    const auto a = m.decide({{{}, v}});
    stopper.join();
    answered = a[0];
    first_jobs = m.stats().jobs_sent;
    EXPECT_TRUE(answered == -1 || answered == 1);
    channel->stop(1);
  }
  auto channel = workers_of(2, [&] { return alpha_beta_runner(row, 1 << 16); });
  MasterOptions o;
  o.budget = 20;
  Master<CoinRow> m(row, *channel, k, o);
  EXPECT_EQ(m.decide({{{}, v}})[0], 1);
  EXPECT_EQ(m.decide({{{}, v + 1}})[0], 0);
  EXPECT_EQ(k.conflicts(), 0u);
  (void)first_jobs;
  channel->stop(1);
}

}  // namespace
}  // namespace grundy::search::distributed
