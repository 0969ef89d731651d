#pragma once

#include <cstdlib>

namespace grundy {

// True when the suite runs under AddressSanitizer and UndefinedBehaviorSanitizer (`make test-asan`
// sets GRUNDY_SANITIZED=1): the tests that loop over many random cases take fewer of them there.
inline bool sanitized() {
  return std::getenv("GRUNDY_SANITIZED") != nullptr;
}

}  // namespace grundy
