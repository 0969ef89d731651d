#include "grundy/games/octal/run_files.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/games/octal/checksum.h"

namespace grundy::octal {
namespace {

[[noreturn]] void io_fail(const std::string& what, const std::string& path, int err) {
  throw IoError("cannot " + what + " '" + path + "': " + std::strerror(err));
}

void write_all(int fd, const char* data, std::size_t size, const std::string& path) {
  while (size > 0) {
    const ssize_t got = ::write(fd, data, size);
    if (got < 0) {
      if (errno == EINTR) continue;
      io_fail("write", path, errno);
    }
    data += got;
    size -= static_cast<std::size_t>(got);
  }
}

void fsync_directory_of(const std::string& path) {
  const auto slash = path.rfind('/');
  const std::string dir =
      slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

std::string bytes_text(std::uint64_t n) {
  return std::to_string(n) + (n == 1 ? " byte" : " bytes");
}

}  // namespace

PartFile PartFile::open_locked(const std::string& path, const std::string& target, bool create) {
  PartFile f;
  f.path_ = path;
  for (int attempt = 0; attempt < 2 && f.fd_ < 0; ++attempt) {
    f.fd_ = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (f.fd_ < 0 && errno == ENOENT && create) {
      // O_EXCL: of two runs starting together, one creates the file and the other opens it.
      f.fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
      if (f.fd_ < 0 && errno == EEXIST) continue;
    }
    if (f.fd_ < 0 && errno == ENOENT)
      throw InputError("'" + path + "' is missing; the checkpoint cannot be resumed without it");
    if (f.fd_ < 0) io_fail("open", path, errno);
  }
  if (f.fd_ < 0) io_fail("open", path, errno);
  if (::flock(f.fd_, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(f.fd_);
    f.fd_ = -1;
    if (err == EWOULDBLOCK)
      throw InputError("another run is writing '" + target + "' (it holds the lock on '" + path +
                       "'); wait for it to finish or stop it");
    io_fail("lock", path, err);
  }
  return f;
}

PartFile::PartFile(PartFile&& other) noexcept {
  *this = std::move(other);
}

PartFile& PartFile::operator=(PartFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    path_ = std::move(other.path_);
    fd_ = std::exchange(other.fd_, -1);
    bytes_ = other.bytes_;
    crc_ = other.crc_;
  }
  return *this;
}

PartFile::~PartFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::uint64_t PartFile::size_on_disk() const {
  struct stat st {};
  if (::fstat(fd_, &st) != 0) io_fail("inspect", path_, errno);
  return static_cast<std::uint64_t>(st.st_size);
}

void PartFile::resume_at(std::uint64_t bytes, std::uint32_t crc, bool exact,
                         const std::string& ckpt) {
  const std::uint64_t size = size_on_disk();
  if (size < bytes)
    throw InputError("'" + path_ + "' is truncated: it has " + bytes_text(size) + ", checkpoint '" +
                     ckpt + "' covers " + bytes_text(bytes) + "; nothing was changed");
  if (exact && size > bytes)
    throw InputError("'" + path_ + "' has " + bytes_text(size - bytes) + " more than checkpoint '" +
                     ckpt + "' covers (was something appended to it?); nothing was changed");
  std::vector<char> buffer(std::size_t{1} << 20);
  std::uint32_t got = 0;
  for (std::uint64_t at = 0; at < bytes;) {
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(buffer.size(), bytes - at));
    const ssize_t n = ::pread(fd_, buffer.data(), want, static_cast<off_t>(at));
    if (n < 0) {
      if (errno == EINTR) continue;
      io_fail("read", path_, errno);
    }
    if (n == 0) break;
    got = crc32c(got, buffer.data(), static_cast<std::size_t>(n));
    at += static_cast<std::uint64_t>(n);
  }
  if (got != crc)
    throw InputError("'" + path_ + "' was altered: the checksum of its first " + bytes_text(bytes) +
                     " differs from the one in checkpoint '" + ckpt + "'; nothing was changed");
  if (size > bytes && ::ftruncate(fd_, static_cast<off_t>(bytes)) != 0)
    io_fail("truncate", path_, errno);
  if (::lseek(fd_, static_cast<off_t>(bytes), SEEK_SET) < 0) io_fail("seek", path_, errno);
  bytes_ = bytes;
  crc_ = crc;
}

void PartFile::restart() {
  if (::ftruncate(fd_, 0) != 0) io_fail("truncate", path_, errno);
  if (::lseek(fd_, 0, SEEK_SET) < 0) io_fail("seek", path_, errno);
  bytes_ = 0;
  crc_ = 0;
}

void PartFile::append(std::string_view data) {
  write_all(fd_, data.data(), data.size(), path_);
  bytes_ += data.size();
  crc_ = crc32c(crc_, data.data(), data.size());
}

void PartFile::replace_contents(std::string_view data) {
  restart();
  append(data);
  sync();
}

void PartFile::sync() {
  if (::fsync(fd_) != 0) io_fail("write", path_, errno);
}

void PartFile::publish(const std::string& target) {
  sync();
  if (::rename(path_.c_str(), target.c_str()) != 0) io_fail("rename", path_, errno);
  fsync_directory_of(target);
}

void write_file_atomically(const std::string& path, std::string_view data) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) io_fail("create", tmp, errno);
  try {
    write_all(fd, data.data(), data.size(), tmp);
    if (::fsync(fd) != 0) io_fail("write", tmp, errno);
  } catch (...) {
    ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(tmp.c_str(), path.c_str()) != 0) io_fail("rename", tmp, errno);
  fsync_directory_of(path);
}

std::string read_whole_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) io_fail("read", path, errno);
  std::string data;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      io_fail("read", path, err);
    }
    if (n == 0) break;
    data.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return data;
}

bool path_exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

void remove_file(const std::string& path) {
  ::unlink(path.c_str());
}

}  // namespace grundy::octal
