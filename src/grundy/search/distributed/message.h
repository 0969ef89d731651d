#pragma once
// The messages of distributed (job-level) search between the master and its workers, and their
// byte encoding (the same on every rank: little-endian fixed-size fields, core/bytes.h).
//
// Every rank knows the root position (it parsed the same command line), so a job names its
// position by the moves from that root: a short list of move codes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/core/bytes.h"

namespace grundy::search::distributed {

inline constexpr int kNoBound = 32000;  // |bound| >= this: no bound (search::kInfinity)

enum class JobKind : std::uint8_t {
  solve = 1,     // answer the question within the budget, or report what was learnt
  fragment = 2,  // walk the proof of the (answered) question and send its decided positions
};

// An entry of a worker's alpha-beta table that stands for a big subtree, shared with the others
// (bounds in the table's scaled units, and the subtree's log2 size).
struct TableEntry {
  std::uint64_t key = 0;
  std::int16_t lower = 0, upper = 0;
  std::uint16_t move = 0;
  std::uint8_t weight = 0;
};

struct Job {
  std::uint64_t id = 0;
  JobKind kind = JobKind::solve;
  std::int32_t t = 0;               // the question: can the player to move make at least t?
  std::uint64_t budget = 0;         // nodes (0: no bound)
  std::vector<std::uint16_t> path;  // move codes from the root
};

// Bounds a worker learnt on the value of a position (by its transposition key).
struct BoundHint {
  std::uint64_t key = 0;
  std::int16_t lower = -kNoBound, upper = kNoBound;
};
// Proof and disproof numbers a worker holds for a question (by its question key).
struct NumberHint {
  std::uint64_t question = 0;
  std::uint32_t pn = 1, dn = 1;
};
// A decided position of a proof: (position hash, t) is proven (with `move`) or disproven.
struct FragmentEntry {
  std::uint64_t hash = 0;
  std::int32_t t = 0;
  bool proven = false;
  std::uint16_t move = 0;  // a move code, when proven by a move
  bool has_move = false;
};

// What a worker has done since it started (each answer carries the latest figures).
struct WorkerTotals {
  std::uint64_t nodes = 0;
  std::uint64_t jobs = 0;
  double busy_seconds = 0;
  double idle_seconds = 0;  // waiting for a job
  std::uint64_t table_probes = 0, table_hits = 0;
  std::uint64_t seed_bytes_forwarded = 0;  // a resume's entries passed on to other workers
};

enum class AnswerStatus : std::uint8_t {
  decided = 1,    // lower/upper decide the question
  unknown = 2,    // the budget ended: hints say what was learnt
  cancelled = 3,  // the master withdrew the job
  failed = 4,     // a fragment could not be rebuilt within the budget
};

struct Answer {
  std::uint64_t job = 0;
  std::int32_t worker = 0;
  JobKind kind = JobKind::solve;
  AnswerStatus status = AnswerStatus::unknown;
  std::int32_t lower = -kNoBound, upper = kNoBound;  // on the value of the job's position
  bool has_move = false;    // decided yes: a move that proves it (when the engine knows one)
  std::uint16_t move = 0;   // its code
  std::uint64_t nodes = 0;  // spent on this job
  double seconds = 0;
  WorkerTotals totals;
  std::vector<BoundHint> bounds;
  std::vector<NumberHint> numbers;
  std::vector<FragmentEntry> fragment;
};

// Messages on the wire: one of these, tagged by its first byte.
enum class MessageType : std::uint8_t {
  job = 1,
  cancel = 2,
  stop = 3,
  answer = 4,
  bye = 5,
  entries = 6,    // table entries a worker shares (both ways: the master relays them)
  seed_plan = 7,  // master to worker: a resume's entries follow in pieces (SeedPlan)
  seed = 8,       // one piece of them, from the master or from the worker's parent in the plan
};

// What a worker is told before a resume's checkpointed entries reach it (JobChannel::seed over
// MPI): how many `seed` pieces will come, and the ranks it passes each one on to.
struct SeedPlan {
  std::uint32_t pieces = 0;
  std::vector<std::int32_t> children;
};

// One table entry in its 15 bytes (messages and checkpoints: entry_pool.h).
inline constexpr std::size_t kTableEntryBytes = 15;
void put_table_entry(ByteWriter& w, const TableEntry& e);
TableEntry get_table_entry(ByteReader& r);

std::string encode_job(const Job& j);
std::string encode_cancel(std::uint64_t job);
std::string encode_stop();
std::string encode_answer(const Answer& a);
std::string encode_bye(std::int32_t worker, const WorkerTotals& t);
std::string encode_entries(std::int32_t origin, const std::vector<TableEntry>& entries);
std::string encode_seed_plan(const SeedPlan& plan);
std::string encode_seed(const std::vector<TableEntry>& entries);

// The type of an encoded message (InputError when empty or unknown).
MessageType message_type(const std::string& bytes);
Job decode_job(const std::string& bytes);
std::uint64_t decode_cancel(const std::string& bytes);
Answer decode_answer(const std::string& bytes);
void decode_bye(const std::string& bytes, std::int32_t& worker, WorkerTotals& t);
std::vector<TableEntry> decode_entries(const std::string& bytes, std::int32_t& origin);
SeedPlan decode_seed_plan(const std::string& bytes);
std::vector<TableEntry> decode_seed(const std::string& bytes);

}  // namespace grundy::search::distributed
