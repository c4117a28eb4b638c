#!/bin/bash
# usage: stages.sh BIN TAG MS [ENV...]
BIN=$1; TAG=$2; MS=$3; shift 3
OWN=/work/notes/gproof10/own/gomoku/forced_wins_freestyle15.tsv
SH=/work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv
for F in $SH $OWN; do env "$@" STAGES=dfpn-plain,dfpn SOLVER_MIB=32 ./$BIN $F $MS; done > stages-$TAG.txt 2>&1
