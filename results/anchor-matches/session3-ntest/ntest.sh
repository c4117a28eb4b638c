#!/bin/sh
# arbor (ARBOR, default /work/bin/arbor-s3 = session 3's final main) at 100 ms/move vs NTest at
# depth DEPTH, 40 games per seed, paired random 6-ply openings. Usage: ntest.sh DEPTH SEED...
# Session 3 ran `ntest.sh 4 2027 2028`, `ntest.sh 4 2029 2030`, `ntest.sh 8 2027 2028` and
# `ntest.sh 8 2029 2030`, each under `flock /work/notes/timed.lock`. The games go to OUTDIR
# (default /work/notes/lead).
cd /work/main
D=$1; shift
A=${ARBOR:-/work/bin/arbor-s3}
N=/work/anchors/src/weltyc+ntest/build/ntest
for S in "$@"; do
uptime
python3 scripts/match.py --game othello --games 40 --concurrency 1 --timemargin 200 --random-plies 6 --seed $S \
  --engine cmd=$A name=arbor movetime=100 \
  --engine cmd=$N proto=nboard dir=/work/anchors/ntest-run name=ntest-d$D depth=$D \
  --out ${OUTDIR:-/work/notes/lead}/ntest-d$D-$S.jsonl --quiet
done
uptime
