#pragma once
// The exact Dots and Boxes solver: the best final margin of the boxes still to be won, for the
// player to move, and every line that achieves it. Alpha-beta from search/ over SolverState
// (its hooks carry the Dots and Boxes knowledge), with null-window tests bisecting the value.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "grundy/games/dots/state.h"
#include "grundy/search/alpha_beta.h"

namespace grundy::dots {

struct SolveOptions {
  std::size_t table_bytes = std::size_t{256} << 20;
  int threads = 1;
  double seconds = 0;           // 0: no limit
  std::uint64_t max_nodes = 0;  // 0: no limit
  const std::atomic<bool>* stop = nullptr;
  bool symmetry = true;
  bool best_moves = true;  // test every line for `best` (else only one best line)
  std::function<void(const search::SearchProgress&)> progress = nullptr;
  // Long runs: checkpoint to this file every `checkpoint_every` seconds and when stopped;
  // `resume` continues from it (checkpoint.h). A finished solve deletes it.
  std::string checkpoint = {};
  bool resume = false;
  double checkpoint_every = 300;
  // The most table entries a checkpoint keeps, those of the biggest subtrees (checkpoint.h);
  // 0: default_checkpoint_entries.
  std::uint64_t checkpoint_entries = 0;
  // A table to use instead of a fresh one of table_bytes (players keep one between moves:
  // what one solve learns, the next one finds). Used on boards of at most 64 lines.
  search::TranspositionTable* table = nullptr;
};

struct SolveResult {
  bool complete = false;       // false: a budget ended the search first
  int value = 0;               // margin of the boxes still to be won, player to move's view
  int lower = 0, upper = 0;    // what was proven when not complete
  std::vector<int> best;       // lines that achieve `value` (board line indices)
  bool best_complete = false;  // every line was tested (else `best` may miss some)
  std::uint64_t nodes = 0;
  double seconds = 0;
  search::TTStats tt;
  std::uint64_t deferred = 0;      // moves a search thread put off: another was searching them
  bool table_giant_pages = false;  // the table lay in 1 GiB pages (transposition_table.h)
  bool resumed = false;            // continued from a checkpoint
  std::uint64_t nodes_before = 0;  // ... which had searched this many nodes
  bool checkpoint_saved = false;   // stopped early and saved a checkpoint
  std::uint64_t checkpoint_entries = 0;
};

SolveResult solve(const DotsState& s, const SolveOptions& options = {});

// The defaults of `grundy dots solve` (and of the Python module's solve): one search thread up
// to 30 undrawn lines, then every core up to 8; a table of 64 MiB up to 32 undrawn lines, 256 up
// to 35, 1024 up to 40, 4096 beyond, and with a time budget (seconds > 0) at most 64 MiB per
// second of it (a short budget cannot fill a big table, and every first touch of the table
// costs a page).
int default_solve_threads(int undrawn);
std::uint64_t default_table_mib(int undrawn, double seconds);

}  // namespace grundy::dots
