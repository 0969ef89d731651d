// Misère sums of octal heaps (grundy misere CODE HEAPS..., grundy octal CODE --heaps LIST
// --misere): "CODE;LIST", the code as `grundy octal` reads it and the heaps as --heaps reads them
// (comma-separated). Small heaps and a small quotient, so that each input is quick; the answers
// must hold together: a winning position has a winning move (unless no heap can move), a losing
// one none, and every move names a heap of the sum.
#include <algorithm>
#include <string_view>

#include "fuzz_target.h"
#include "grundy/core/parse_list.h"
#include "grundy/games/octal/sums.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  fuzz::expect_only_input_errors([&] {
    const std::string_view text = fuzz::as_text(data, size);
    const auto semicolon = text.find(';');
    if (semicolon == std::string_view::npos) throw InputError("no ';'");
    const auto code = octal::OctalCode::parse(text.substr(0, semicolon));
    const auto heaps = parse_uint_list(text.substr(semicolon + 1), "--heaps", "heap", 14, "14", 5);
    const auto q = octal::quotient_for_sum(code, heaps, 128);
    const auto s = octal::analyze_misere_sum(code, heaps, q);
    const auto normal = octal::analyze_sum(code, heaps);
    for (const auto* a : {&s, &normal}) {
      bool any_move = false;
      for (const auto h : heaps)
        octal::for_each_move(code, h, [&](const octal::Move&) { any_move = true; });
      fuzz::require((a->winner == Winner::first) == !a->winning_moves.empty() ||
                        (a->rule == Rule::misere && !any_move),
                    "a winning position has a winning move, a losing one none");
      for (const auto& m : a->winning_moves)
        fuzz::require(m.heap < heaps.size() && heaps[m.heap] == m.from,
                      "a winning move names a heap of the sum");
    }
    fuzz::require(q.run.quotient.monoid.order() % 2 == 0 || q.run.quotient.monoid.order() == 1,
                  "a misère quotient has even order (or is trivial)");
  });
  return 0;
}
