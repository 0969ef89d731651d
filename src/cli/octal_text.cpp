#include "octal_text.h"

#include <algorithm>
#include <bit>

#include <fmt/core.h>

#include "io.h"
#include "report/misere.h"

namespace grundy::cli {

namespace oct = grundy::octal;

std::string octal_title(const oct::OctalCode& code) {
  const std::string name = oct::common_name(code);
  if (code.is_grundy()) return "Grundy's game";
  return std::string(code.is_hexadecimal() ? "Hexadecimal game " : "Octal game ") +
         code.to_string() + (name.empty() ? "" : " (" + name + ")");
}

void print_octal_rules(const oct::OctalCode& code, const std::string& rule_text) {
  fmt::print("{}, {}. A move:\n", octal_title(code), rule_text);
  for (const auto& line : code.describe()) fmt::print("  - {}\n", line);
}

std::string octal_move_text(const oct::Move& m) {
  const std::string took =
      m.take == 0 ? "split without removing" : fmt::format("remove {}", m.take);
  if (m.a == 0) return took + ", leaving nothing";
  if (m.b == 0) return fmt::format("{}, leaving a heap of {}", took, m.a);
  if (m.c == 0) return fmt::format("{}, leaving heaps of {} and {}", took, m.a, m.b);
  return fmt::format("{}, leaving heaps of {}, {} and {}", took, m.a, m.b, m.c);
}

namespace {

constexpr std::size_t kSumHeapsShown = 16;
constexpr std::size_t kSumMovesShown = 12;

void print_moves_tail(const oct::SumAnalysis& s) {
  if (s.winning_moves.size() > kSumMovesShown || !s.winning_moves_complete) {
    std::string total = s.winning_moves_counted
                            ? fmt::format("{} winning moves in all", s.winning_moves_total)
                            : std::string("More winning moves than were counted");
    fmt::print("{} (--json lists up to {}", total, oct::kMaxListedMoves);
    if (s.families)
      fmt::print(
          "; a split of a heap past the computed values whose smaller part b >= {} "
          "stands for every b + j*{} as well",
          s.families->preperiod, s.families->period);
    if (!s.winning_moves_counted) fmt::print("; some heaps were too large to examine every split");
    fmt::print(").\n");
  }
}

std::string heap_label(const oct::SumAnalysis& s, std::size_t i) {
  return fmt::format("heap {} ({})", i + 1, s.heaps[i]);
}

void print_normal_sum(const oct::OctalCode& code, const oct::SumAnalysis& s) {
  print_octal_rules(code,
                    fmt::format("normal play: a sum of {}", count_of(s.heaps.size(), "heap")));
  std::uint64_t largest_value = s.value;
  std::uint64_t largest_heap = 0;
  for (std::size_t i = 0; i < s.heaps.size(); ++i) {
    largest_value = std::max<std::uint64_t>(largest_value, s.values[i]);
    largest_heap = std::max(largest_heap, s.heaps[i]);
  }
  const int width = std::max(1, 64 - std::countl_zero(largest_value));
  const int vdigits = static_cast<int>(std::to_string(largest_value).size());
  const int hdigits = static_cast<int>(std::to_string(largest_heap).size());
  fmt::print("\n");
  if (s.heaps.size() <= kSumHeapsShown) {
    for (std::size_t i = 0; i < s.heaps.size(); ++i)
      fmt::print("  heap {:>2}  {:>{}}  G = {:>{}} = {:>{}}\n", i + 1, s.heaps[i], hdigits,
                 s.values[i], vdigits, binary(s.values[i], width), width);
    fmt::print("  {:<7}  {:>{}}      {:>{}} = {:>{}}\n\n", "xor", "", hdigits, s.value, vdigits,
               binary(s.value, width), width);
  } else {
    fmt::print("  xor of the heaps' values = {} = {}\n\n", s.value, binary(s.value, width));
  }
  if (s.value == 0) {
    fmt::print(
        "The xor is 0, so {}: every move changes one heap's value and makes the xor non-zero,\n"
        "and the opponent can always answer by making it 0 again (Sprague-Grundy).\n",
        outcome_sentence(s.winner));
    return;
  }
  fmt::print(
      "The xor is {}, not 0, so {}: move in one heap to a position whose value is that heap's "
      "value xor {}.\n",
      s.value, outcome_sentence(s.winner), s.value);
  for (std::size_t i = 0; i < s.winning_moves.size() && i < kSumMovesShown; ++i) {
    const auto& m = s.winning_moves[i];
    const std::uint64_t g = s.values[m.heap];
    fmt::print("Winning move: {}: {} (value {} = {} xor {}).\n", heap_label(s, m.heap),
               octal_move_text(m.move), g ^ s.value, g, s.value);
  }
  if (s.winning_moves.empty() && s.winning_moves_counted)
    fmt::print("(No winning move was found, which cannot happen: please report it.)\n");
  if (s.winning_moves.empty() && !s.winning_moves_counted)
    fmt::print("Winning moves are not listed: these heaps are too large to examine every split.\n");
  print_moves_tail(s);
}

void print_misere_sum(const oct::OctalCode& code, const oct::SumAnalysis& s,
                      const oct::MisereQuotient& q, bool explain) {
  const auto& pr = q.presentation;
  print_octal_rules(code,
                    fmt::format("misère play (whoever makes the last move loses): a sum of {}",
                                count_of(s.heaps.size(), "heap")));
  fmt::print("\nMisère quotient {}: order {}, {}.\n",
             q.proven() ? std::string("(proven for every heap)")
                        : fmt::format("of heaps 0..{} (enough for these heaps)", q.last_heap()),
             q.run.quotient.monoid.order(),
             q.tame ? fmt::format("tame: misère Nim's T{}", *q.tame) : std::string("wild"));
  const bool terminal =
      s.winner == Winner::first && s.winning_moves.empty() && s.winning_moves_counted;
  if (explain) {
    if (s.heaps.size() <= kSumHeapsShown) {
      for (std::size_t i = 0; i < s.heaps.size(); ++i)
        fmt::print("  heap {:>2}  {:>6}  ->  {}\n", i + 1, s.heaps[i], pr.element(s.elements[i]));
    }
    fmt::print("  {:<16}  =  {}\n", "product", pr.element(s.product));
    std::vector<std::string> p_words;
    for (const auto x : pr.by_normal_form)
      if (q.run.quotient.monoid.is_p(x)) p_words.push_back(pr.element(x));
    std::string p_list;
    for (std::size_t i = 0; i < p_words.size(); ++i) p_list += (i ? ", " : "") + p_words[i];
    fmt::print("P-portion ({} element{}){}{}\n", p_words.size(), p_words.size() == 1 ? "" : "s",
               p_words.empty() ? "" : ": ", p_list);
    fmt::print("The product {} is {}in the P-portion, so {}", pr.element(s.product),
               s.winner == Winner::second ? "" : "not ", outcome_sentence(s.winner));
    if (s.winner == Winner::second)
      fmt::print(": every move gives a product outside it.\n");
    else if (terminal)
      fmt::print(": no heap has a move, and under misère play whoever cannot move has won.\n");
    else
      fmt::print(": move in one heap so that the product lands in it.\n");
  } else {
    fmt::print(
        "Here {}{}.\n", outcome_sentence(s.winner),
        terminal ? ": no heap has a move, and under misère play whoever cannot move has won" : "");
  }
  if (terminal) return;
  const quotient::Multiplier mult(q.run.quotient.monoid);
  for (std::size_t i = 0; i < s.winning_moves.size() && i < kSumMovesShown; ++i) {
    const auto& m = s.winning_moves[i];
    fmt::print("Winning move: {}: {}", heap_label(s, m.heap), octal_move_text(m.move));
    if (explain) {
      // The product after the move, for the explanation.
      quotient::Element x = 0;
      for (std::size_t j = 0; j < s.heaps.size(); ++j)
        if (j != m.heap) x = mult.times(x, s.elements[j]);
      for (const auto part : {m.move.a, m.move.b, m.move.c})
        if (part > 0) x = mult.times(x, *q.run.element(part));
      fmt::print(" (product {}, in the P-portion)", pr.element(x));
    }
    fmt::print(".\n");
  }
  print_moves_tail(s);
}

}  // namespace

void print_octal_sum(const oct::OctalCode& code, const oct::SumAnalysis& s,
                     const oct::MisereQuotient* q, bool explain) {
  if (s.rule == Rule::normal)
    print_normal_sum(code, s);
  else
    print_misere_sum(code, s, *q, explain);
}

}  // namespace grundy::cli
