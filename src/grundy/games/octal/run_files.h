#pragma once
// The files of a resumable run: a part file that holds what has been written so far (locked for
// the run, with its length and CRC-32C kept as it grows) and small files replaced atomically
// (checkpoints).
#include <cstdint>
#include <string>
#include <string_view>

namespace grundy::octal {

class PartFile {
 public:
  // Opens `path` for writing and takes an exclusive lock on it (flock), creating it when
  // `create`. InputError when another process holds the lock ("another run is writing
  // `target`"), or when the file is missing and may not be created; nothing is changed then.
  static PartFile open_locked(const std::string& path, const std::string& target, bool create);

  PartFile() = default;
  PartFile(PartFile&& other) noexcept;
  PartFile& operator=(PartFile&& other) noexcept;
  PartFile(const PartFile&) = delete;
  PartFile& operator=(const PartFile&) = delete;
  ~PartFile();  // closes the file (and so releases the lock)

  bool is_open() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }
  std::uint64_t bytes() const { return bytes_; }
  std::uint32_t crc() const { return crc_; }
  std::uint64_t size_on_disk() const;

  // Checks that the file starts with `bytes` bytes whose CRC-32C is `crc`, and, when `exact`,
  // holds nothing more; then keeps exactly those bytes. InputError saying what is wrong
  // (truncated, appended to, altered), the file untouched.
  void resume_at(std::uint64_t bytes, std::uint32_t crc, bool exact, const std::string& ckpt);
  void restart();  // empties the file
  void append(std::string_view data);
  void replace_contents(std::string_view data);  // the whole file becomes `data`
  void sync();
  // fsync, then rename over `target` (and fsync its directory). The lock stays until close.
  void publish(const std::string& target);

 private:
  std::string path_;
  int fd_ = -1;
  std::uint64_t bytes_ = 0;
  std::uint32_t crc_ = 0;
};

// Writes `data` to `path` atomically: PATH.tmp, fsync, rename, fsync of the directory.
void write_file_atomically(const std::string& path, std::string_view data);
std::string read_whole_file(const std::string& path);
bool path_exists(const std::string& path);
void remove_file(const std::string& path);  // no error if missing

}  // namespace grundy::octal
