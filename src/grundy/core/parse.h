#pragma once
// Parsing of the numbers a user types, with messages that name the bad part. Every number of every
// interface goes through these (the command line's options through cli/command.h, the web API's
// fields through web/request.h), so that both refuse the same things with the same line:
// whole numbers within a range (never wrapped, never negative), decimal numbers finite and
// within a range.
#include <cstdint>
#include <string>
#include <string_view>

namespace grundy {

// A decimal whole number in [0, max]. Throws InputError: "<what> '<token>' is negative", "... is
// not a whole number", "... is above <max>". `max_name` replaces the number in that message
// (e.g. "2^63-1").
std::uint64_t parse_uint(std::string_view token, std::string_view what, std::uint64_t max,
                         std::string_view max_name = {});

// A whole number in [min, max]: as parse_uint, and "<what> '<token>' is below <min>".
std::uint64_t parse_uint_in(std::string_view token, std::string_view what, std::uint64_t min,
                            std::uint64_t max, std::string_view max_name = {});

// A decimal number ("2", "0.5", "1e3") in [min, max]. Throws InputError: "<what> '<token>' is
// not a number", "... is not a finite number" (nan, inf), "... is negative" (when min >= 0),
// "... is below <min>", "... is above <max>" (`max_name` replaces the number there).
double parse_decimal(std::string_view token, std::string_view what, double min, double max,
                     std::string_view max_name = {});

// "0.5", "2", "3600000", "1e+30": a decimal number as messages show it (whole numbers below
// 10^15 in full, others in the shortest form that reads back the same).
std::string decimal_text(double v);

// A size in bytes: a whole number with an optional suffix K, M, G or T (powers of 1024; "KiB",
// "MB" and lower case accepted too), e.g. "4096", "512M", "2G". Throws InputError naming
// `what` for anything else or a size above 2^62.
std::uint64_t parse_size(std::string_view token, std::string_view what);

// "1 GiB", "512 MiB", "4 KiB", "100 bytes": the largest unit that divides the size exactly.
std::string size_text(std::uint64_t bytes);

}  // namespace grundy
