#!/bin/sh
# Session 6, helper c4smp: variants with 2 threads vs 1 (started by quiet_run.py under the timing lock).
# v1 = 79af687 (rotation at the first two plies and the root, first finisher answers),
# v2 = v1 + ABDADA-style deferral of busy children, v3 = v2 without rotation.
cd /work/wt-c4smp6
date -u; uptime
python3 results/connect-four-threads/solve_threads.py --data /work/shared/benchdata --sets Test_L1_R3:100:10 Test_L1_R2:25:40 --base one one=/work/notes/c4smp6/bin/arbor-v1:1 v1=/work/notes/c4smp6/bin/arbor-v1:2 v2=/work/notes/c4smp6/bin/arbor-v2:2 v3=/work/notes/c4smp6/bin/arbor-v3:2
date -u; uptime
