#!/bin/bash
# sp3line.sh MS: quiet df-pn alone (32 MiB) after the first n plies of Rapfi's sp3-ply58 line (as gproof21's), base / count / count+order
MS=$1
S=/work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv
L="M6 N5 M7 G12 G10 N14 N15 E13 E14 D12 C12 H14 I15 G15 G14 C11 F14 A9 B10 D14 C15 J4 O8 L8 K7 O7 K4 L5"
echo "== sp3line $MS $(uptime)"
for n in 10 8 6 4 0; do
  pv=""; [ $n -gt 0 ] && pv=$(echo $L | cut -d' ' -f1-$n)
  for v in "prove-base" "prove-new" "prove-new GV_ORDER=1"; do
    set -- $v
    echo "n=$n $v | $(env $2 PV="$pv" SOLVER_MIB=32 STAGES=dfpn /work/notes/gvcf21/$1 $S $MS sp3-ply58 | grep dfpn)"
  done
done
echo "== end $(uptime)"
