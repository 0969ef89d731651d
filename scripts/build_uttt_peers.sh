#!/usr/bin/env bash
# Builds the public Ultimate Tic-Tac-Toe bots that docs/uttt.md measures grundy against, from
# source directories the user fetched (never part of this repository); each is skipped when its
# directory is not given or not there.
#
#   TOMALARD_DIR=/path/to/UTTT_player      TomAlard/UTTT_player (one C file, codingame_file.c;
#                                           speaks the CodinGame protocol): built with gcc -O2 and
#                                           the flags of its own CMakeLists.txt
#   ZIAP_DIR=/path/to/uttt ZIAP_DRIVER=F.c  ziap/uttt (C99; speaks no protocol): its src/*.c but
#                                           mcts.c, with a driver of your own that #includes
#                                           "../src/mcts.c" and speaks the protocol
#   OUT=DIR                                 where the binaries go (default: build/peers)
#
# Example: TOMALARD_DIR=/work/ext/tomalard OUT=/work/ext/bin scripts/build_uttt_peers.sh
set -eu
out=${OUT:-build/peers}
mkdir -p "$out"
built=0
if [ -n "${TOMALARD_DIR:-}" ] && [ -f "$TOMALARD_DIR/codingame_file.c" ]; then
  gcc -O2 -march=native -funroll-loops -fomit-frame-pointer -o "$out/tomalard-bot" \
    "$TOMALARD_DIR/codingame_file.c" -lm
  echo "built $out/tomalard-bot ($(git -C "$TOMALARD_DIR" rev-parse --short HEAD 2>/dev/null ||
    echo 'version unknown'))"
  built=$((built + 1))
else
  echo "skipped TomAlard/UTTT_player (set TOMALARD_DIR to its source)"
fi
if [ -n "${ZIAP_DIR:-}" ] && [ -d "$ZIAP_DIR/src" ] && [ -f "${ZIAP_DRIVER:-}" ]; then
  srcs=$(ls "$ZIAP_DIR"/src/*.c | grep -v '/mcts\.c$')
  # shellcheck disable=SC2086
  gcc -O2 -march=native -std=gnu99 -I"$ZIAP_DIR/src" -o "$out/ziap-bot" "$ZIAP_DRIVER" $srcs -lm
  echo "built $out/ziap-bot"
  built=$((built + 1))
else
  echo "skipped ziap/uttt (set ZIAP_DIR to its source and ZIAP_DRIVER to your driver)"
fi
echo "$built peer(s) built in $out"
