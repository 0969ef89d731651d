#pragma once
// A 64-bit word as 16 lower-case hex digits, zero-padded: the form every checkpoint tag and key
// takes (files written earlier are compared against it, so it never changes).
#include <cstdint>
#include <string>

#include <fmt/format.h>

namespace grundy {

inline std::string hex64(std::uint64_t v) {
  return fmt::format("{:016x}", v);
}

}  // namespace grundy
