#!/bin/bash
# renju.sh LOCK TAG BIN: one 40-game renju (rule 4) run against Rapfi under LOCK.
LOCK=$1 TAG=$2 BIN=$3
cd /work/notes/lead26
flock $LOCK sh /work/main/scripts/gomocup_vs_rapfi.sh $BIN /work/anchors/c-gomoku-cli/src/c-gomoku-cli /work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi 4 $TAG
echo "$TAG: $(tail -1 $TAG.log)" >> /work/notes/lead26/rapfi-summary.txt
