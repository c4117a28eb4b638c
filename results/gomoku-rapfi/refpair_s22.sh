#!/bin/sh
# Session 22: merged main (final refutation check on, c5e2131) vs 8d88a9a (old checks), AB.
cd /work/notes/lead22
while pgrep -f extpairs.sh >/dev/null; do sleep 5; done
for spec in m22:a t22:b; do
  bin=${spec%%:*}; k=${spec##*:}
  flock /work/notes/timed.lock sh /work/main/scripts/gomocup_vs_rapfi.sh /work/bin/arbor-$bin /work/anchors/c-gomoku-cli/src/c-gomoku-cli /work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi 0 free-s22-$bin-$k
  date -u
  sleep 10
done
