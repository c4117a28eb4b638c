#!/bin/sh
# pair.sh NEW TAGNEW TAGBASE: arbor NEW then arbor-s15 against Rapfi, each under the exclusive lock.
cd /work/notes/gplay15/rapfi
S=/work/wt-gplay15/scripts/gomocup_vs_rapfi.sh
CLI=/work/anchors/c-gomoku-cli/src/c-gomoku-cli
R=/work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi
flock /work/notes/timed.lock $S $1 $CLI $R 0 $2
flock /work/notes/timed.lock $S /work/bin/arbor-s15 $CLI $R 0 $3
