#!/bin/sh
# Untimed: the same sample as run4 with 4 threads (e5dc221's build), exactness only.
echo 19 > /proc/self/autogroup
cd /work/wt-c4smp6
exec nice -n 19 python3 results/connect-four-threads/solve_threads.py v4x4=/work/notes/c4smp6/bin/arbor-v4:4 --data /work/shared/benchdata --sets Test_L1_R3:100:10 Test_L1_R2:25:40 Test_L2_R2:25:40
