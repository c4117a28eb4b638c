#!/bin/sh
# Session 22: GomokuThreatExtension on (arbor-ext22 = dbb4980 default 4) vs its base (44dd739), ABBA.
cd /work/notes/lead22
for spec in ext22:a base22:a base22:b ext22:b; do
  bin=${spec%%:*}; k=${spec##*:}
  flock /work/notes/timed.lock sh /work/main/scripts/gomocup_vs_rapfi.sh /work/bin/arbor-$bin /work/anchors/c-gomoku-cli/src/c-gomoku-cli /work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi 0 free-s22-$bin-$k
  date -u
  sleep 15
done
