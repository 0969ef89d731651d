#pragma once
// Input and output helpers shared by the subcommands.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "command.h"
#include "grundy/core/outcome.h"
#include "grundy/core/text.h"
#include "grundy/core/text_check.h"

namespace grundy::cli {

// Input files are bounded: at most this many bytes unless --max-input says otherwise.
inline constexpr std::uint64_t kDefaultMaxInput = std::uint64_t{1} << 30;

// The whole contents of a text file ("-" reads standard input, a pipe or a terminal alike), read
// in chunks and checked as it arrives (grundy/core/text_check.h: no NUL byte, UTF-8, `limits`
// on lines and words), so a bad or endless input (/dev/zero) stops at once with an InputError
// naming the file, line and column. More than `max_bytes` bytes is a LimitError that says how
// to raise the limit. A read error is an InputError naming the file and why.
std::string read_file(const std::string& path, TextLimits limits = {},
                      std::uint64_t max_bytes = kDefaultMaxInput);

// Adds "--max-input SIZE" (the limit above) to a subcommand that reads files.
void add_max_input_option(Command cmd, std::string& value);
// The limit a --max-input value asks for (kDefaultMaxInput if empty).
std::uint64_t max_input_bytes(const std::string& value);

// Writes to stdout; a failure throws std::system_error with the errno (as fmt::print does), which
// main() turns into "grundy: write error: ..." (exits.h).
void write_stdout(std::string_view text);

// Prints a JSON document on stdout, indented.
void print_json(const nlohmann::json& j);

// "0b101"-style binary of v padded to `width` digits.
std::string binary(std::uint64_t v, int width);

// Prints values as rows of ten: "  G(  0..  9):  0  1  0 ...".
void print_value_rows(const std::vector<std::uint32_t>& values);
// The same for G(0 .. count-1) given by at(n), written as a stream (no text built in memory).
void print_value_rows(std::uint64_t count, const std::function<std::uint64_t(std::uint64_t)>& at);

// Prints `j` exactly as print_json would if j[key] were the array at(0), ..., at(count-1), but
// streams that array instead of building it (10^8 values would take gigabytes as a document).
// `key` is a key of the top-level object.
void print_json_with_array(nlohmann::json j, const std::string& key, std::uint64_t count,
                           const std::function<std::uint64_t(std::uint64_t)>& at);
// The same with any JSON items (objects of a few fields: slower per item than numbers).
void print_json_with_items(nlohmann::json j, const std::string& key, std::uint64_t count,
                           const std::function<nlohmann::json(std::uint64_t)>& item);

// count_of("edge", 2) = "2 edges" (grundy/core/text.h), for the subcommands.
using grundy::count_of;

// A short sentence: "the player to move wins" / "the player to move loses".
std::string outcome_sentence(Winner w);

}  // namespace grundy::cli
