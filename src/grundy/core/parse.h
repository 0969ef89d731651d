#pragma once
// Parsing of whole numbers from user input, with messages that name the bad part.
#include <cstdint>
#include <string>
#include <string_view>

namespace grundy {

// A decimal whole number in [0, max]. Throws InputError: "<what> '<token>' is negative", "... is
// not a whole number", "... is above <max>". `max_name` replaces the number in that message
// (e.g. "2^63-1").
std::uint64_t parse_uint(std::string_view token, std::string_view what, std::uint64_t max,
                         std::string_view max_name = {});

// A size in bytes: a whole number with an optional suffix K, M, G or T (powers of 1024; "KiB",
// "MB" and lower case accepted too), e.g. "4096", "512M", "2G". Throws InputError naming
// `what` for anything else or a size above 2^62.
std::uint64_t parse_size(std::string_view token, std::string_view what);

// "1 GiB", "512 MiB", "4 KiB", "100 bytes": the largest unit that divides the size exactly.
std::string size_text(std::uint64_t bytes);

}  // namespace grundy
