#!/bin/sh
# Final main (/work/bin/arbor-s5) at 100 ms/move vs NTest depth 4, 40 games, paired random 6-ply openings.
cd /work/main
N=/work/anchors/src/weltyc+ntest/build/ntest
uptime
python3 scripts/match.py --game othello --games 40 --concurrency 1 --timemargin 200 --random-plies 6 --seed 2031 \
  --engine cmd=/work/bin/arbor-s5 name=arbor movetime=100 \
  --engine cmd=$N proto=nboard dir=/work/anchors/ntest-run name=ntest-d4 depth=4 \
  --out /work/notes/lead5/ntest-d4-2031.jsonl --quiet
uptime
