#include "grundy/core/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <string>

#include "grundy/core/error.h"

namespace grundy {
namespace {

[[noreturn]] void io_fail(const char* what, const std::string& path, int err) {
  throw IoError(std::string("cannot ") + what + " '" + path + "': " + std::strerror(err));
}

std::string directory_of(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Follows a chain of symlinks to the path it finally names (which may not exist yet).
std::string follow_links(const std::string& path) {
  std::string current = path;
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st {};
    if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return current;
    char buffer[PATH_MAX];
    const ssize_t n = ::readlink(current.c_str(), buffer, sizeof buffer - 1);
    if (n < 0) io_fail("follow the link", current, errno);
    std::string target(buffer, static_cast<std::size_t>(n));
    if (target.empty()) throw InputError("'" + current + "' is an empty symbolic link");
    if (target[0] != '/') target = directory_of(current) + "/" + target;
    current = target;
  }
  throw InputError("'" + path + "': too many levels of symbolic links");
}

void fsync_directory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // best effort: some file systems refuse to open directories
  ::fsync(fd);
  ::close(fd);
}

// /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N name a descriptor this process
// already has: writing goes to that descriptor (at its offset), never through the file it
// points to (reopening a redirected stdout would write over it from the start; replacing it
// would lose what the program prints next). Returns -1 for any other path.
int inherited_descriptor(const std::string& path) {
  if (path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  for (const char* prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    const std::string p(prefix);
    if (path.size() > p.size() && path.compare(0, p.size(), p) == 0) {
      int fd = 0;
      for (std::size_t i = p.size(); i < path.size(); ++i) {
        if (path[i] < '0' || path[i] > '9' || fd > 100000) return -1;
        fd = fd * 10 + (path[i] - '0');
      }
      return fd;
    }
  }
  return -1;
}

}  // namespace

OutputTarget resolve_output(const std::string& path) {
  if (inherited_descriptor(path) >= 0) return {path, OutputKind::write_through};
  if (path.empty()) throw InputError("empty output file name");
  OutputTarget t{follow_links(path), OutputKind::replace_atomically};
  struct stat st {};
  if (::stat(t.path.c_str(), &st) != 0) {
    if (errno != ENOENT) io_fail("use", path, errno);
    struct stat dir {};
    const std::string d = directory_of(t.path);
    if (::stat(d.c_str(), &dir) != 0 || !S_ISDIR(dir.st_mode))
      throw InputError("cannot write '" + path + "': directory '" + d + "' does not exist");
    return t;
  }
  if (S_ISREG(st.st_mode)) return t;
  if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) {
    t.kind = OutputKind::write_through;
    return t;
  }
  if (S_ISDIR(st.st_mode)) throw InputError("cannot write '" + path + "': it is a directory");
  throw InputError("cannot write '" + path + "': not a regular file, a FIFO or a device");
}

OutputFile::OutputFile(const std::string& path) : target_(resolve_output(path)) {
  if (const int inherited = inherited_descriptor(path); inherited >= 0) {
    fd_ = ::dup(inherited);
    if (fd_ < 0) io_fail("write to", path, errno);
    return;
  }
  if (target_.kind == OutputKind::write_through) {
    fd_ = ::open(target_.path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) io_fail("open", target_.path, errno);
    return;
  }
  temp_ = target_.path + ".tmp." + std::to_string(::getpid());
  fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    const int err = errno;
    temp_.clear();
    io_fail("create", target_.path + ".tmp.*", err);
  }
}

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

void OutputFile::write(std::string_view data) {
  if (fd_ < 0) throw IoError("cannot write '" + target_.path + "': the file is closed");
  while (!data.empty()) {
    const ssize_t n = ::write(fd_, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      io_fail("write", target_.path, errno);
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

void OutputFile::commit() {
  if (committed_) return;
  if (fd_ < 0) throw IoError("cannot write '" + target_.path + "': the file is closed");
  if (temp_.empty()) {  // FIFO or device: nothing to publish; fsync is meaningless there
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) io_fail("write", target_.path, errno);
    committed_ = true;
    return;
  }
  if (::fsync(fd_) != 0) io_fail("write", target_.path, errno);
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) io_fail("write", target_.path, errno);
  if (::rename(temp_.c_str(), target_.path.c_str()) != 0) io_fail("replace", target_.path, errno);
  committed_ = true;
  fsync_directory(directory_of(target_.path));
}

void write_output_file(const std::string& path, std::string_view data) {
  OutputFile out(path);
  out.write(data);
  out.commit();
}

}  // namespace grundy
