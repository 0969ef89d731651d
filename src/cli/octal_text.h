#pragma once
// Text shared by the subcommands about octal games (grundy octal, grundy misere): the game's name
// and rules in words, a move in words, and sums of heaps with their winning moves.
#include <string>

#include "grundy/core/outcome.h"
#include "grundy/games/octal/misere_quotient.h"
#include "grundy/games/octal/octal_code.h"
#include "grundy/games/octal/sums.h"

namespace grundy::cli {

// "Octal game 0.77 (Kayles)", "Hexadecimal game 0.f", "Grundy's game".
std::string octal_title(const octal::OctalCode& code);
// The title, the rule and one line per digit.
void print_octal_rules(const octal::OctalCode& code, const std::string& rule_text);
// "remove 1, leaving heaps of 3 and 1".
std::string octal_move_text(const octal::Move& m);

// A sum of heaps under normal play (the xor table, like grundy nim) or misère play (the
// quotient's elements; `explain`: the product and the P-portion as well).
void print_octal_sum(const octal::OctalCode& code, const octal::SumAnalysis& s,
                     const octal::MisereQuotient* q, bool explain);

}  // namespace grundy::cli
