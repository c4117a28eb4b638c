#!/bin/bash
# the sixth pair, after pairs_gfix16.sh stopped at its 19:06 cutoff
cd /work/notes/gfix16
while kill -0 947 2>/dev/null; do sleep 5; done
WT=/work/wt-gfix16; CLI=/work/anchors/c-gomoku-cli/src/c-gomoku-cli; RAPFI=/work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi
now=$(date -u +%H%M); [ "$now" -ge 1916 ] && { echo "no pair f at $now"; exit 0; }
for B in fix16 s16; do
  now=$(date -u +%H%M); [ "$now" -ge 1920 ] && { echo "stop before $B-f at $now"; exit 0; }
  echo "start $B-f $(date -u +%T)"
  flock /work/notes/timed.lock sh $WT/scripts/gomocup_vs_rapfi.sh /work/bin/arbor-$B $CLI $RAPFI 0 free-$B-f
  echo "end $B-f $(date -u +%T)"
done
