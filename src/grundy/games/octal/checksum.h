#pragma once
// CRC-32C (Castagnoli), the checksum of tables, checkpoints and summaries: hardware-assisted
// where the build targets SSE 4.2, a table otherwise; both give the standard CRC-32C
// (crc32c("123456789") = 0xE3069283).
#include <cstddef>
#include <cstdint>

namespace grundy::octal {

// Extends `crc` (0 to start) over `size` bytes.
std::uint32_t crc32c(std::uint32_t crc, const void* data, std::size_t size);

}  // namespace grundy::octal
