#!/bin/sh
# Issue 13: Othello, 2 threads vs 1 at equal time (movetime 100), paired random 6-ply openings,
# concurrency 1 (the 2-thread engine needs both cores), nothing else running.
# Usage: smp5.sh BINARY GAMES SEED OUT(absolute)
cd /work/main
uptime
python3 scripts/match.py --quiet --random-plies 6 --seed "$3" --concurrency 1 --game othello --games "$2" --movetime 100 \
  --engine cmd="$1" name=threads2 option.Threads=2 \
  --engine cmd="$1" name=threads1 option.Threads=1 \
  --out "$4"
uptime
