#!/bin/bash
# rapfi.sh TAG BIN [--option N=V]...: one 40-game freestyle run against Rapfi under the lock, records in /work/notes/lead26.
TAG=$1 BIN=$2; shift 2
cd /work/notes/lead26
flock /work/notes/timed.lock sh /work/main/scripts/gomocup_vs_rapfi.sh $BIN /work/anchors/c-gomoku-cli/src/c-gomoku-cli /work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi 0 $TAG "$@"
echo "$TAG: $(tail -1 $TAG.log)" >> /work/notes/lead26/rapfi-summary.txt
