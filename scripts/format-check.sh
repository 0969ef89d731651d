#!/usr/bin/env bash
# Fails when a tracked C++ file differs from what the checked-in .clang-format produces.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files '*.cpp' '*.h' 2>/dev/null || true)
[ -n "$files" ] || exit 0
# shellcheck disable=SC2086
if ! clang-format --dry-run --Werror $files; then
  echo "format-check: run 'make format'" >&2
  exit 1
fi
