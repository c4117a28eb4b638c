#!/bin/sh
# run_selfplay.sh NEW TAG [OLD]: 120 games at 100 ms against OLD (default arbor-s15), under the exclusive lock.
NEW=$1; TAG=$2; OLD=${3:-/work/bin/arbor-s15}
cd /work/notes/gplay15
flock /work/notes/timed.lock sh -c "uptime > $TAG.uptime; python3 /work/wt-gplay15/scripts/match.py --game gomoku --engine cmd=$NEW name=new --engine cmd=$OLD name=old --games 120 --movetime 100 --openings /work/wt-gplay15/results/gomoku-rapfi/openings_random60_seed13.txt --concurrency 1 --sgf $TAG.sgf > $TAG.txt 2>&1; uptime >> $TAG.uptime"
