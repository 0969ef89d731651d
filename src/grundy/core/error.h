#pragma once
// Typed errors. Interfaces turn every one of them into a one-line message and exit status 2.
#include <stdexcept>
#include <string>

namespace grundy {

// Input that does not describe a valid game or position: the message names the bad part.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The move graph has a cycle, so the game is not finite and has no Grundy values.
class CycleError : public InputError {
 public:
  using InputError::InputError;
};

// A request that is valid but exceeds a stated bound (memory, positions, values).
class LimitError : public InputError {
 public:
  using InputError::InputError;
};

// The environment failed us (a write to a full disk, a read error): not the user's input.
// Interfaces print one line and exit with status 1.
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace grundy
