#include "grundy/search/distributed/checkpoint.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "grundy/core/error.h"
#include "grundy/core/output_file.h"

namespace grundy::search::distributed {
namespace {

constexpr char kMagic[] = "grundy-distributed-checkpoint 1\n";
constexpr std::size_t kMagicSize = sizeof kMagic - 1;

}  // namespace

void save_checkpoint(const std::string& path, const MasterCheckpoint& c, const Knowledge& k) {
  ByteWriter w;
  w.bytes() = kMagic;
  w.put_string(c.tag);
  w.put_string(c.state);
  w.put<std::uint64_t>(c.nodes);
  w.put<std::uint64_t>(c.jobs);
  w.put<double>(c.seconds);
  k.save(w);
  w.seal();
  write_output_file(path, w.bytes());
}

bool is_distributed_checkpoint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char head[kMagicSize];
  return in.read(head, kMagicSize) && std::string(head, kMagicSize) == kMagic;
}

void load_checkpoint(const std::string& path, MasterCheckpoint& c, Knowledge& k) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read checkpoint '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  parse_checkpoint(ss.str(), path, c, k);
}

void parse_checkpoint(std::string_view data, const std::string& name, MasterCheckpoint& c,
                      Knowledge& k) {
  if (data.substr(0, kMagicSize) != std::string_view(kMagic, kMagicSize))
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
  if (r.left() != 0) throw InputError("checkpoint '" + name + "' has bytes after its end");
}

bool resume_checkpoint(const std::string& path, MasterCheckpoint& c, Knowledge& k) {
  std::error_code missing_ok;
  if (path.empty() || !std::filesystem::exists(path, missing_ok)) return false;
  if (!is_distributed_checkpoint(path))
    throw InputError("'" + path +
                     "' is not a checkpoint of a --distributed solve (resume a single-process "
                     "checkpoint without --distributed)");
  load_checkpoint(path, c, k);
  return true;
}

}  // namespace grundy::search::distributed
