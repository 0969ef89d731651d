#include "grundy/search/distributed/message.h"

#include "grundy/core/bytes.h"
#include "grundy/core/error.h"

namespace grundy::search::distributed {
namespace {

constexpr std::size_t kMaxPath = 4096;

// A count of records of `size` bytes each, checked against what is left.
std::uint32_t get_count(ByteReader& r, std::size_t size) {
  const auto n = r.get<std::uint32_t>();
  if (!r.has(n, size)) throw InputError("a message of distributed search is cut short");
  return n;
}

void put_entries(ByteWriter& w, const std::vector<TableEntry>& entries) {
  w.put<std::uint32_t>(static_cast<std::uint32_t>(entries.size()));
  for (const auto& e : entries) put_table_entry(w, e);
}

std::vector<TableEntry> get_entries(ByteReader& r) {
  std::vector<TableEntry> out(get_count(r, kTableEntryBytes));
  for (auto& e : out) e = get_table_entry(r);
  return out;
}

void put_totals(ByteWriter& w, const WorkerTotals& t) {
  w.put<std::uint64_t>(t.nodes);
  w.put<std::uint64_t>(t.jobs);
  w.put<double>(t.busy_seconds);
  w.put<double>(t.idle_seconds);
  w.put<std::uint64_t>(t.table_probes);
  w.put<std::uint64_t>(t.table_hits);
  w.put<std::uint64_t>(t.seed_bytes_forwarded);
}

WorkerTotals get_totals(ByteReader& r) {
  WorkerTotals t;
  t.nodes = r.get<std::uint64_t>();
  t.jobs = r.get<std::uint64_t>();
  t.busy_seconds = r.get<double>();
  t.idle_seconds = r.get<double>();
  t.table_probes = r.get<std::uint64_t>();
  t.table_hits = r.get<std::uint64_t>();
  t.seed_bytes_forwarded = r.get<std::uint64_t>();
  return t;
}

ByteReader reader_of(const std::string& bytes, MessageType expected) {
  ByteReader r(bytes, "a message of distributed search");
  if (r.get<std::uint8_t>() != static_cast<std::uint8_t>(expected))
    throw InputError("a message of distributed search has the wrong type");
  return r;
}

void expect_end(const ByteReader& r) {
  if (r.left() != 0) throw InputError("a message of distributed search is too long");
}

}  // namespace

void put_table_entry(ByteWriter& w, const TableEntry& e) {
  w.put<std::uint64_t>(e.key);
  w.put<std::int16_t>(e.lower);
  w.put<std::int16_t>(e.upper);
  w.put<std::uint16_t>(e.move);
  w.put<std::uint8_t>(e.weight);
}

TableEntry get_table_entry(ByteReader& r) {
  TableEntry e;
  e.key = r.get<std::uint64_t>();
  e.lower = r.get<std::int16_t>();
  e.upper = r.get<std::int16_t>();
  e.move = r.get<std::uint16_t>();
  e.weight = r.get<std::uint8_t>();
  return e;
}

std::string encode_job(const Job& j) {
  ByteWriter w;
  w.put<std::uint8_t>(static_cast<std::uint8_t>(MessageType::job));
  w.put<std::uint64_t>(j.id);
  w.put<std::uint8_t>(static_cast<std::uint8_t>(j.kind));
  w.put<std::int32_t>(j.t);
  w.put<std::uint64_t>(j.budget);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(j.path.size()));
  for (auto m : j.path) w.put<std::uint16_t>(m);
  return std::move(w.bytes());
}

std::string encode_cancel(std::uint64_t job) {
  ByteWriter w;
  w.put<std::uint8_t>(static_cast<std::uint8_t>(MessageType::cancel));
  w.put<std::uint64_t>(job);
  return std::move(w.bytes());
}

std::string encode_stop() {
  return std::string(1, static_cast<char>(MessageType::stop));
}

std::string encode_answer(const Answer& a) {
  ByteWriter w;
  w.put<std::uint8_t>(static_cast<std::uint8_t>(MessageType::answer));
  w.put<std::uint64_t>(a.job);
  w.put<std::int32_t>(a.worker);
  w.put<std::uint8_t>(static_cast<std::uint8_t>(a.kind));
  w.put<std::uint8_t>(static_cast<std::uint8_t>(a.status));
  w.put<std::int32_t>(a.lower);
  w.put<std::int32_t>(a.upper);
  w.put<std::uint8_t>(a.has_move ? 1 : 0);
  w.put<std::uint16_t>(a.move);
  w.put<std::uint64_t>(a.nodes);
  w.put<double>(a.seconds);
  put_totals(w, a.totals);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(a.bounds.size()));
  for (const auto& b : a.bounds) {
    w.put<std::uint64_t>(b.key);
    w.put<std::int16_t>(b.lower);
    w.put<std::int16_t>(b.upper);
  }
  w.put<std::uint32_t>(static_cast<std::uint32_t>(a.numbers.size()));
  for (const auto& n : a.numbers) {
    w.put<std::uint64_t>(n.question);
    w.put<std::uint32_t>(n.pn);
    w.put<std::uint32_t>(n.dn);
  }
  w.put<std::uint32_t>(static_cast<std::uint32_t>(a.fragment.size()));
  for (const auto& f : a.fragment) {
    w.put<std::uint64_t>(f.hash);
    w.put<std::int32_t>(f.t);
    w.put<std::uint8_t>(static_cast<std::uint8_t>((f.proven ? 1 : 0) | (f.has_move ? 2 : 0)));
    w.put<std::uint16_t>(f.move);
  }
  return std::move(w.bytes());
}

std::string encode_bye(std::int32_t worker, const WorkerTotals& t) {
  ByteWriter w;
  w.put<std::uint8_t>(static_cast<std::uint8_t>(MessageType::bye));
  w.put<std::int32_t>(worker);
  put_totals(w, t);
  return std::move(w.bytes());
}

std::string encode_entries(std::int32_t origin, const std::vector<TableEntry>& entries) {
  ByteWriter w;
  w.put<std::uint8_t>(static_cast<std::uint8_t>(MessageType::entries));
  w.put<std::int32_t>(origin);
  put_entries(w, entries);
  return std::move(w.bytes());
}

std::vector<TableEntry> decode_entries(const std::string& bytes, std::int32_t& origin) {
  ByteReader r = reader_of(bytes, MessageType::entries);
  origin = r.get<std::int32_t>();
  auto out = get_entries(r);
  expect_end(r);
  return out;
}

std::string encode_seed_plan(const SeedPlan& plan) {
  ByteWriter w;
  w.put<std::uint8_t>(static_cast<std::uint8_t>(MessageType::seed_plan));
  w.put<std::uint32_t>(plan.pieces);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(plan.children.size()));
  for (const auto c : plan.children) w.put<std::int32_t>(c);
  return std::move(w.bytes());
}

SeedPlan decode_seed_plan(const std::string& bytes) {
  ByteReader r = reader_of(bytes, MessageType::seed_plan);
  SeedPlan plan;
  plan.pieces = r.get<std::uint32_t>();
  plan.children.resize(get_count(r, sizeof(std::int32_t)));
  for (auto& c : plan.children) c = r.get<std::int32_t>();
  expect_end(r);
  return plan;
}

std::string encode_seed(const std::vector<TableEntry>& entries) {
  ByteWriter w;
  w.put<std::uint8_t>(static_cast<std::uint8_t>(MessageType::seed));
  put_entries(w, entries);
  return std::move(w.bytes());
}

std::vector<TableEntry> decode_seed(const std::string& bytes) {
  ByteReader r = reader_of(bytes, MessageType::seed);
  auto out = get_entries(r);
  expect_end(r);
  return out;
}

MessageType message_type(const std::string& bytes) {
  if (bytes.empty()) throw InputError("an empty message of distributed search");
  const auto t = static_cast<std::uint8_t>(bytes[0]);
  if (t < 1 || t > 8) throw InputError("a message of distributed search of unknown type");
  return static_cast<MessageType>(t);
}

Job decode_job(const std::string& bytes) {
  ByteReader r = reader_of(bytes, MessageType::job);
  Job j;
  j.id = r.get<std::uint64_t>();
  const auto kind = r.get<std::uint8_t>();
  if (kind != 1 && kind != 2) throw InputError("a job of unknown kind");
  j.kind = static_cast<JobKind>(kind);
  j.t = r.get<std::int32_t>();
  j.budget = r.get<std::uint64_t>();
  const auto n = get_count(r, 2);
  if (n > kMaxPath) throw InputError("a job's path is too long");
  j.path.resize(n);
  for (auto& m : j.path) m = r.get<std::uint16_t>();
  expect_end(r);
  return j;
}

std::uint64_t decode_cancel(const std::string& bytes) {
  ByteReader r = reader_of(bytes, MessageType::cancel);
  const auto id = r.get<std::uint64_t>();
  expect_end(r);
  return id;
}

Answer decode_answer(const std::string& bytes) {
  ByteReader r = reader_of(bytes, MessageType::answer);
  Answer a;
  a.job = r.get<std::uint64_t>();
  a.worker = r.get<std::int32_t>();
  const auto kind = r.get<std::uint8_t>();
  if (kind != 1 && kind != 2) throw InputError("an answer of unknown kind");
  a.kind = static_cast<JobKind>(kind);
  const auto status = r.get<std::uint8_t>();
  if (status < 1 || status > 4) throw InputError("an answer of unknown status");
  a.status = static_cast<AnswerStatus>(status);
  a.lower = r.get<std::int32_t>();
  a.upper = r.get<std::int32_t>();
  a.has_move = r.get<std::uint8_t>() != 0;
  a.move = r.get<std::uint16_t>();
  a.nodes = r.get<std::uint64_t>();
  a.seconds = r.get<double>();
  a.totals = get_totals(r);
  a.bounds.resize(get_count(r, 12));
  for (auto& b : a.bounds) {
    b.key = r.get<std::uint64_t>();
    b.lower = r.get<std::int16_t>();
    b.upper = r.get<std::int16_t>();
  }
  a.numbers.resize(get_count(r, 16));
  for (auto& n : a.numbers) {
    n.question = r.get<std::uint64_t>();
    n.pn = r.get<std::uint32_t>();
    n.dn = r.get<std::uint32_t>();
  }
  a.fragment.resize(get_count(r, 15));
  for (auto& f : a.fragment) {
    f.hash = r.get<std::uint64_t>();
    f.t = r.get<std::int32_t>();
    const auto flags = r.get<std::uint8_t>();
    f.proven = (flags & 1) != 0;
    f.has_move = (flags & 2) != 0;
    f.move = r.get<std::uint16_t>();
  }
  expect_end(r);
  return a;
}

void decode_bye(const std::string& bytes, std::int32_t& worker, WorkerTotals& t) {
  ByteReader r = reader_of(bytes, MessageType::bye);
  worker = r.get<std::int32_t>();
  t = get_totals(r);
  expect_end(r);
}

}  // namespace grundy::search::distributed
