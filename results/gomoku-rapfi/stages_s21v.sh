#!/bin/bash
# stages.sh TAG PROVE MS [env...]: quiet df-pn alone on both forced-win sets, 32 MiB (as results/gomoku-rapfi/stages_s21.sh)
TAG=$1; P=/work/notes/gvcf21/$2; MS=$3; shift 3
O=/work/notes/gproof10/own/gomoku/forced_wins_freestyle15.tsv; S=/work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv
cd /work/notes/gvcf21
{ echo "== $TAG $P $* $(uptime)"; env "$@" SOLVER_MIB=32 STAGES=dfpn $P $S $MS; env "$@" SOLVER_MIB=32 STAGES=dfpn $P $O $MS; echo "== end $(uptime)"; } > stages-$TAG.txt 2>&1
