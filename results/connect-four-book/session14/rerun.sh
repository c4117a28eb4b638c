#!/bin/sh
# Seed 1 twice more, then seed 2 (out of sample), each under the timing lock.
for run in r2 r3; do
  flock /work/notes/timed.lock sh -c "uptime > keep500-$run.uptime; python3 ../../../scripts/bench_connect4_keep.py --engine /work/notes/lead14/arbor-b9 --compare /work/bin/arbor-s14 --positions 500 --movetime 100 --seed 1 --save-moves keep500-$run.jsonl > keep500-$run-play.txt 2>&1; uptime >> keep500-$run.uptime"
done
flock /work/notes/timed.lock sh -c "uptime > keep500-seed2.uptime; python3 ../../../scripts/bench_connect4_keep.py --engine /work/notes/lead14/arbor-b9 --compare /work/bin/arbor-s14 --positions 500 --movetime 100 --seed 2 --save-moves keep500-seed2.jsonl > keep500-seed2-play.txt 2>&1; uptime >> keep500-seed2.uptime"
