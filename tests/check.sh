# Sourced by the test scripts: counters and `check NAME COMMAND...`, which counts a pass when the
# command succeeds and prints "FAIL NAME" and counts a failure when it does not. The script ends
# with its own summary line and `[ "$fail" = 0 ]`.
pass=0
fail=0
check() {  # check NAME CONDITION-COMMAND...
  local name=$1
  shift
  if "$@"; then pass=$((pass + 1)); else echo "FAIL $name"; fail=$((fail + 1)); fi
}
