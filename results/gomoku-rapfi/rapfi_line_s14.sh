#!/bin/bash
# Rapfi's eval at every loser-to-move point of arbor's g4 proof line (g9 ...), 2 s each
L=(g9 h9 f8 e7 g10 i12 l15 l14 j14 g11 o13 n13 j5 h5 m5 l5 m6 n5 k6 i4 j6 l6 l4 m3 k3 j2 o7)
for k in 1 3 5 7 9 11 13 15 17 19 21 23 25; do
  pv="${L[@]:0:$k}"
  e=$(PV="$pv" timeout 30 python3 rapfi_probe.py /work/notes/gproof10/own/gomoku/forced_wins_freestyle15.tsv g4-ply49 2000 | grep -o "Eval [^ |]*" | tail -1)
  echo "after $k plies ($pv): Rapfi (Black to move) $e"
done
