#!/bin/bash
# node counts of the plain and quiet df-pn under depth schedules
SH=/work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv
OW=/work/notes/gproof10/own/gomoku/forced_wins_freestyle15.tsv
for L in "$@"; do
  echo "== $L"
  DFPN_LIMITS=$L STAGES=dfpn-plain,dfpn SOLVER_MIB=32 ./prove-lim $SH 4000 sp1-ply37,sp2-ply19,sp2-ply29,sp3-ply74,sp4-ply27,sp4-ply39
  DFPN_LIMITS=$L STAGES=dfpn-plain,dfpn SOLVER_MIB=32 ./prove-lim $OW 4000 | grep -v "^g4-\|^g25-"
done
