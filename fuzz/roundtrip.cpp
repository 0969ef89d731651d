// Formats that grundy both reads and writes: parse -> print -> parse gives the same thing. The
// first byte picks the format: Nim heaps, DAG edge lists, Hackenbush edge lists, subtraction sets.
#include <algorithm>
#include <string>
#include <vector>

#include "fuzz_target.h"
#include "grundy/games/dag/dag.h"
#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/nim/nim.h"
#include "grundy/games/subtraction/subtraction_set.h"

// A named namespace, not an anonymous one: fuzz_replay compiles every target in one unity
// source, where this using-directive must not reach the other targets.
namespace roundtrip_fuzz {

using namespace grundy;

void nim_heaps(std::string_view text) {
  const auto heaps = nim::parse_heaps(text, "a");
  std::string printed;
  for (const auto h : heaps) printed += std::to_string(h) + "\n";
  fuzz::require(nim::parse_heaps(printed, "b") == heaps, "heaps print and parse back");
}

std::vector<std::pair<std::string, std::vector<std::string>>> shape(const dag::Graph& g) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (std::uint32_t v = 0; v < g.size(); ++v) {
    std::vector<std::string> next;
    for (const auto w : g.successors(v)) next.push_back(g.name(w));
    std::sort(next.begin(), next.end());
    out.emplace_back(g.name(v), std::move(next));
  }
  std::sort(out.begin(), out.end());
  return out;
}

void dag_file(std::string_view text) {
  const auto g = dag::Graph::parse(text, "a");
  fuzz::require(shape(dag::Graph::parse(g.to_text(), "b")) == shape(g), "a DAG file round trips");
}

void hackenbush_edges(std::string_view text) {
  const auto g = hackenbush::parse_edge_list(text, "a");
  const auto again = hackenbush::parse_edge_list(hackenbush::to_edge_list(g), "b");
  fuzz::require(again.edge_count() == g.edge_count(), "same number of edges");
  for (std::size_t i = 0; i < g.edge_count(); ++i) {
    const auto &e = g.edge(i), &f = again.edge(i);
    fuzz::require(g.label(e.u) == again.label(f.u) && g.label(e.v) == again.label(f.v) &&
                      e.colour == f.colour,
                  "the same edges in the same order");
  }
}

void subtraction_set(std::string_view text) {
  const auto s = subtraction::SubtractionSet::parse(text);
  const auto t = subtraction::SubtractionSet::parse(s.to_string());
  fuzz::require(t.to_string() == s.to_string() && t.listed() == s.listed() &&
                    t.base() == s.base() && t.kind() == s.kind(),
                "a set prints and parses back");
}

}  // namespace roundtrip_fuzz

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace roundtrip_fuzz;
  if (size == 0) return 0;
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  fuzz::expect_only_input_errors([&] {
    switch (data[0] % 4) {
      case 0:
        return nim_heaps(text);
      case 1:
        return dag_file(text);
      case 2:
        return hackenbush_edges(text);
      default:
        return subtraction_set(text);
    }
  });
  return 0;
}
