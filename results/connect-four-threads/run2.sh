#!/bin/sh
# Session 6, helper c4smp: side-by-side timed run (under flock /work/notes/timed.lock).
cd /work/wt-c4smp6
date -u; uptime
python3 results/connect-four-threads/solve_threads.py --data /work/shared/benchdata --sets Test_L1_R2:25:40 Test_L2_R2:25:40 Test_L1_R3:125:8 --base base1 --base new1 base1=/work/notes/c4smp6/bin/arbor-base:1 new1=/work/notes/c4smp6/bin/arbor-v1:1 new2=/work/notes/c4smp6/bin/arbor-v1:2
uptime
python3 results/connect-four-threads/keep_threads.py --save-moves /work/notes/c4smp6/keep2.jsonl --positions 150 --min-ply 8 --max-ply 16 --movetime 100 --seed 7 smp=/work/notes/c4smp6/bin/arbor-v1:2 solo=/work/notes/c4smp6/bin/arbor-solo:2 one=/work/notes/c4smp6/bin/arbor-v1:1
uptime
for b in arbor-base arbor-v1; do echo $b; /work/notes/c4smp6/bin/$b bench 2>&1 | tail -2; done
date -u; uptime
