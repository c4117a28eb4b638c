#!/bin/sh
# The node-count signature of a build: bench total, depth-11 searches of three rules,
# the four fixed searches of searches.py (threat solver off). Run from the repo root.
B=$1
$B bench 2>&1 | grep -i "nodes" | tail -1
python3 results/gomoku-nps/session20/depth11.py $B
python3 results/gomoku-nps/searches.py $B
