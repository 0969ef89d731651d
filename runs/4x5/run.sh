#!/usr/bin/env bash
# The 4x5 Dots and Boxes solve (issue 27's moonshot), carried from one machine to the next.
#
#   bash runs/4x5/run.sh start    resume the run in the background (from the local checkpoint,
#                                 or from the copy kept here when this machine has none)
#   bash runs/4x5/run.sh status   the last progress line, and the opponent's replies to the
#                                 first move that the latest checkpoint proves refuted
#   bash runs/4x5/run.sh save     shrink the local checkpoint into runs/4x5/4x5.ckpt (commit it;
#                                 `start` also does it every SAVE_EVERY seconds, default 1800,
#                                 while the run lives, so that a session that ends without
#                                 saving still leaves a recent copy in the work tree)
#   bash runs/4x5/run.sh pause|continue|stop
#   bash runs/4x5/run.sh reserve  reserve 14 pages of 1 GiB for the table now (do it before
#                                 `make build` on a fresh machine; `start` uses them)
#
# Environment: GRUNDY (default build/grundy; `start` copies it into the work directory so that
# rebuilding does not change the running program), DIR (default /work/ckpt), THREADS (2),
# TABLE_MB (default: 14336 when 14 pages of 1 GiB can be reserved, else 12288), KEEP (entries
# kept in the copy here, default 500000: 7.5 MB).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=${DIR:-/work/ckpt}
kept=$here/4x5.ckpt
ckpt=$dir/4x5.ckpt
grundy=${GRUNDY:-$root/build/grundy}

last_line() {
  local log
  log=$(ls -t "$dir"/run-*.err 2>/dev/null | head -n 1) || true
  [ -n "$log" ] || { echo "no run has started in $dir"; return; }
  echo "$log:"
  tr '\r' '\n' <"$log" | grep -E '^(solving|grundy)' | tail -n 1
}

pid() { cat "$dir/run.pid" 2>/dev/null || true; }

pool=/sys/kernel/mm/hugepages/hugepages-1048576kB
reserve() {  # reserve N: grow the pool until N pages are free, as far as the kernel can
  if [ -w "$pool/nr_hugepages" ] && [ "$(cat "$pool/free_hugepages")" -lt "$1" ]; then
    # compact memory first: on 2026-12-01 the kernel found 2 free GiB in one piece after the
    # build, and 8 of 10 free GiB after compacting
    [ -w /proc/sys/vm/compact_memory ] && echo 1 >/proc/sys/vm/compact_memory || true
    echo $(( $(cat "$pool/nr_hugepages") + $1 - $(cat "$pool/free_hugepages") )) \
      >"$pool/nr_hugepages" || true
  fi
  [ -r "$pool/free_hugepages" ] && [ "$(cat "$pool/free_hugepages")" -ge "$1" ]
}

case "${1:-}" in
  reserve)
    # First thing on a fresh machine, before building: after a few minutes of compiling the
    # kernel rarely finds 14 free GiB in one piece each (2 of 12 on 2026-12-01, after the build).
    reserve 14 || true
    [ -r "$pool/free_hugepages" ] && echo "1 GiB pages free: $(cat "$pool/free_hugepages")"
    ;;
  start)
    mkdir -p "$dir"
    if [ -n "$(pid)" ] && kill -0 "$(pid)" 2>/dev/null; then
      echo "already running: pid $(pid)"; exit 0
    fi
    if [ ! -s "$ckpt" ] && [ -s "$kept" ]; then
      echo "no local checkpoint: starting from the copy kept in the repository"
      cp "$kept" "$ckpt"
    fi
    rm -f "$ckpt".tmp.*
    # 1 GiB pages for the table when this user may reserve them (docs/distributed.md, "1 GiB
    # pages"): the solver takes them when the pool holds enough, else ordinary pages.
    # Without TABLE_MB, 14 GiB when the pool can hold 14 pages (a 24 GiB machine then keeps
    # about 9 GiB for builds and tests beside the run), else 12 GiB.
    if [ -z "${TABLE_MB:-}" ]; then
      TABLE_MB=12288
      reserve 14 && TABLE_MB=14336
    fi
    want=$(( (TABLE_MB + 1023) / 1024 ))
    reserve "$want" || true
    [ -r "$pool/free_hugepages" ] && echo "1 GiB pages free: $(cat "$pool/free_hugepages") (wanted $want)"
    if [ -w "$pool/nr_hugepages" ]; then
      # give back what a larger try reserved and this table does not use, and all of them when
      # they are too few for it (the table then takes ordinary pages)
      free=$(cat "$pool/free_hugepages")
      keep=$(( free >= want ? want : 0 ))
      echo $(( $(cat "$pool/nr_hugepages") - free + keep )) >"$pool/nr_hugepages" || true
    fi
    echo "table: $TABLE_MB MiB"
    cp "$grundy" "$dir/grundy-run"
    stamp=$(date -u +%Y%m%d-%H%M)
    cd "$dir"
    nohup nice -n 19 ./grundy-run dots solve 4x5 --threads "${THREADS:-2}" \
      --table-mb "$TABLE_MB" --one-best --checkpoint "$ckpt" --checkpoint-every 600 \
      --progress --resume --json >"run-$stamp.json" 2>"run-$stamp.err" &
    echo $! >"$dir/run.pid"
    echo "started: pid $(pid), log $dir/run-$stamp.err"
    GRUNDY="$dir/grundy-run" nohup bash "$here/run.sh" autosave >/dev/null 2>&1 &
    ;;
  autosave)  # (started by `start`) save every SAVE_EVERY seconds while the run lives
    run=$(pid)
    while sleep "${SAVE_EVERY:-1800}" && kill -0 "$run" 2>/dev/null; do
      if [ "$ckpt" -nt "$kept" ]; then
        "$grundy" dots checkpoint "$ckpt" --keep "${KEEP:-500000}" --out "$kept" \
          >"$dir/autosave.log" 2>&1 || true
      fi
    done
    ;;
  status)
    last_line
    # The run's real progress: the opponent's replies to the first move (c3d3) that its latest
    # checkpoint proves refuted (the progress line's i/n are places in orders a resume changes).
    for f in "$ckpt" "$kept"; do
      [ -s "$f" ] || continue
      echo "$f ($(date -u -r "$f" '+%Y-%m-%d %H:%M UTC')), the replies to c3d3:"
      "$grundy" dots checkpoint "$f" --moves c3d3 | tail -n 1
      break
    done
    ;;
  save)
    [ -s "$ckpt" ] || { echo "no checkpoint at $ckpt"; exit 2; }
    "$grundy" dots checkpoint "$ckpt" --keep "${KEEP:-500000}" --out "$kept"
    ;;
  pause) kill -STOP "$(pid)" ;;
  continue) kill -CONT "$(pid)" ;;
  stop) kill -INT "$(pid)" ;;  # saves a checkpoint and exits 130
  *) sed -n '2,19p' "$0"; exit 2 ;;
esac
