// DAG files (grundy dag FILE): parse, value every vertex, analyse a sum of tokens, and echo the
// names in JSON as the command does (invalid UTF-8 there once aborted the program).
#include <nlohmann/json.hpp>

#include "fuzz_target.h"
#include "grundy/games/dag/dag.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  fuzz::expect_only_input_errors([&] {
    const auto g = dag::Graph::parse(fuzz::as_text(data, size), "g.txt");
    nlohmann::json names = nlohmann::json::array();
    for (std::uint32_t v = 0; v < g.size(); ++v) names.push_back(g.name(v));
    (void)names.dump();  // throws (and so crashes the run) on invalid UTF-8
    const auto values = dag::grundy_values(g);
    std::vector<std::uint32_t> tokens;
    for (std::uint32_t v = 0; v < g.size() && v < 3; ++v) tokens.push_back(v);
    const auto a = dag::analyze(g, tokens);
    std::uint64_t x = 0;
    for (const auto t : tokens) x ^= values[t];
    fuzz::require(a.value == x, "a sum is worth the xor of its tokens");
    for (const auto& m : a.winning_moves)
      fuzz::require((x ^ values[m.from] ^ values[m.to]) == 0, "a winning move leaves xor 0");
    (void)dag::grundy_values(g, Rule::misere);
    (void)dag::analyze(g, {0}, Rule::misere);
  });
  return 0;
}
