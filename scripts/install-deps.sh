#!/usr/bin/env bash
# Installs the Debian packages grundy needs, and only those that are missing.
# Idempotent: a second run installs nothing and does not touch the network.
set -euo pipefail

packages=(
  g++ cmake ninja-build make clang-format python3 pkg-config clang-14 libclang-rt-14-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev libfmt-dev nlohmann-json3-dev libcpp-httplib-dev libabsl-dev libgmp-dev
  # The web app renders docs/*.md as pages (md4c, GitHub's dialect: tables).
  libmd4c-dev libmd4c-html0-dev
  # The web app's browser tests (Playwright drives Debian's Chromium) and its load test.
  chromium wrk
  # The Python module (pybind11) and its tests: pytest, hypothesis, the notebook run headless,
  # networkx graphs as games, and `pip install .` into a venv (setuptools, wheel, venv).
  pybind11-dev python3-dev python3-numpy python3-pytest python3-hypothesis python3-networkx
  python3-nbclient python3-nbformat python3-ipykernel python3-setuptools python3-wheel python3-pip
  python3-venv
)
# npm for the browser tests' one package (playwright-core): Debian's nodejs and npm, unless a
# node with npm is already installed.
if ! command -v npm >/dev/null 2>&1; then packages+=(nodejs npm); fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The browser tests' npm package, pinned by tests/web/package-lock.json; installed again only
# when the lock file changes (never a browser download: the tests use Debian's chromium).
web_tests="$(cd "$(dirname "$0")/.." && pwd)/tests/web"
stamp="$web_tests/node_modules/.installed-package-lock.json"
if ! cmp -s "$web_tests/package-lock.json" "$stamp"; then
  echo "install-deps: npm ci in tests/web (playwright-core)" >&2
  (cd "$web_tests" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  cp "$web_tests/package-lock.json" "$stamp"
fi
