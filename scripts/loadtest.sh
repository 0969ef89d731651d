#!/usr/bin/env bash
# `make loadtest`: 30 s of wrk at 64 connections against `grundy serve` on a free loopback port,
# a mix of page loads and API requests (tests/web/loadtest.lua). Fails on any socket error or
# any status but 200. Prints throughput, latency percentiles and the server's peak memory.
set -euo pipefail
: "${GRUNDY:?set GRUNDY to the grundy binary}"
here=$(cd "$(dirname "$0")/.." && pwd)
duration=${DURATION:-30s}
connections=${CONNECTIONS:-64}
out=$(mktemp)
log=$(mktemp)
"$GRUNDY" serve --port 0 >"$log" 2>&1 &
server=$!
trap 'kill -INT $server 2>/dev/null || true; rm -f "$out" "$log"' EXIT
for _ in $(seq 100); do
  url=$(sed -n 's/^grundy serve: \(http[^ ]*\).*/\1/p' "$log")
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "loadtest: the server did not start"; cat "$log"; exit 1; }
echo "loadtest: wrk -t2 -c$connections -d$duration against $url ($(nproc) cores)"
wrk -t2 -c"$connections" -d"$duration" --timeout 10s -s "$here/tests/web/loadtest.lua" "$url" \
  | tee "$out"
peak=$(awk '/VmHWM/ {print $2, $3}' "/proc/$server/status")
echo "server peak memory (VmHWM): $peak"
fail=0
if grep -Eq 'socket errors: connect [1-9]|read [1-9]|write [1-9]|timeout [1-9]' "$out"; then
  echo "loadtest: socket errors"; fail=1
fi
if grep -E '^status ' "$out" | grep -vq '^status 200:'; then
  echo "loadtest: statuses other than 200"; fail=1
fi
if grep -q 'Non-2xx' "$out"; then echo "loadtest: non-2xx responses"; fail=1; fi
[ "$fail" = 0 ] && echo "loadtest: passed (no socket error, every answer 200)"
exit $fail
