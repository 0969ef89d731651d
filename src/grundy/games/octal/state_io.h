#pragma once
// Little binary helpers for checkpoints and table files (host byte order, little-endian on
// every machine we build for). Reads throw InputError on truncation.
#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include "grundy/core/error.h"

namespace grundy::octal {

template <class T>
void write_pod(std::ostream& out, const T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  out.write(reinterpret_cast<const char*>(&v), sizeof v);
}

template <class T>
void read_pod(std::istream& in, T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  in.read(reinterpret_cast<char*>(&v), sizeof v);
  if (!in) throw InputError("the checkpoint is truncated");
}

template <class T>
void write_vector(std::ostream& out, const std::vector<T>& v) {
  write_pod(out, static_cast<std::uint64_t>(v.size()));
  out.write(reinterpret_cast<const char*>(v.data()),
            static_cast<std::streamsize>(v.size() * sizeof(T)));
}

template <class T>
void read_vector(std::istream& in, std::vector<T>& v) {
  std::uint64_t size = 0;
  read_pod(in, size);
  if (size > (std::uint64_t{1} << 40) / sizeof(T)) throw InputError("the checkpoint is corrupt");
  v.resize(size);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(size * sizeof(T)));
  if (!in) throw InputError("the checkpoint is truncated");
}

inline void write_string(std::ostream& out, const std::string& s) {
  write_pod(out, static_cast<std::uint64_t>(s.size()));
  out.write(s.data(), static_cast<std::streamsize>(s.size()));
}

inline std::string read_string(std::istream& in) {
  std::uint64_t size = 0;
  read_pod(in, size);
  if (size > 4096) throw InputError("the checkpoint is corrupt");
  std::string s(size, '\0');
  in.read(s.data(), static_cast<std::streamsize>(size));
  if (!in) throw InputError("the checkpoint is truncated");
  return s;
}

}  // namespace grundy::octal
