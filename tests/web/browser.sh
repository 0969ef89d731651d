#!/usr/bin/env bash
# The browser tests (tests/web/browser.test.mjs) with node's test runner: Playwright from
# tests/web/node_modules (installed by scripts/install-deps.sh) driving Debian's chromium.
set -euo pipefail
: "${GRUNDY:?set GRUNDY to the grundy binary}"
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -d "$here/node_modules/playwright-core" ] || ! command -v chromium >/dev/null; then
  echo "browser tests: run scripts/install-deps.sh first (playwright-core, chromium)" >&2
  exit 1
fi
GRUNDY=$(realpath "$GRUNDY")
export GRUNDY
cd "$here"
exec node --test --test-reporter=spec browser.test.mjs
