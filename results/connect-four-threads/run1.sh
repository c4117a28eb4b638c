#!/bin/sh
cd /work/wt-c4smp6
uptime
python3 results/connect-four-threads/solve_threads.py --data /work/shared/benchdata --sets Test_L1_R2:25:40 Test_L2_R2:25:40 Test_L1_R3:125:8 --base base1 --base v1_1 base1=/work/notes/c4smp6/bin/arbor-base:1 base2=/work/notes/c4smp6/bin/arbor-base:2 v1_1=/work/notes/c4smp6/bin/arbor-v1:1 v1_2=/work/notes/c4smp6/bin/arbor-v1:2
uptime
