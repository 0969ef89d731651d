#include "grundy/search/distributed/checkpoint.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "grundy/core/error.h"
#include "grundy/core/output_file.h"

namespace grundy::search::distributed {
namespace {

constexpr char kMagic[] = "grundy-distributed-checkpoint 2\n";
constexpr char kMagicV1[] = "grundy-distributed-checkpoint 1\n";  // no table entries
constexpr std::size_t kMagicSize = sizeof kMagic - 1;
static_assert(sizeof kMagicV1 == sizeof kMagic);

std::string_view head_of(std::string_view data) {
  return data.substr(0, kMagicSize);
}
bool is_v2(std::string_view data) {
  return head_of(data) == std::string_view(kMagic, kMagicSize);
}
bool is_v1(std::string_view data) {
  return head_of(data) == std::string_view(kMagicV1, kMagicSize);
}

}  // namespace

void save_checkpoint(const std::string& path, const MasterCheckpoint& c, const Knowledge& k,
                     const EntryPool* pool) {
  ByteWriter w;
  w.bytes() = kMagic;
  w.put_string(c.tag);
  w.put_string(c.state);
  w.put<std::uint64_t>(c.nodes);
  w.put<std::uint64_t>(c.jobs);
  w.put<double>(c.seconds);
  k.save(w);
  if (pool)
    pool->save(w);
  else
    w.put<std::uint64_t>(0);
  w.seal();
  write_output_file(path, w.bytes());
}

bool is_distributed_checkpoint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char head[kMagicSize];
  if (!in.read(head, kMagicSize)) return false;
  const std::string_view h(head, kMagicSize);
  return is_v2(h) || is_v1(h);
}

void load_checkpoint(const std::string& path, MasterCheckpoint& c, Knowledge& k, EntryPool* pool) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  parse_checkpoint(ss.str(), path, c, k, pool);
}

void parse_checkpoint(std::string_view data, const std::string& name, MasterCheckpoint& c,
                      Knowledge& k, EntryPool* pool) {
  const bool v2 = is_v2(data);
  if (!v2 && !is_v1(data))
    throw InputError("'" + name + "' is not a checkpoint of distributed search");
  if (!seal_matches(data))
    throw InputError("checkpoint '" + name +
                     "' is damaged or cut short (its checksum does not match)");
  ByteReader r(data.substr(0, data.size() - 8), "checkpoint '" + name + "'");
  r.skip(kMagicSize);
  const std::string tag = r.get_string(1 << 16);
  if (tag != c.tag)
    throw InputError("checkpoint '" + name + "' belongs to another search (" + tag + ")");
  c.state = r.get_string(1 << 20);
  c.nodes = r.get<std::uint64_t>();
  c.jobs = r.get<std::uint64_t>();
  c.seconds = r.get<double>();
  k.load(r);
  if (v2) {
    EntryPool skipped;  // capacity 0: checks the entries, keeps none
    (pool ? *pool : skipped).load(r);
  }
  if (r.left() != 0) throw InputError("checkpoint '" + name + "' has bytes after its end");
}

bool resume_checkpoint(const std::string& path, MasterCheckpoint& c, Knowledge& k,
                       EntryPool* pool) {
  std::error_code missing_ok;
  if (path.empty() || !std::filesystem::exists(path, missing_ok)) return false;
  if (!is_distributed_checkpoint(path))
    throw InputError("'" + path +
                     "' is not a checkpoint of a --distributed solve (resume a single-process "
                     "checkpoint without --distributed)");
  load_checkpoint(path, c, k, pool);
  return true;
}

}  // namespace grundy::search::distributed
