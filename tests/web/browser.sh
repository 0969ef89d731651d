#!/usr/bin/env bash
# The browser tests (tests/web/browser.test.mjs) with node's test runner: Playwright from
# tests/web/node_modules (installed by scripts/install-deps.sh) driving Debian's chromium.
set -euo pipefail
: "${GRUNDY:?set GRUNDY to the grundy binary}"
here=$(cd "$(dirname "$0")" && pwd)
# Under the sanitizers (the second half of `make test`) the server's handlers are exercised by
# tests/web/api_test.py and the web API's fuzz replay; the pages themselves are the same files as
# in the first half, which drives them here in a real browser. Skipped (CTest: 77) to keep
# `make test` within its time.
if [ -n "${GRUNDY_SANITIZED:-}" ]; then
  echo "browser tests: skipped under sanitizers (the release suite runs them)"
  exit 77
fi
if [ ! -d "$here/node_modules/playwright-core" ] || ! command -v chromium >/dev/null; then
  echo "browser tests: run scripts/install-deps.sh first (playwright-core, chromium)" >&2
  exit 1
fi
GRUNDY=$(realpath "$GRUNDY")
export GRUNDY
cd "$here"
exec node --test --test-reporter=spec browser.test.mjs
