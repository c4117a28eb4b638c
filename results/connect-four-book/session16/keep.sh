#!/bin/sh
# Keep benchmark of session 16: NEW (the ply-10 book of session 16)
# against OLD (/work/bin/arbor-s16 = session start: session 15s book), seeds given as arguments; each seed's
# moves under the exclusive timing lock, then judged whole (untimed, under the shared lock)
# by NEW as the referee (win/draw/loss solves, plies 0-9 answered by its book).
# Usage (from this folder): sh keep.sh NEW OLD SEED...
new=$1; old=$2; shift 2
for seed in "$@"; do
  flock /work/notes/timed.lock sh -c "uptime > keep500-seed$seed.uptime; python3 ../../../scripts/bench_connect4_keep.py --engine $new --compare $old --positions 500 --movetime 100 --seed $seed --save-moves keep500-seed$seed.jsonl > keep500-seed$seed-play.txt 2>&1; uptime >> keep500-seed$seed.uptime"
done
for seed in "$@"; do
  flock -s /work/notes/timed.lock python3 ../../../scripts/bench_connect4_keep.py --judge keep500-seed$seed.jsonl --referee $new --wdl --referee-hash 4096 --cap 600 > keep500-seed$seed-judge.txt 2>&1
  python3 ../session4/summarize.py keep500-seed$seed-judge.txt > keep500-seed$seed-summary.txt 2>&1
done
