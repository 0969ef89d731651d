#pragma once
// How much of a range of this process's memory lies in huge pages (transparent 2 MiB pages of
// anonymous or tmpfs memory, hugetlb pages), as Linux reports it in /proc/self/smaps. A table
// probed at random misses the TLB on nearly every probe in 4 KiB pages; whether a table got
// huge pages is worth telling its user (the shared table of a node's MPI ranks lies in a tmpfs,
// which gives huge pages only when mounted with huge=: docs/distributed.md).
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace grundy {

// The huge-page bytes (AnonHugePages, ShmemPmdMapped, FilePmdMapped, Shared_Hugetlb,
// Private_Hugetlb) of the mappings in `smaps` (the text of /proc/PID/smaps) that overlap
// [from, to), at most to - from. Lines it does not understand are skipped.
std::size_t huge_page_bytes(std::string_view smaps, std::uintptr_t from, std::uintptr_t to);

// The same for [start, start + bytes) of this process; 0 where /proc/self/smaps cannot be read.
std::size_t huge_page_bytes(const void* start, std::size_t bytes);

}  // namespace grundy
