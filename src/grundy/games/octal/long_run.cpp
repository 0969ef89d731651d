#include "grundy/games/octal/long_run.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>

#include "grundy/core/error.h"
#include "grundy/games/octal/state_io.h"

namespace grundy::octal {
namespace {

constexpr char kTableMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'T', '1'};
constexpr char kCheckpointMagic[8] = {'G', 'R', 'C', 'K', 'P', 'T', '0', '1'};
constexpr std::uint32_t kFormatVersion = 1;
constexpr std::uint32_t kValueWidth = 2;

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

[[noreturn]] void fail(const std::string& what, const std::string& path) {
  throw InputError("cannot " + what + " '" + path + "': " + std::strerror(errno));
}

void write_all(int fd, const char* data, std::size_t size, const std::string& path) {
  while (size > 0) {
    const ssize_t got = ::write(fd, data, size);
    if (got < 0) {
      if (errno == EINTR) continue;
      fail("write", path);
    }
    data += got;
    size -= static_cast<std::size_t>(got);
  }
}

void fsync_directory_of(const std::string& path) {
  const auto slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

// Writes `data` to `path` atomically: a temporary file, fsync, rename, fsync of the directory.
void write_atomically(const std::string& path, const std::string& data) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) fail("create", tmp);
  write_all(fd, data.data(), data.size(), tmp);
  if (::fsync(fd) != 0) fail("sync", tmp);
  ::close(fd);
  if (::rename(tmp.c_str(), path.c_str()) != 0) fail("rename", tmp);
  fsync_directory_of(path);
}

std::string table_header(const OctalCode& code, std::uint64_t count) {
  std::ostringstream out;
  out.write(kTableMagic, sizeof kTableMagic);
  write_pod(out, kFormatVersion);
  write_pod(out, kValueWidth);
  const std::string c = code.to_string();
  write_pod(out, static_cast<std::uint32_t>(c.size()));
  out.write(c.data(), static_cast<std::streamsize>(c.size()));
  write_pod(out, count);
  return out.str();
}

EngineOptions engine_options(const OctalCode& code) {
  EngineOptions o;
  // Grundy's game: its rare heaps end early (the last below 10^5 as far as anyone has
  // computed), so a ring of 2^24 values and a prefix of 2^20 carry the recurrence; memory stays
  // at about 40 MB however far the run goes. Octal codes keep their whole table.
  if (code.is_grundy()) o.window = std::uint64_t{1} << 24;
  return o;
}

struct Checkpoint {
  std::uint64_t count = 0;
  std::uint64_t done = 0;
  std::uint64_t bytes = 0;
};

}  // namespace

RunResult run_table(const OctalCode& code, const RunOptions& options) {
  const bool text = ends_with(options.out, ".txt");
  const std::string part = options.out + ".part";
  const std::string ckpt = options.out + ".ckpt";
  SparseEngine engine(code, engine_options(code));
  RunResult result;
  Checkpoint at{options.count, 0, 0};
  struct stat st {};
  const bool have_checkpoint = ::stat(ckpt.c_str(), &st) == 0;
  if (have_checkpoint && !options.resume)
    throw InputError("a checkpoint '" + ckpt +
                     "' exists; add --resume to continue it, or delete it");
  if (!have_checkpoint && options.resume)
    throw InputError("nothing to resume: no checkpoint '" + ckpt + "'");
  int fd = -1;
  if (have_checkpoint) {
    std::ifstream in(ckpt, std::ios::binary);
    if (!in) fail("read", ckpt);
    char magic[sizeof kCheckpointMagic];
    in.read(magic, sizeof magic);
    if (!in || std::memcmp(magic, kCheckpointMagic, sizeof magic) != 0)
      throw InputError("'" + ckpt + "' is not a grundy checkpoint");
    if (read_string(in) != code.to_string())
      throw InputError("checkpoint '" + ckpt + "' belongs to another game");
    read_pod(in, at.count);
    read_pod(in, at.done);
    read_pod(in, at.bytes);
    if (at.count != options.count)
      throw InputError("checkpoint '" + ckpt + "' is for " + std::to_string(at.count) +
                       " values, not " + std::to_string(options.count));
    engine.load(in);
    if (engine.position() != at.done) throw InputError("checkpoint '" + ckpt + "' is inconsistent");
    fd = ::open(part.c_str(), O_WRONLY);
    if (fd < 0) fail("open", part);
    if (::ftruncate(fd, static_cast<off_t>(at.bytes)) != 0) fail("truncate", part);
    if (::lseek(fd, 0, SEEK_END) < 0) fail("seek", part);
    result.resumed_from = at.done;
  } else {
    fd = ::open(part.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) fail("create", part);
    if (!text) {
      const std::string header = table_header(code, options.count);
      write_all(fd, header.data(), header.size(), part);
      at.bytes = header.size();
    }
  }

  std::string buffer;
  const auto flush = [&] {
    write_all(fd, buffer.data(), buffer.size(), part);
    at.bytes += buffer.size();
    buffer.clear();
  };
  const auto checkpoint = [&] {
    flush();
    if (::fsync(fd) != 0) fail("sync", part);
    at.done = engine.position();
    std::ostringstream out;
    out.write(kCheckpointMagic, sizeof kCheckpointMagic);
    write_string(out, code.to_string());
    write_pod(out, at.count);
    write_pod(out, at.done);
    write_pod(out, at.bytes);
    engine.save(out);
    write_atomically(ckpt, out.str());
  };

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto last_progress = start, last_checkpoint = start;
  std::uint64_t last_done = engine.position();
  char line[48];
  try {
    while (engine.position() < options.count) {
      const std::uint64_t n = engine.position();
      const std::uint32_t g = engine.next();
      if (text) {
        const int len =
            std::snprintf(line, sizeof line, "%llu %u\n", static_cast<unsigned long long>(n), g);
        buffer.append(line, static_cast<std::size_t>(len));
      } else {
        buffer.push_back(static_cast<char>(g & 0xff));
        buffer.push_back(static_cast<char>(g >> 8));
      }
      if ((n & 4095) != 4095) continue;
      if (buffer.size() >= (1u << 20)) flush();
      if (options.stop && options.stop->load()) {
        checkpoint();
        result.interrupted = true;
        break;
      }
      const auto now = Clock::now();
      if (options.on_progress && now - last_progress >= std::chrono::seconds(1)) {
        const double interval = std::chrono::duration<double>(now - last_progress).count();
        options.on_progress(RunProgress{
            engine.position(), options.count, std::chrono::duration<double>(now - start).count(),
            static_cast<double>(engine.position() - last_done) / interval});
        last_progress = now;
        last_done = engine.position();
      }
      if (now - last_checkpoint >= std::chrono::duration<double>(options.checkpoint_seconds)) {
        checkpoint();
        last_checkpoint = now;
      }
    }
  } catch (const LimitError&) {
    checkpoint();  // what was computed stays usable
    ::close(fd);
    throw;
  }
  result.done = engine.position();
  result.stats = engine.stats();
  if (result.interrupted) {
    ::close(fd);
    return result;
  }
  flush();
  if (::fsync(fd) != 0) fail("sync", part);
  ::close(fd);
  if (::rename(part.c_str(), options.out.c_str()) != 0) fail("rename", part);
  fsync_directory_of(options.out);
  ::unlink(ckpt.c_str());
  return result;
}

std::vector<std::uint32_t> read_table(const std::string& path, std::string* code) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("read", path);
  std::vector<std::uint32_t> values;
  if (ends_with(path, ".txt")) {
    unsigned long long n = 0;
    std::uint32_t v = 0;
    while (in >> n >> v) {
      if (n != values.size())
        throw InputError("'" + path + "' skips n = " + std::to_string(values.size()));
      values.push_back(v);
    }
    return values;
  }
  char magic[sizeof kTableMagic];
  in.read(magic, sizeof magic);
  if (!in || std::memcmp(magic, kTableMagic, sizeof magic) != 0)
    throw InputError("'" + path + "' is not a grundy table");
  std::uint32_t version = 0, width = 0, length = 0;
  read_pod(in, version);
  read_pod(in, width);
  read_pod(in, length);
  if (version != kFormatVersion || width != kValueWidth || length > 4096)
    throw InputError("'" + path + "' has an unsupported format");
  std::string c(length, '\0');
  in.read(c.data(), length);
  std::uint64_t count = 0;
  read_pod(in, count);
  if (code) *code = c;
  if (count > (std::uint64_t{1} << 36)) throw InputError("'" + path + "' is corrupt");
  values.resize(count);
  for (auto& v : values) {
    std::uint16_t x = 0;
    read_pod(in, x);
    v = x;
  }
  return values;
}

}  // namespace grundy::octal
