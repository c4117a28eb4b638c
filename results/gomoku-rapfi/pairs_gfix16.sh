#!/bin/bash
# Session 16 helper gfix16: forced wins for both builds, then alternating Rapfi runs
# (arbor-fix16, arbor-s16, ...), each under the exclusive lock; a pair starts only while
# both runs can end by ~19:25 UTC.
cd /work/notes/gfix16
WT=/work/wt-gfix16
CLI=/work/anchors/c-gomoku-cli/src/c-gomoku-cli
RAPFI=/work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi
for B in fix16 s16; do
  flock /work/notes/timed.lock sh -c "uptime > forced-$B.uptime; python3 $WT/scripts/bench_gomoku.py --engine /work/bin/arbor-$B --movetime 5000 --skip-speed /work/shared/benchdata > forced-$B.txt 2>&1; uptime >> forced-$B.uptime"
  echo "bench $B done $(date -u +%T)"
done
for S in a b c d e f; do
  for B in fix16 s16; do
    now=$(date -u +%H%M)
    if [ $B = fix16 ] && [ "$now" -ge 1906 ]; then echo "stop before $B-$S at $now"; exit 0; fi
    if [ $B = s16 ] && [ "$now" -ge 1716 ] && [ "$now" -ge 1917 ]; then echo "stop before $B-$S at $now"; exit 0; fi
    echo "start $B-$S $(date -u +%T)"
    flock /work/notes/timed.lock sh $WT/scripts/gomocup_vs_rapfi.sh /work/bin/arbor-$B $CLI $RAPFI 0 free-$B-$S
    echo "end $B-$S $(date -u +%T)"
  done
done
