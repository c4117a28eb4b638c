#!/bin/bash
# Quiet side-by-side FFO #40-#44 vs NTest: main's final build and arbor-s4 alternating, 4 rounds.
for r in 1 2 3 4; do
  for b in /work/bin/arbor-s5 /work/bin/arbor-s4; do
    echo "== round $r $b load $(cut -d' ' -f1-3 /proc/loadavg)"
    python3 /work/main/scripts/bench_othello_ffo.py /work/shared/benchdata --engine $b --first 5 --ntest /work/anchors/src/weltyc+ntest/build/ntest --ntest-dir /work/anchors/ntest-run | tail -2
  done
done
