#!/bin/bash
# Session 9 stage survey: the plain and the quiet df-pn alone (examples/gomoku_prove.rs) on
# the shared set and the own set (own/gomoku/forced_wins_freestyle15.tsv, a copy of
# mates_from_match.tsv), MS each. Run from a directory holding BIN, under the lock.
# usage: stages_s9.sh BIN TAG MS
B=$1; T=$2; MS=${3:-3000}
echo "== $B $(uptime)"
STAGES=dfpn-plain,dfpn ./$B /work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv $MS
STAGES=dfpn-plain,dfpn ./$B own/gomoku/forced_wins_freestyle15.tsv $MS
echo "== done $(uptime)"
