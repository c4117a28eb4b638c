#!/bin/sh
# cmp.sh GAME DEPTH ROUNDS BIN...: each binary's smp_speedup GAME DEPTH 2 1, alternating, ROUNDS times
game=$1; depth=$2; rounds=$3; shift 3
for r in $(seq 1 $rounds); do
  for b in "$@"; do
    echo "== $b $(cut -d' ' -f1 /proc/loadavg)"; ./$b $game $depth 2 1 | head -1
  done
done
