#include "grundy/games/octal/checksum.h"

#include <array>
#include <cstring>

#include "grundy/core/kernel_set.h"
#include "grundy/core/target.h"

#if GRUNDY_HAVE_TARGETS
#include <nmmintrin.h>
#endif

namespace grundy::octal {
namespace {

constexpr std::array<std::uint32_t, 256> make_table() {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
    t[i] = c;
  }
  return t;
}

constexpr std::array<std::uint32_t, 256> kTable = make_table();

// The plain version (the scalar kernel set): a table lookup per byte.
std::uint32_t crc32c_table(std::uint32_t c, const unsigned char* p, std::size_t size) {
  for (; size > 0; --size, ++p) c = kTable[(c ^ *p) & 0xff] ^ (c >> 8);
  return c;
}

#if GRUNDY_HAVE_TARGETS
GRUNDY_TARGET_AVX2_BEGIN
// The SSE4.2 instruction, 8 bytes at a time (the avx2 and avx512 kernel sets have it).
std::uint32_t crc32c_sse42(std::uint32_t c, const unsigned char* p, std::size_t size) {
  std::uint64_t c64 = c;
  for (; size >= 8; size -= 8, p += 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    c64 = _mm_crc32_u64(c64, word);
  }
  c = static_cast<std::uint32_t>(c64);
  for (; size > 0; --size, ++p) c = _mm_crc32_u8(c, *p);
  return c;
}
GRUNDY_TARGET_END
#endif

}  // namespace

std::uint32_t crc32c(std::uint32_t crc, const void* data, std::size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
#if GRUNDY_HAVE_TARGETS
  if (active_kernel_set() != KernelSet::scalar) return ~crc32c_sse42(~crc, p, size);
#endif
  return ~crc32c_table(~crc, p, size);
}

}  // namespace grundy::octal
