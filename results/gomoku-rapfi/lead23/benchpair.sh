#!/bin/bash
# Forced wins side by side (5 s a move): the engine with OPTIONS, then without; the shared set, then the own set.
# usage: benchpair.sh BIN OUT "--option A=B --option C=D"
BIN=$1 OUT=$2 OPTS=$3
cd /work/main
for B in new old; do
  O=$OPTS; [ $B = old ] && O=""
  echo "== $B $O $(uptime)"
  python3 scripts/bench_gomoku.py --engine "$BIN" --movetime 5000 --skip-speed $O /work/shared/benchdata > "$OUT-forced-$B.txt" 2>&1
  python3 scripts/bench_gomoku.py --engine "$BIN" --movetime 5000 --skip-speed $O /work/notes/gproof10/own > "$OUT-mates-$B.txt" 2>&1
  echo "   done $(uptime)"
done
