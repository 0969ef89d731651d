#pragma once
// Lists of whole numbers typed by a user: "3,5,9" (grundy octal --heaps, grundy subtraction
// --heaps).
#include <cstdint>
#include <string_view>
#include <vector>

namespace grundy {

// Comma-separated whole numbers, each in [0, max], at most max_count of them. Each item is read
// by parse_uint and named "<item> k" (1-based) in its message; an empty list or item, a space or
// a sign is an InputError naming the item; more than max_count items is a LimitError.
std::vector<std::uint64_t> parse_uint_list(std::string_view text, std::string_view what,
                                           std::string_view item, std::uint64_t max,
                                           std::string_view max_name, std::size_t max_count);

}  // namespace grundy
