#!/bin/bash
# queue.sh LOCK TAG:BIN[:NAME=VALUE,...]...: 40-game freestyle runs against Rapfi one after
# another under LOCK, each with arbor's options (if any) passed as --option NAME=VALUE.
# Runs and rapfi-summary.txt go to $OUT (default /work/notes/lead27).
LOCK=$1; shift
OUT=${OUT:-/work/notes/lead27}
mkdir -p "$OUT"
cd "$OUT"
for item in "$@"; do
  IFS=: read -r TAG BIN OPTS <<< "$item"
  ARGS=()
  if [ -n "$OPTS" ]; then
    IFS=, read -ra PAIRS <<< "$OPTS"
    for pair in "${PAIRS[@]}"; do ARGS+=(--option "$pair"); done
  fi
  flock $LOCK sh /work/main/scripts/gomocup_vs_rapfi.sh $BIN /work/anchors/c-gomoku-cli/src/c-gomoku-cli /work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi 0 $TAG "${ARGS[@]}"
  echo "$TAG: $(tail -1 $TAG.log)" >> "$OUT/rapfi-summary.txt"
done
