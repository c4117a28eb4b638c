#!/bin/sh
# Session 6, helper c4smp: timed go with 2 threads, solver helpers (smp, = 8209ddf) vs the
# solver on the main thread with the search's helpers beside it (solo), and 1 thread (one);
# then small middle-game solves 1 vs 2 threads. Started by quiet_run.py under the timing lock.
cd /work/wt-c4smp6
date -u; uptime
python3 results/connect-four-threads/keep_threads.py --save-moves /work/notes/c4smp6/keep5.jsonl --positions 150 --min-ply 8 --max-ply 16 --movetime 100 --seed 7 smp=/work/notes/c4smp6/bin/arbor-v2:2 solo=/work/notes/c4smp6/bin/arbor-solo:2 one=/work/notes/c4smp6/bin/arbor-v2:1
date -u; uptime
python3 results/connect-four-threads/solve_threads.py --data /work/shared/benchdata --sets Test_L2_R2:25:40 --base one one=/work/notes/c4smp6/bin/arbor-v2:1 v2=/work/notes/c4smp6/bin/arbor-v2:2
date -u; uptime
