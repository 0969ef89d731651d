#!/usr/bin/env bash
# Runs every "$ grundy ..." line in README.md's code blocks. Where output lines follow it inside
# the block, they must match exactly; otherwise the command must just exit with status 0.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
: "${GRUNDY:?set GRUNDY to the grundy binary}"
cd "$root"
python3 - "$GRUNDY" <<'PY'
import shlex, subprocess, sys, tempfile
grundy = sys.argv[1]
# The README writes to /tmp/NAME; each run gets its own directory instead, so that two suites at
# once (two checkouts on one machine) never meet on a file or its lock.
scratch = tempfile.TemporaryDirectory(prefix="grundy-readme-")
lines = open("README.md", encoding="utf-8").read().split("\n")
cases, in_block, current = [], False, None
for line in lines:
    if line.startswith("```"):
        if in_block and current: cases.append(current)
        in_block, current = not in_block, None
        continue
    if not in_block: continue
    if line.startswith("$ grundy"):
        if current: cases.append(current)
        current = [line[len("$ grundy"):].strip(), []]
    elif current is not None:
        current[1].append(line)
failed = 0
for args, expected in cases:
    if args.startswith("bench"):
        continue  # tests/bench_signature.sh runs it (optimised build only)
    argv = [a.replace("/tmp/", scratch.name + "/") for a in shlex.split(args)]
    r = subprocess.run([grundy] + argv, capture_output=True, text=True, timeout=300)
    ok = r.returncode == 0 and (not expected or r.stdout.rstrip("\n").split("\n") == expected)
    if not ok:
        failed += 1
        print(f"FAIL: grundy {args} (exit {r.returncode})")
        print("expected:\n" + "\n".join(expected) + "\ngot:\n" + r.stdout + r.stderr)
print(f"readme examples: {len([c for c in cases if not c[0].startswith('bench')]) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
