#pragma once
// Little-endian binary records (checkpoints, the messages of distributed search): a writer that
// appends fixed-size fields to a string, a reader that refuses to read past the end, and the
// 64-bit FNV-1a checksum that seals a file.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "grundy/core/error.h"

namespace grundy {

struct Fnv64 {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void add(const char* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      h ^= static_cast<unsigned char>(p[i]);
      h *= 0x100000001b3ull;
    }
  }
  // The eight bytes of v, least significant first (the same on every machine).
  void add_u64(std::uint64_t v) {
    char bytes[8];
    for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>(v >> (8 * i));
    add(bytes, sizeof bytes);
  }
  static std::uint64_t of(std::string_view s) {
    Fnv64 f;
    f.add(s.data(), s.size());
    return f.h;
  }
};

class ByteWriter {
 public:
  template <class T>
  void put(T v) {
    static_assert(std::is_trivially_copyable_v<T>);
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    bytes_.append(b, sizeof(T));
  }
  // A length (32 bits) and the characters.
  void put_string(std::string_view s) {
    put<std::uint32_t>(static_cast<std::uint32_t>(s.size()));
    bytes_.append(s);
  }
  // Appends the checksum of everything written so far.
  void seal() { put<std::uint64_t>(Fnv64::of(bytes_)); }
  std::string& bytes() { return bytes_; }

 private:
  std::string bytes_;
};

// Reads fields in order; `what` names the data in errors ("checkpoint 'x.ckpt'", "a message").
class ByteReader {
 public:
  ByteReader(std::string_view data, std::string what) : data_(data), what_(std::move(what)) {}
  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    if (sizeof(T) > data_.size() - at_) throw InputError(what_ + " is cut short");
    T v;
    std::memcpy(&v, data_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return v;
  }
  std::string get_string(std::size_t max) {
    const auto n = get<std::uint32_t>();
    if (n > max || n > data_.size() - at_) throw InputError(what_ + " is cut short or damaged");
    std::string s(data_.substr(at_, n));
    at_ += n;
    return s;
  }
  // Whether at least `count` records of `size` bytes each are left (guards a count read from
  // the data before anything is allocated for it).
  bool has(std::uint64_t count, std::size_t size) const {
    return size == 0 || count <= (data_.size() - at_) / size;
  }
  std::size_t at() const { return at_; }
  std::size_t left() const { return data_.size() - at_; }
  void skip(std::size_t n) {
    if (n > data_.size() - at_) throw InputError(what_ + " is cut short");
    at_ += n;
  }
  const std::string& what() const { return what_; }

 private:
  std::string_view data_;
  std::string what_;
  std::size_t at_ = 0;
};

// Checks the FNV-1a seal at the end of `data` (ByteWriter::seal); false when it does not match.
inline bool seal_matches(std::string_view data) {
  if (data.size() < 8) return false;
  std::uint64_t stored;
  std::memcpy(&stored, data.data() + data.size() - 8, 8);
  return Fnv64::of(data.substr(0, data.size() - 8)) == stored;
}

}  // namespace grundy
