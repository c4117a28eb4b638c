#!/bin/bash
# queue.sh LOCK TAG:BIN...: 40-game freestyle runs against Rapfi one after another under LOCK.
LOCK=$1; shift
cd /work/notes/lead27
for item in "$@"; do
  TAG=${item%%:*} BIN=${item#*:}
  flock $LOCK sh /work/main/scripts/gomocup_vs_rapfi.sh $BIN /work/anchors/c-gomoku-cli/src/c-gomoku-cli /work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi 0 $TAG
  echo "$TAG: $(tail -1 $TAG.log)" >> /work/notes/lead27/rapfi-summary.txt
done
