#!/bin/bash
# usage: stages_all.sh MS STAGES BIN...   (both sets, every position; SOLVER_MIB from env, default 32)
MS=$1; ST=$2; shift 2
echo "== $(uptime)"
for B in "$@"; do
  echo "-- $B"
  STAGES=$ST SOLVER_MIB=${SOLVER_MIB:-32} ./$B /work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv $MS
  STAGES=$ST SOLVER_MIB=${SOLVER_MIB:-32} ./$B own/gomoku/forced_wins_freestyle15.tsv $MS
done
echo "== $(uptime)"
