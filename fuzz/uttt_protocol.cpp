// Fuzz target: what a bot of `grundy uttt bot` reads from its referee (any bytes), turn by turn,
// and the answer line the arena reads from a bot. A turn that is not well formed must raise
// InputError (nothing else); a well-formed one must list 1-81 distinct cells, and writing the
// cells back in the protocol must read back the same turn.
#include <cstddef>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>

#include "fuzz_target.h"
#include "grundy/games/uttt/protocol.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy::uttt;
  if (size > 1 << 16) return 0;
  const std::string text(grundy::fuzz::as_text(data, size));
  grundy::fuzz::expect_only_input_errors([&] {
    std::istringstream in(text);
    Turn t;
    for (bool first = true; read_turn(in, first, t); first = false) {
      if (t.valid.empty() || t.valid.size() > 81) __builtin_trap();
      if (std::set<Board::Move>(t.valid.begin(), t.valid.end()).size() != t.valid.size())
        __builtin_trap();
      std::string again = (t.opponent ? protocol_cell(*t.opponent) : std::string("-1 -1")) + "\n" +
                          std::to_string(t.valid.size()) + "\n";
      for (auto m : t.valid) again += protocol_cell(m) + "\n";
      std::istringstream back(again);
      Turn u;
      if (!read_turn(back, first, u) || u.opponent != t.opponent || u.valid != t.valid)
        __builtin_trap();
    }
  });
  grundy::fuzz::expect_only_input_errors([&] {
    const auto m = parse_protocol_cell(text.substr(0, text.find('\n')), false, true);
    if (!m || *m >= 81) __builtin_trap();
  });
  return 0;
}
