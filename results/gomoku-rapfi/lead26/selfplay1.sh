#!/bin/bash
# selfplay1.sh LOCK TAG "NEW ENGINE ARGS" "OLD ENGINE ARGS": 120 games at 100 ms, concurrency 1, under LOCK.
LOCK=$1 TAG=$2 NEW=$3 OLD=$4
cd /work/main
uptime > /work/notes/lead26/$TAG.uptime
flock $LOCK python3 scripts/match.py --game gomoku --variant size=15 --games 120 --movetime 100 \
  --openings results/gomoku-rapfi/openings_random60_seed13.txt --concurrency 1 --sgf /work/notes/lead26/$TAG.sgf \
  --engine $NEW --engine $OLD > /work/notes/lead26/$TAG.txt 2>&1
uptime >> /work/notes/lead26/$TAG.uptime
echo "$TAG: $(grep -E '^(new|Elo)' /work/notes/lead26/$TAG.txt | tr '\n' ' ')" >> /work/notes/lead26/summary.txt
