// /proc/self/smaps text (huge_pages.h): what it counts for a range of addresses, taken from the
// first 16 bytes, is at most the range and never more for a range that holds it.
#include <cstring>

#include "fuzz_target.h"
#include "grundy/core/huge_pages.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  std::uint64_t a = 0, b = 0;
  if (size >= 16) {
    std::memcpy(&a, data, 8);
    std::memcpy(&b, data + 8, 8);
    data += 16;
    size -= 16;
  }
  const std::uintptr_t from = std::min(a, b), to = std::max(a, b);
  const std::string_view text = grundy::fuzz::as_text(data, size);
  const std::size_t inside = grundy::huge_page_bytes(text, from, to);
  grundy::fuzz::require(inside <= to - from, "at most the range");
  grundy::fuzz::require(inside <= grundy::huge_page_bytes(text, 0, UINTPTR_MAX),
                        "no more than the whole address space holds");
  return 0;
}
