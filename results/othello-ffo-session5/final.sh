#!/bin/bash
# Final side-by-side FFO #40-#44 vs NTest: new build and arbor-s4 alternating, 3 rounds each.
for r in 1 2 3; do
  for b in /work/notes/othello5/arbor-s5 /work/bin/arbor-s4; do
    echo "== round $r $b load $(cut -d' ' -f1-3 /proc/loadavg)"
    python3 /work/wt-othello2/scripts/bench_othello_ffo.py /work/shared/benchdata --engine $b --first 5 --ntest /work/anchors/src/weltyc+ntest/build/ntest --ntest-dir /work/anchors/ntest-run | tail -2
  done
done
