#include "grundy/core/huge_pages.h"

#include <sys/mman.h>

#include <cstring>
#include <string>

#include <gtest/gtest.h>

namespace grundy {
namespace {

// Two mappings as /proc/self/smaps shows them: a tmpfs file in 2 MiB pages (64 MiB of it) and
// an anonymous one with 4 MiB of transparent huge pages.
const std::string kSmaps =
    "7fa331000000-7fa335000000 rw-s 00000000 00:27 35                 /mnt/hugeshm/x\n"
    "Size:              65536 kB\n"
    "KernelPageSize:        4 kB\n"
    "Rss:               65536 kB\n"
    "AnonHugePages:         0 kB\n"
    "ShmemPmdMapped:    65536 kB\n"
    "FilePmdMapped:         0 kB\n"
    "Shared_Hugetlb:        0 kB\n"
    "Private_Hugetlb:       0 kB\n"
    "VmFlags: rd wr sh mr mw me ms hg\n"
    "7fa335000000-7fa336000000 rw-p 00000000 00:00 0\n"
    "Size:              16384 kB\n"
    "AnonHugePages:      4096 kB\n"
    "ShmemPmdMapped:        0 kB\n";

TEST(HugePages, CountsTheMappingsThatOverlapTheRange) {
  EXPECT_EQ(huge_page_bytes(kSmaps, 0x7fa331000000, 0x7fa335000000), std::size_t{64} << 20);
  EXPECT_EQ(huge_page_bytes(kSmaps, 0x7fa335000000, 0x7fa336000000), std::size_t{4} << 20);
  EXPECT_EQ(huge_page_bytes(kSmaps, 0x7fa334000000, 0x7fa335800000),
            std::size_t{24} << 20);  // both mappings' huge pages, at most the range
  EXPECT_EQ(huge_page_bytes(kSmaps, 0x7fa334ff0000, 0x7fa335000000), std::size_t{0x10000});
  EXPECT_EQ(huge_page_bytes(kSmaps, 0x7fa336000000, 0x7fa337000000), 0u);  // after them
  EXPECT_EQ(huge_page_bytes(kSmaps, 0x1000, 0x2000), 0u);
  EXPECT_EQ(huge_page_bytes(kSmaps, 0x7fa332000000, 0x7fa332000000), 0u);  // empty range
}

TEST(HugePages, SkipsWhatItDoesNotUnderstand) {
  EXPECT_EQ(huge_page_bytes("", 0, 100), 0u);
  EXPECT_EQ(huge_page_bytes("1000-2000 rw-p\nAnonHugePages: 4 MB\n", 0x1000, 0x2000), 0u);
  EXPECT_EQ(huge_page_bytes("1000-2000 rw-p\nAnonHugePages: x kB\n", 0x1000, 0x2000), 0u);
  EXPECT_EQ(huge_page_bytes("2000-1000 rw-p\nAnonHugePages: 4 kB\n", 0x1000, 0x2000), 0u);
  EXPECT_EQ(huge_page_bytes("AnonHugePages: 4 kB\n", 0x1000, 0x2000), 0u);  // no mapping yet
  EXPECT_EQ(huge_page_bytes("1000-2000 rw-p\nAnonHugePages: 4 kB", 0x1000, 0x2000), 4096u);
  EXPECT_EQ(
      huge_page_bytes("1000-2000 rw-p\nAnonHugePages: 99999999999999999999 kB\n", 0x1000, 0x2000),
      0u);
}

TEST(HugePages, ThisProcessInSmallPages) {
  constexpr std::size_t kBytes = std::size_t{8} << 20;
  void* p = ::mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(p, MAP_FAILED);
  ::madvise(p, kBytes, MADV_NOHUGEPAGE);
  std::memset(p, 1, kBytes);
  EXPECT_EQ(huge_page_bytes(p, kBytes), 0u);
  EXPECT_EQ(huge_page_bytes(nullptr, kBytes), 0u);
  ::munmap(p, kBytes);
}

}  // namespace
}  // namespace grundy
