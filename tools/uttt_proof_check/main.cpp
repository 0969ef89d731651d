// uttt_proof_check: an independent checker of Ultimate Tic-Tac-Toe win proofs exported by
// `grundy uttt solve --proof FILE` (format: docs/uttt.md, "Proof files").
//
// It shares no code with grundy: the rules are written again here, as plainly as possible (a
// 9x9 array of cells, no bitboards, no hashing tricks), and the proof is replayed depth first:
//   - at a position where the prover is to move, the next move of the file is read, checked
//     legal and played;
//   - at a position where the opponent is to move, every legal move is tried, in increasing
//     order of 9 * board + cell (boards and cells numbered 0-8 row by row);
//   - a position met before (the same cells, owners, forced board and player to move) is not
//     replayed again: it was already shown won;
//   - every finished game reached must be won by the prover, and the file must end exactly
//     when the replay does.
// The game is finite, so if the replay succeeds the prover's moves win against every defence.
//
// Usage: uttt_proof_check FILE   (exit 0: the proof is valid; 1: it is not, with the reason)
#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

namespace {

struct Failure {
  std::string why;
};

[[noreturn]] void fail(const std::string& why) {
  throw Failure{why};
}

constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                              {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

struct Position {
  bool orlin = false;
  bool codingame = false;  // standard rules, and a game without a line goes to the owner of more
                           // boards (equal: a draw)
  std::array<char, 81> cell{};  // index 9 * board + cell: 0 empty, 'X', 'O'
  std::array<char, 9> owner{};  // 0, 'X' or 'O'
  int target = -1;              // the board named by the last move (-1 at the start)
  char turn = 'X';
  char winner = 0;

  bool full(int b) const {
    for (int c = 0; c < 9; ++c)
      if (cell[9 * b + c] == 0) return false;
    return true;
  }
  bool playable(int b) const { return !full(b) && (orlin || owner[b] == 0); }
  std::vector<int> moves() const {
    std::vector<int> out;
    if (winner) return out;
    const bool anywhere = target < 0 || !playable(target);
    for (int b = 0; b < 9; ++b) {
      if ((!anywhere && b != target) || !playable(b)) continue;
      for (int c = 0; c < 9; ++c)
        if (cell[9 * b + c] == 0) out.push_back(9 * b + c);
    }
    return out;
  }
  bool has_line(const std::function<bool(int)>& mine) const {
    for (const auto& l : kLines)
      if (mine(l[0]) && mine(l[1]) && mine(l[2])) return true;
    return false;
  }
  void play(int m) {
    const int b = m / 9;
    cell[m] = turn;
    if (owner[b] == 0 && has_line([&](int c) { return cell[9 * b + c] == turn; })) {
      owner[b] = turn;
      if (has_line([&](int x) { return owner[x] == turn; })) winner = turn;
    }
    target = m % 9;
    turn = turn == 'X' ? 'O' : 'X';
    if (codingame && !winner && moves().empty()) {
      int x = 0, o = 0;
      for (char w : owner) x += w == 'X', o += w == 'O';
      if (x != o) winner = x > o ? 'X' : 'O';
    }
  }
  // Everything that decides the future: cells, owners, the board to play in, who moves.
  std::string key() const {
    std::string k(cell.begin(), cell.end());
    k.append(owner.begin(), owner.end());
    const bool anywhere = target < 0 || !playable(target);
    k.push_back(static_cast<char>(anywhere ? 9 : target));
    k.push_back(turn);
    return k;
  }
};

int parse_cell(const std::string& s) {
  if (s.size() != 2 || s[0] < 'a' || s[0] > 'i' || s[1] < '1' || s[1] > '9')
    fail("'" + s + "' is not a cell (a1 to i9)");
  const int col = s[0] - 'a', row = s[1] - '1';
  return 9 * ((row / 3) * 3 + col / 3) + (row % 3) * 3 + col % 3;
}

struct Checker {
  std::istringstream moves;
  char prover = 'X';
  std::unordered_set<std::string> seen;
  std::uint64_t positions = 0, prover_moves = 0, leaves = 0;

  void replay(Position& p) {
    ++positions;
    const auto legal = p.moves();
    if (legal.empty()) {
      if (p.winner != prover)
        fail(p.winner ? "a line of the proof ends in a loss for the prover"
                      : "a line of the proof ends in a draw");
      ++leaves;
      return;
    }
    if (!seen.insert(p.key()).second) return;
    if (p.turn == prover) {
      std::string token;
      if (!(moves >> token)) fail("the proof ends before the replay does");
      const int m = parse_cell(token);
      bool ok = false;
      for (int x : legal) ok |= x == m;
      if (!ok) fail("move " + std::to_string(prover_moves + 1) + " '" + token + "' is illegal");
      ++prover_moves;
      Position next = p;
      next.play(m);
      replay(next);
      return;
    }
    for (int m : legal) {
      Position next = p;
      next.play(m);
      replay(next);
    }
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: uttt_proof_check PROOF_FILE\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "uttt_proof_check: cannot read '%s'\n", argv[1]);
    return 2;
  }
  try {
    std::string line, word;
    std::getline(in, line);
    if (line != "grundy-uttt-proof 1") fail("not a proof file (first line)");
    Position start;
    Checker checker;
    std::uint64_t declared = 0;
    // The four header lines, each once, in this order; nothing after a field's value.
    const char* const kFields[4] = {"rules", "start", "prover", "moves"};
    for (const char* field : kFields) {
      if (!std::getline(in, line)) fail("the header is incomplete");
      std::istringstream h(line);
      if (!(h >> word) || word != field)
        fail("header line '" + line + "': expected '" + field + "' here");
      if (word == "start") {
        std::vector<std::string> tokens;
        while (h >> word)
          if (word != "-") tokens.push_back(word);
        for (const auto& t : tokens) {
          const int m = parse_cell(t);
          bool ok = false;
          for (int x : start.moves()) ok |= x == m;
          if (!ok) fail("start move '" + t + "' is illegal");
          start.play(m);
        }
        continue;
      }
      if (!(h >> word)) fail("header line '" + line + "' has no value");
      std::string extra;
      if (h >> extra) fail("header line '" + line + "' has more than one value");
      if (std::string(field) == "rules") {
        if (word != "standard" && word != "orlin" && word != "codingame")
          fail("unknown rules '" + word + "'");
        start.orlin = word == "orlin";
        start.codingame = word == "codingame";
      } else if (std::string(field) == "prover") {
        if (word != "X" && word != "O") fail("the prover must be X or O");
        checker.prover = word[0];
      } else {  // moves: a whole number written in digits (no sign), below 10^18
        if (word.empty() || word.size() > 18 ||
            word.find_first_not_of("0123456789") != std::string::npos)
          fail("the move count '" + word + "' is not a whole number below 10^18");
        declared = std::stoull(word);
      }
    }
    if (start.turn != checker.prover) fail("the prover is not the player to move at the start");
    std::stringstream rest;
    rest << in.rdbuf();
    checker.moves.str(rest.str());
    checker.replay(start);
    std::string extra;
    if (checker.moves >> extra) fail("the proof has moves left over after the replay");
    if (checker.prover_moves != declared)
      fail("the header announces " + std::to_string(declared) + " moves; the proof has " +
           std::to_string(checker.prover_moves));
    std::printf(
        "valid: %c wins (%s rules); %llu prover moves, %llu positions replayed, %llu distinct, "
        "%llu won leaves\n",
        checker.prover,
        start.orlin       ? "orlin"
        : start.codingame ? "codingame"
                          : "standard",
        static_cast<unsigned long long>(checker.prover_moves),
        static_cast<unsigned long long>(checker.positions),
        static_cast<unsigned long long>(checker.seen.size()),
        static_cast<unsigned long long>(checker.leaves));
    return 0;
  } catch (const Failure& f) {
    std::printf("invalid: %s\n", f.why.c_str());
    return 1;
  }
}
