#pragma once
// JSON answers for misère quotients and sums of heaps (`grundy misere --json`, `grundy octal
// --heaps ... --json`, POST /api/misere), and the sentences both the text and the JSON use.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grundy/games/octal/genus.h"
#include "grundy/games/octal/misere_quotient.h"
#include "grundy/games/octal/sums.h"

namespace grundy::report {

// "proven" or "observed to N".
std::string quotient_status(const octal::MisereQuotient& q);
// Where the quotient stabilised and the argument that makes it hold for every heap; or why it
// is only observed.
std::string quotient_argument(const octal::MisereQuotient& q);

// --quotient: order, p_portion, generators, relations, elements, phi, tame, stabilised, ...;
// `table`: the multiplication table too.
nlohmann::json misere_quotient_json(const octal::OctalCode& code, const octal::MisereQuotient& q,
                                    bool table);
// --genus: each heap's genus and misère value.
nlohmann::json misere_genus_json(const octal::OctalCode& code,
                                 const std::vector<octal::Genus>& genera);
// A sum of heaps, normal or misère (q: the quotient of a misère sum, for its elements' names).
nlohmann::json octal_sum_json(const octal::OctalCode& code, const octal::SumAnalysis& s,
                              const octal::MisereQuotient* q);

}  // namespace grundy::report
