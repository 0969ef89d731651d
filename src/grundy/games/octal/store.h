#pragma once
// The table of values an engine computes, as one contiguous array of u16 that every part of the
// recurrence can read: G(n) of Grundy's game may need G(a) for any a < n/2 (a value that only
// one far pair makes), so no fixed window or prefix is enough, and none is kept.
//
// Two backings, the same interface:
//   - memory: a heap buffer that grows by doubling up to `capacity` values (mapping and unmapping
//     large regions for every short proof costs more than the proof on a virtual machine), for
//     tables and proofs;
//   - file: a memory-mapped file of `capacity` values, allocated on disk up front (so a full disk
//     is an error at the start, not a crash half-way), for long runs: the kernel keeps the parts
//     in use in RAM (the last and first ~10^5 values, the middle of the heap) and can drop the
//     rest, and the values survive the process for --resume (sync() makes them durable).
#include <cstdint>
#include <memory>
#include <string>

namespace grundy::octal {

using Value = std::uint16_t;

class ValueStore {
 public:
  // Throws LimitError when the address space or memory cannot be reserved.
  static ValueStore memory(std::uint64_t capacity);
  // Creates (or, with `keep`, reopens) `path` holding `capacity` values. Throws LimitError when
  // the disk cannot hold it (with the size), IoError on other failures.
  static ValueStore file(const std::string& path, std::uint64_t capacity, bool keep);

  ValueStore() = default;
  ValueStore(ValueStore&& other) noexcept;
  ValueStore& operator=(ValueStore&& other) noexcept;
  ValueStore(const ValueStore&) = delete;
  ValueStore& operator=(const ValueStore&) = delete;
  ~ValueStore();

  Value* data() const { return data_; }
  std::uint64_t capacity() const { return capacity_; }
  std::uint64_t size() const { return size_; }  // values writable now
  // Makes values [0, count) writable (count <= capacity); a memory store may move its data, so
  // data() must be read again afterwards.
  void ensure(std::uint64_t count) {
    if (count > size_) grow(count);
  }
  bool file_backed() const { return !path_.empty(); }
  const std::string& path() const { return path_; }
  // Makes values [0, count) durable (file backing; nothing to do in memory). IoError on failure.
  void sync(std::uint64_t count);

 private:
  void release();
  void grow(std::uint64_t count);
  Value* data_ = nullptr;
  std::uint64_t capacity_ = 0;
  std::uint64_t size_ = 0;  // values writable now
  std::unique_ptr<Value[]> heap_;
  std::size_t bytes_ = 0;  // mapped length
  std::string path_;
  int fd_ = -1;
  std::uint64_t synced_ = 0;
};

}  // namespace grundy::octal
