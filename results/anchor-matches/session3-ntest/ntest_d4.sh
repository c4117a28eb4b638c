#!/bin/sh
# Final main (/work/bin/arbor-s3) at 100 ms/move vs NTest depth 4, 2 x 40 games, paired random 6-ply openings.
cd /work/main
N=/work/anchors/src/weltyc+ntest/build/ntest
for S in 2027 2028; do
uptime
python3 scripts/match.py --game othello --games 40 --concurrency 1 --timemargin 200 --random-plies 6 --seed $S \
  --engine cmd=/work/bin/arbor-s3 name=arbor movetime=100 \
  --engine cmd=$N proto=nboard dir=/work/anchors/ntest-run name=ntest-d4 depth=4 \
  --out /work/notes/lead/ntest-d4-$S.jsonl --quiet
done
uptime
