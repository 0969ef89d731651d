#!/usr/bin/env bash
# Exports a proof with `grundy uttt solve --proof` and checks it with tools/uttt_proof_check, a
# program that shares no code with grundy; then checks that tampered copies are rejected.
set -u
: "${GRUNDY:?set GRUNDY to the grundy binary}"
: "${CHECKER:?set CHECKER to the uttt_proof_check binary}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
check() {  # name, expected exit status, file
  "$CHECKER" "$3" >"$dir/out" 2>&1
  code=$?
  if [ "$code" != "$2" ]; then
    echo "FAIL $1: exit status $code, expected $2"
    cat "$dir/out"
    fail=1
  else
    echo "ok $1: $(head -n 1 "$dir/out")"
  fi
}
# Orlin rules, 52 moves into a game X wins (from MCTS play): a small proof.
start="e5 d4 c1 h3 e7 e1 f2 g5 c5 h4 d2 b4 e3 f9 g7 a1 c2 i4 h1 f1 g3 c8 i5 g6 a8 b6 f8 i6 i8 h6 e9 d8 a5 b5 d5 a4 c3 g9 a7 b1 e2 f5 g4 b3 d9 b9 d7 a2 c4 i2 h5 e6"
"$GRUNDY" uttt solve --rules orlin --moves "$start" --memory 16 --proof "$dir/proof" >"$dir/solve" 2>&1 || {
  echo "FAIL: grundy uttt solve failed"
  cat "$dir/solve"
  exit 1
}
grep -q "Result: X wins" "$dir/solve" || { echo "FAIL: not proved a win"; cat "$dir/solve"; exit 1; }
check valid 0 "$dir/proof"
# A different first move: the replay goes wrong somewhere.
awk 'NR==6 { $1 = ($1 == "a1" ? "b1" : "a1") } { print }' "$dir/proof" >"$dir/bad_move"
check tampered_move 1 "$dir/bad_move"
# A move missing at the end.
awk 'NR==FNR { n = NR; next } FNR < n { print; next } { sub(/ [^ ]*$/, ""); print }' \
  "$dir/proof" "$dir/proof" >"$dir/short"
check truncated 1 "$dir/short"
# A proof of the wrong player.
sed 's/^prover X$/prover O/' "$dir/proof" >"$dir/wrong_prover"
check wrong_prover 1 "$dir/wrong_prover"
printf 'not a proof\n' >"$dir/garbage"
check garbage 1 "$dir/garbage"
# The header: each field once, in order, and the count in digits (a sign used to wrap).
says() {  # name, the start of the message the last check printed
  grep -q "^invalid: $2" "$dir/out" || {
    echo "FAIL $1: the message is not '$2...'"
    fail=1
  }
}
sed 's/^moves .*/moves -5/' "$dir/proof" >"$dir/negative_count"
check negative_count 1 "$dir/negative_count"
says negative_count "the move count '-5' is not a whole number"
sed 's/^moves .*/moves 1 2/' "$dir/proof" >"$dir/two_counts"
check two_counts 1 "$dir/two_counts"
says two_counts "header line 'moves 1 2' has more than one value"
sed 's/^prover X$/rules orlin/' "$dir/proof" >"$dir/repeated_field"
check repeated_field 1 "$dir/repeated_field"
says repeated_field "header line 'rules orlin': expected 'prover' here"
if [ "$fail" = 0 ]; then echo "uttt proof check: passed"; fi
exit "$fail"
