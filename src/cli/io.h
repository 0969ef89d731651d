#pragma once
// Input and output helpers shared by the subcommands.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/core/outcome.h"

namespace grundy::cli {

// The whole contents of a file ("-" reads standard input). InputError names the file and why.
std::string read_file(const std::string& path);

// Prints a JSON document on stdout, indented.
void print_json(const nlohmann::json& j);

// "0b101"-style binary of v padded to `width` digits.
std::string binary(std::uint64_t v, int width);

// Prints values as rows of ten: "  G(  0..  9):  0  1  0 ...".
void print_value_rows(const std::vector<std::uint32_t>& values);

// A short sentence: "the player to move wins" / "the player to move loses".
std::string outcome_sentence(Winner w);

}  // namespace grundy::cli
