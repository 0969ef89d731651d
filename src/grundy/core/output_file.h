#pragma once
// Output files that never lose or corrupt data (--out, --svg, --summary, ...).
//
// The target decides how it is written:
//   - a missing path or a regular file: a temporary file beside it (NAME.tmp.PID), written,
//     fsynced and renamed over the target on commit(), then the directory is fsynced; a reader
//     sees the old file or the whole new one, never half of it;
//   - a FIFO or a character device (/dev/null, /dev/stdout, a terminal): written straight, never
//     replaced (renaming over /dev/null as root would destroy it);
//   - /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: written to that descriptor, where
//     it is (a redirected stdout is appended to, never reopened or replaced);
//   - a symlink is followed, deliberately: the rules above apply to the file it points to, and
//     that file (not the link) is replaced, so the link keeps working;
//   - anything else (a directory, a socket, a block device, a link to nowhere in a missing
//     directory): InputError naming the path.
// A write or sync failure raises IoError ("cannot write 'F': No space left on device") and
// removes the temporary file; the target is untouched.
#include <string>
#include <string_view>

namespace grundy {

enum class OutputKind { replace_atomically, write_through };

struct OutputTarget {
  std::string path;  // the file actually written (symlinks resolved)
  OutputKind kind = OutputKind::replace_atomically;
};

// Classifies `path` as described above; InputError for a target that cannot be written.
OutputTarget resolve_output(const std::string& path);

class OutputFile {
 public:
  explicit OutputFile(const std::string& path);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();  // without commit(): the temporary file is removed, the target untouched

  void write(std::string_view data);
  // Flushes, fsyncs and publishes the file. Throws IoError on failure (nothing published).
  void commit();
  const OutputTarget& target() const { return target_; }

 private:
  OutputTarget target_;
  std::string temp_;  // empty when writing through
  int fd_ = -1;
  bool committed_ = false;
};

// The whole of `data` to `path` by the rules above.
void write_output_file(const std::string& path, std::string_view data);

}  // namespace grundy
