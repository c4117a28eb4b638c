#!/bin/bash
# Usage: runs.sh TAG "OPTIONS" [TAG "OPTIONS"]... : Rapfi runs one after another, each under the lock.
cd /work/notes/lead24
BIN=${BIN:-/work/bin/arbor-m23f}
while [ $# -ge 2 ]; do
  TAG=$1 OPTS=$2; shift 2
  flock /work/notes/timed.lock sh /work/main/scripts/gomocup_vs_rapfi.sh $BIN /work/anchors/c-gomoku-cli/src/c-gomoku-cli /work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi 0 $TAG $OPTS
  gzip -f $TAG.msg.txt
  echo "$TAG [$OPTS] $(tail -1 $TAG.log) $(python3 /work/main/results/gomoku-rapfi/colours.py $TAG.sgf 2>&1 | tail -1)" >> summary.txt
done
