#pragma once
// How an engine reports the progress of a long computation: `done` steps of `total` so far (the
// unit is the engine's: values computed, positions searched). Engines call it every so often
// (not every step) from the computing thread and never print; interfaces decide whether and how
// to show it (grundy shows a line with an ETA on a terminal, or with --progress).
#include <cstdint>
#include <functional>

namespace grundy {

using ProgressFn = std::function<void(std::uint64_t done, std::uint64_t total)>;

}  // namespace grundy
