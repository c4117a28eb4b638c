#!/bin/sh
# Session 6, helper c4smp: the final solver (v4 = e5dc221) 1 vs 2 threads (quiet minute, under the timing lock).
cd /work/wt-c4smp6
date -u; uptime
python3 results/connect-four-threads/solve_threads.py one=/work/notes/c4smp6/bin/arbor-v4:1 v4=/work/notes/c4smp6/bin/arbor-v4:2 --data /work/shared/benchdata --sets Test_L2_R2:25:40 Test_L1_R2:25:40 Test_L1_R1:50:20 --base one
date -u; uptime
