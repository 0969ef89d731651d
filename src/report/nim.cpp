#include "report/nim.h"

namespace grundy::report {

nlohmann::json nim_json(const nim::Analysis& a, std::size_t heap_count) {
  nlohmann::json moves = nlohmann::json::array();
  for (const auto& m : a.winning_moves)
    moves.push_back({{"heap", m.heap}, {"from", m.from}, {"to", m.to}});
  return {{"game", "nim"},         {"rule", a.rule == Rule::normal ? "normal" : "misere"},
          {"heaps", heap_count},   {"nim_sum", a.nim_sum},
          {"value", a.value},      {"winner", to_string(a.winner)},
          {"winning_moves", moves}};
}

}  // namespace grundy::report
