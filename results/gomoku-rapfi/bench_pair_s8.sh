#!/bin/bash
# Side-by-side forced-win bench (session 8): NEW then OLD, the shared set then the own set,
# 5 s a move. Run it under the lock: flock /work/notes/timed.lock bench_pair_s8.sh ...
# usage: bench_pair_s8.sh NEW OLD SHARED_DIR OWN_DIR OUT_PREFIX
NEW=$1; OLD=$2; SHARED=$3; OWN=$4; OUT=$5
for B in new old; do
  BIN=$NEW; [ $B = old ] && BIN=$OLD
  echo "== $B $BIN $(uptime)"
  python3 scripts/bench_gomoku.py --engine "$BIN" --movetime 5000 --skip-speed "$SHARED" > "$OUT-forced-$B.txt" 2>&1
  python3 scripts/bench_gomoku.py --engine "$BIN" --movetime 5000 --skip-speed "$OWN" > "$OUT-mates-$B.txt" 2>&1
  echo "   done $(uptime)"
done
