#!/bin/sh
# Two back-to-back pairs: no refutation checks (default flipped in a scratch copy of main b3b5fe9) vs the merged build.
C=/work/anchors/c-gomoku-cli/src/c-gomoku-cli; R=/work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi
S=/work/main/scripts/gomocup_vs_rapfi.sh
for p in a b; do
  flock /work/notes/timed.lock $S /work/notes/lead14/arbor-noref $C $R 0 free-s14noref-$p
  flock /work/notes/timed.lock $S /work/notes/lead14/arbor-m14 $C $R 0 free-m14-$p
done
