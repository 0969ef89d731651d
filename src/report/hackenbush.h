#pragma once
// JSON answers for Hackenbush (`grundy hackenbush --json`, POST /api/hackenbush).
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "grundy/core/partizan.h"
#include "grundy/games/hackenbush/blue_red.h"
#include "grundy/games/hackenbush/explain.h"
#include "grundy/games/hackenbush/graph.h"
#include "grundy/games/hackenbush/green.h"
#include "grundy/games/hackenbush/mixed.h"

namespace grundy::report {

// "blue", "red", "first", "second" and the sentence that goes with each, for positions with blue
// or red edges.
std::string_view hackenbush_winner(Outcome o);
std::string_view hackenbush_winner_sentence(Outcome o);
// Blue-red positions are numbers: positive Blue wins, negative Red, zero the second player.
Outcome blue_red_outcome(const hackenbush::BlueRedAnalysis& a);

// `explanation` (--explain) adds fallen_edges and the steps.
nlohmann::json green_json(const hackenbush::Graph& g, const hackenbush::GreenAnalysis& a,
                          const hackenbush::Explanation* explanation);
nlohmann::json blue_red_json(const hackenbush::Graph& g, const hackenbush::BlueRedAnalysis& a);
nlohmann::json mixed_json(const hackenbush::Graph& g, const hackenbush::MixedAnalysis& a);

// "e3 (1-2 b)": an edge as the answers name it (index, the user's vertex numbers, colour).
std::string hackenbush_edge_name(const hackenbush::Graph& g, std::uint32_t edge);
// --explain, as text (a blank line first): the reductions behind a green value step by step, or
// how a blue-red or mixed value is put together.
std::string green_explanation_text(const hackenbush::Explanation& x);
std::string blue_red_explanation_text(const hackenbush::BlueRedAnalysis& a);
std::string mixed_explanation_text(const hackenbush::Graph& g, const hackenbush::MixedAnalysis& a);

}  // namespace grundy::report
