#!/bin/bash
# plain df-pn on the free-m9 game sample: which positions outlast the normal slice (1.91 s), and what the extended one (2.86 s) gives them
G=/work/wt-gproof12/results/gomoku-rapfi/games-m9-sample.tsv
echo "== $(uptime)"
STAGES=dfpn-plain SOLVER_MIB=32 ./prove-a $G 1910 > games-1910.txt
grep -c "none (" games-1910.txt; grep -c "win " games-1910.txt
IDS=$(grep " - (" games-1910.txt | awk '{print $1}' | paste -sd,)
echo "outlast 1910 ms: $IDS"
[ -n "$IDS" ] && STAGES=dfpn-plain SOLVER_MIB=32 ./prove-a $G 2860 $IDS
echo "== $(uptime)"
