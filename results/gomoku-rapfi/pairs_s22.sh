#!/bin/sh
# Session 22: re-check of a4c87d6 (arbor-v21) against arbor-b20 vs Rapfi, ABBA, one lock per run.
cd /work/notes/lead22
for spec in b20:a v21:a v21:b b20:b; do
  bin=${spec%%:*}; k=${spec##*:}
  flock /work/notes/timed.lock sh /work/main/scripts/gomocup_vs_rapfi.sh /work/bin/arbor-$bin /work/anchors/c-gomoku-cli/src/c-gomoku-cli /work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi 0 free-s22-$bin-$k
  date -u
  sleep 20
done
