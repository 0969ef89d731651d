#include "grundy/games/octal/store.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>
#include <utility>

#include "grundy/core/error.h"

namespace grundy::octal {
namespace {

constexpr std::size_t kPage = 4096;

std::size_t mapped_bytes(std::uint64_t capacity) {
  // One page more than needed: vector loads may read a little past the last value.
  const std::uint64_t bytes = (capacity * sizeof(Value) + 2 * kPage - 1) / kPage * kPage;
  return static_cast<std::size_t>(bytes);
}

std::string gib(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1u << 30));
  return text;
}

[[noreturn]] void io_fail(const char* what, const std::string& path, int err) {
  throw IoError(std::string("cannot ") + what + " '" + path + "': " + std::strerror(err));
}

}  // namespace

// Vector loads may read a little past the last value written.
constexpr std::uint64_t kPadding = 64;

ValueStore ValueStore::memory(std::uint64_t capacity) {
  if (capacity > (std::uint64_t{1} << 40))
    throw LimitError("a table of " + std::to_string(capacity) + " values is too large to hold");
  ValueStore s;
  s.capacity_ = capacity;
  s.grow(std::min<std::uint64_t>(capacity, 4096));
  return s;
}

void ValueStore::grow(std::uint64_t count) {
  if (count > capacity_)
    throw LimitError("the table holds " + std::to_string(capacity_) + " values");
  if (fd_ >= 0) return;  // a file store is writable to its capacity from the start
  const std::uint64_t size = std::min(capacity_, std::max(count, 2 * size_));
  std::unique_ptr<Value[]> bigger;
  try {
    bigger.reset(new Value[size + kPadding]());
  } catch (const std::bad_alloc&) {
    throw LimitError("not enough memory for " + std::to_string(size) + " values (" +
                     gib(size * sizeof(Value)) + ")");
  }
  if (size_ > 0) std::copy_n(heap_.get(), size_, bigger.get());
  heap_ = std::move(bigger);
  data_ = heap_.get();
  size_ = size;
}

ValueStore ValueStore::file(const std::string& path, std::uint64_t capacity, bool keep) {
  ValueStore s;
  s.capacity_ = capacity;
  s.bytes_ = mapped_bytes(capacity);
  s.path_ = path;
  s.fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | (keep ? 0 : O_TRUNC), 0644);
  if (s.fd_ < 0) io_fail("create", path, errno);
  struct stat st {};
  if (::fstat(s.fd_, &st) != 0) io_fail("inspect", path, errno);
  if (keep && static_cast<std::uint64_t>(st.st_size) != s.bytes_)
    throw InputError("'" + path + "' has " + std::to_string(st.st_size) + " bytes, not the " +
                     std::to_string(s.bytes_) + " of this run; it is not this run's value store");
  // Allocate every block now: writing through a mapping into a full file system would kill the
  // process with SIGBUS instead of reporting an error.
  const int err = ::posix_fallocate(s.fd_, 0, static_cast<off_t>(s.bytes_));
  if (err != 0) {
    if (!keep) ::unlink(path.c_str());
    if (err == ENOSPC || err == EFBIG)
      throw LimitError("the run keeps all " + std::to_string(capacity) + " values in '" + path +
                       "' (" + gib(s.bytes_) + "), which does not fit on that disk");
    io_fail("allocate", path, err);
  }
  void* p = ::mmap(nullptr, s.bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, s.fd_, 0);
  if (p == MAP_FAILED) io_fail("map", path, errno);
  s.data_ = static_cast<Value*>(p);
  s.size_ = capacity;
  return s;
}

ValueStore::ValueStore(ValueStore&& other) noexcept {
  *this = std::move(other);
}

ValueStore& ValueStore::operator=(ValueStore&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    capacity_ = std::exchange(other.capacity_, 0);
    size_ = std::exchange(other.size_, 0);
    heap_ = std::move(other.heap_);
    bytes_ = std::exchange(other.bytes_, 0);
    path_ = std::move(other.path_);
    other.path_.clear();
    fd_ = std::exchange(other.fd_, -1);
    synced_ = std::exchange(other.synced_, 0);
  }
  return *this;
}

ValueStore::~ValueStore() {
  release();
}

void ValueStore::release() {
  if (data_ && fd_ >= 0) ::munmap(data_, bytes_);
  heap_.reset();
  if (fd_ >= 0) ::close(fd_);
  data_ = nullptr;
  fd_ = -1;
}

void ValueStore::sync(std::uint64_t count) {
  if (fd_ < 0 || count <= synced_) return;
  const std::uint64_t begin = synced_ * sizeof(Value) / kPage * kPage;
  const std::uint64_t end = count * sizeof(Value);
  char* base = reinterpret_cast<char*>(data_);
  if (::msync(base + begin, static_cast<std::size_t>(end - begin), MS_SYNC) != 0)
    io_fail("write", path_, errno);
  synced_ = count;
}

}  // namespace grundy::octal
