#!/bin/bash
# selfplay.sh TAG "NEW ENGINE ARGS" "OLD ENGINE ARGS": 120 games at 100 ms, concurrency 2, under the lock.
TAG=$1 NEW=$2 OLD=$3
cd /work/main
uptime > /work/notes/lead25/$TAG.uptime
flock /work/notes/timed.lock python3 scripts/match.py --game gomoku --variant size=15 --games 120 --movetime 100 \
  --openings results/gomoku-rapfi/openings_random60_seed13.txt --concurrency 2 --sgf /work/notes/lead25/$TAG.sgf \
  --engine $NEW --engine $OLD > /work/notes/lead25/$TAG.txt 2>&1
uptime >> /work/notes/lead25/$TAG.uptime
echo "$TAG: $(grep -E '^(new|Elo)' /work/notes/lead25/$TAG.txt | tr '\n' ' ')" >> /work/notes/lead25/summary.txt
