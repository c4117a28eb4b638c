#!/bin/bash
# stages.sh TAG MS [env...]: quiet df-pn alone on both sets, 32 MiB
TAG=$1; MS=$2; shift 2
P=${PROVE:-/work/notes/gproof21/prove-m}
O=/work/notes/gproof10/own/gomoku/forced_wins_freestyle15.tsv; S=/work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv
cd /work/notes/gproof21
{ echo "== $TAG $* $(uptime)"; env "$@" SOLVER_MIB=32 STAGES=dfpn $P $S $MS; env "$@" SOLVER_MIB=32 STAGES=dfpn $P $O $MS; echo "== end $(uptime)"; } > stages-$TAG.txt 2>&1
