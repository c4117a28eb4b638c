#!/bin/bash
# sets.sh TAG MS MIB [ENV=V...]: the df-pn stages alone on both forced-win sets.
# PROVE: the gomoku_prove example binary (cargo build --release --example gomoku_prove). Writes sets-TAG.txt here.
TAG=$1 MS=$2 MIB=$3; shift 3
for f in /work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv /work/main/results/gomoku-rapfi/mates_from_match.tsv; do
  env "$@" STAGES=dfpn,dfpn-plain SOLVER_MIB=$MIB ${PROVE:-/work/notes/s28/prove-x} $f $MS
done > sets-$TAG.txt 2>/dev/null
