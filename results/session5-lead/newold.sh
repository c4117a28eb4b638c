#!/bin/sh
# Usage: newold.sh GAME NEW OLD GAMES SEED OUT [extra match.py args]
# New vs old at equal time, 1 thread each, paired random openings, concurrency 1.
cd /work/main
g=$1; new=$2; old=$3; n=$4; seed=$5; out=$6; shift 6
uptime
python3 scripts/match.py --quiet --random-plies 6 --seed "$seed" --concurrency 1 --game "$g" --games "$n" --movetime 100 \
  --engine cmd="$new" name=new --engine cmd="$old" name=old --out "$out" "$@"
uptime
