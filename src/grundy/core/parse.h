#pragma once
// Parsing of whole numbers from user input, with messages that name the bad part.
#include <cstdint>
#include <string_view>

namespace grundy {

// A decimal whole number in [0, max]. Throws InputError: "<what> '<token>' is negative", "... is
// not a whole number", "... is above <max>". `max_name` replaces the number in that message
// (e.g. "2^63-1").
std::uint64_t parse_uint(std::string_view token, std::string_view what, std::uint64_t max,
                         std::string_view max_name = {});

}  // namespace grundy
