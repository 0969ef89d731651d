#pragma once
// The endpoints of the JSON API, one function each (api.cpp lists them with their paths), and
// the limits that keep a request within its compute budget where an engine has no stop flag.
#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

#include "web/budget.h"

namespace grundy::web {

// Values listed in one answer (subtraction and octal tables): the page shows a few hundred.
inline constexpr std::uint64_t kMaxWebValues = 100'000;
// Subtraction games: the largest amount of a finite set (its period search is linear in it),
// and heaps computed directly for rule-defined sets (squares: ~sqrt(n) moves each).
inline constexpr std::uint64_t kMaxWebSubtractionAmount = 4096;
inline constexpr std::uint64_t kMaxWebDirectHeap = 100'000;
// Octal games: values the period search may compute (--limit), and heaps computed directly.
inline constexpr std::uint64_t kMaxWebOctalLimit = std::uint64_t{1} << 20;
// Dots and Boxes: the solver's table and its time per question.
inline constexpr std::uint64_t kWebDotsTableMiB = 64;

// Ultimate Tic-Tac-Toe: playouts (mcts) or nodes (alphabeta) one request may ask for; the
// budget's stop flag ends the search sooner when the machine is slow.
inline constexpr std::uint64_t kMaxWebUtttIterations = 1'000'000;
// ... and per position of a game's analysis (a game has at most 81 positions).
inline constexpr std::uint64_t kMaxWebUtttReviewIterations = 100'000;

nlohmann::json nim_route(std::string_view body, const Budget& budget);
nlohmann::json subtraction_route(std::string_view body, const Budget& budget);
nlohmann::json octal_route(std::string_view body, const Budget& budget);
nlohmann::json dag_route(std::string_view body, const Budget& budget);
nlohmann::json hackenbush_route(std::string_view body, const Budget& budget);
nlohmann::json dots_show_route(std::string_view body, const Budget& budget);
nlohmann::json dots_analyze_route(std::string_view body, const Budget& budget);
nlohmann::json dots_solve_route(std::string_view body, const Budget& budget);
nlohmann::json dots_move_route(std::string_view body, const Budget& budget);
nlohmann::json dots_analyze_game_route(std::string_view body, const Budget& budget);
nlohmann::json uttt_show_route(std::string_view body, const Budget& budget);
nlohmann::json uttt_analyze_route(std::string_view body, const Budget& budget);
nlohmann::json uttt_analyze_game_route(std::string_view body, const Budget& budget);

}  // namespace grundy::web
