#!/bin/sh
# Session 6, helper c4smp: 1 vs 2 threads in a quiet minute (started by quiet_run.py under the timing lock).
cd /work/wt-c4smp6
date -u; uptime
python3 results/connect-four-threads/solve_threads.py --data /work/shared/benchdata --sets Test_L1_R3:50:20 Test_L1_R2:25:40 Test_L2_R2:25:40 --base new1 new1=/work/notes/c4smp6/bin/arbor-v1:1 new2=/work/notes/c4smp6/bin/arbor-v1:2
date -u; uptime
