#pragma once
// The header of a Nim game record, as the web page and `grundy nim play` write it: '#' lines,
// among them "# Heaps: 3 4 5" (the start position) and "# Rule: normal" or "# Rule: misere",
// then the moves (h1-2 ...), which parse_moves reads (it skips the '#' lines).
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "grundy/core/outcome.h"

namespace grundy::nim {

struct RecordHeader {
  std::optional<std::vector<std::uint64_t>> heaps;  // from "# Heaps:"
  std::optional<Rule> rule;                         // from "# Rule:"
};

// The "Heaps" and "Rule" header lines of `text` (keys in any case; other '#' lines are left
// alone). InputError naming `origin` and the line for a bad heap, an unknown rule, or a key
// given twice.
RecordHeader read_record_header(std::string_view text, std::string_view origin);

}  // namespace grundy::nim
