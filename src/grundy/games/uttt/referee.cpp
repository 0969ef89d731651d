#include "grundy/games/uttt/referee.h"

#include <cmath>
#include <limits>

#include "grundy/core/error.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/protocol.h"

namespace grundy::uttt {

const char* game_end_name(GameEnd e) {
  switch (e) {
    case GameEnd::line:
      return "line";
    case GameEnd::tie_break:
      return "tie-break";
    case GameEnd::draw:
      return "draw";
    case GameEnd::late:
      return "late";
    case GameEnd::illegal:
      return "illegal";
    case GameEnd::crashed:
      return "crashed";
  }
  return "?";
}

RefereeGame referee_game(Contestant& x, Contestant& o, Rules rules,
                         const std::vector<Board::Move>& opening, const TimeControl& time) {
  RefereeGame g;
  g.opening = opening;
  Contestant* side[2] = {&x, &o};
  bool answered[2] = {false, false};
  Board b(rules);
  std::optional<Board::Move> last;
  auto fault = [&](int who, GameEnd end, std::string detail) {
    g.winner = 1 - who;
    g.end = end;
    g.culprit = who;
    g.detail = std::move(detail);
  };
  x.start();
  o.start();
  while (!b.is_over()) {
    const int who = b.to_move();
    const std::size_t ply = g.moves.size();
    const std::optional<Board::Move> only =
        ply < opening.size() ? std::optional<Board::Move>(opening[ply]) : std::nullopt;
    const double allowed = answered[who] ? time.seconds : time.first_seconds;
    const BotReply r = side[who]->ask(turn_text(b, last, only), allowed);
    answered[who] = true;
    g.longest[who] = std::max(g.longest[who], r.seconds);
    const std::string when = "on move " + std::to_string(ply + 1);
    if (r.kind == BotReply::Kind::closed) {
      fault(who, GameEnd::crashed, when + ": " + r.detail);
      break;
    }
    if (r.kind == BotReply::Kind::late) {
      fault(who, GameEnd::late,
            when + ": no answer within " + std::to_string(std::lround(1000 * allowed)) + " ms");
      break;
    }
    std::optional<Board::Move> m;
    std::string why;
    try {
      m = parse_protocol_cell(r.line, false, true);
      if (only && *m != *only)
        why = "answered " + protocol_cell(*m) + " where the only valid action was " +
              protocol_cell(*only);
      else if (const std::string reason = illegal_reason(b, *m); !reason.empty())
        why = "answered " + protocol_cell(*m) + " (" + cell_name(*m) + "): " + reason;
    } catch (const InputError& e) {
      why = e.what();
    }
    if (!why.empty()) {
      fault(who, GameEnd::illegal, when + ": " + why);
      break;
    }
    b.play(*m);
    g.moves.push_back(*m);
    last = m;
  }
  if (g.culprit < 0) {
    g.winner = b.winner();
    g.end = b.winner() < 0 ? GameEnd::draw : b.won_on_line() ? GameEnd::line : GameEnd::tie_break;
  }
  x.finish();
  o.finish();
  return g;
}

void ArenaTally::add(const RefereeGame& g, bool a_is_x) {
  ++games;
  const int a = a_is_x ? 0 : 1;
  if (a_is_x) ++games_as_x;
  if (g.winner < 0) {
    ++draws;
  } else if (g.winner == a) {
    ++wins;
    ++wins_by[static_cast<int>(g.end)];
    if (a_is_x) ++wins_as_x;
  } else {
    ++losses;
    ++losses_by[static_cast<int>(g.end)];
  }
}

double elo_of_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return 400 * std::log10(score / (1 - score));
}

}  // namespace grundy::uttt
