#!/usr/bin/env bash
# `pip install --no-build-isolation .` into a fresh venv that sees Debian's packages (the way
# docs/python.md says), offline (--no-index), reusing the CMake build in $BUILD; then the
# installed module answers from outside the source tree.
set -euo pipefail
SRC="$(cd "$(dirname "$0")/../.." && pwd)"
: "${BUILD:?set BUILD to the CMake build directory}"
: "${PYTHON:=/usr/bin/python3}"
venv="$BUILD/pip-test-venv"
rm -rf "$venv"
"$PYTHON" -m venv --system-site-packages "$venv"
GRUNDY_BUILD_DIR="$BUILD" "$venv/bin/pip" install --no-build-isolation --no-index --quiet \
  --disable-pip-version-check "$SRC"
cd /
"$venv/bin/python" - <<'PY'
import grundy, os
assert "site-packages" in os.path.dirname(grundy.__file__), grundy.__file__
assert grundy.nim([3, 4, 5]).value == 2
assert list(grundy.octal("0.77").table(5)) == [0, 1, 2, 3, 1]
print("pip install: ok,", grundy.__file__)
PY
rm -rf "$venv"
