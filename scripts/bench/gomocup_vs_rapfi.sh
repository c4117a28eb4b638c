#!/bin/sh
# arbor against Rapfi under c-gomoku-cli (a Gomocup match runner), 15x15, 0.3 s a move,
# 40 games from 20 openings played with both colours (-repeat), one game at a time.
# Usage: scripts/bench/gomocup_vs_rapfi.sh ARBOR C_GOMOKU_CLI RAPFI RULE TAG [--option NAME=VALUE]...
#   RULE: 0 freestyle, 1 exactly five, 4 renju. Writes TAG.log, TAG.sgf, TAG.msg.txt.
#   The options go to arbor's command line (`arbor gomocup --option NAME=VALUE`).
# The anchors are not part of the project (see ../shared/ANCHORS.md for building them).
set -e
ARBOR=$1 CLI=$2 RAPFI=$3 RULE=$4 TAG=$5
shift 5
OPENINGS=$(dirname "$0")/../openings/gomoku15_random20.txt
uptime > "$TAG.uptime"
"$CLI" -each tc=0/0.3 tolerance=3 -engine name=arbor "cmd=$ARBOR gomocup $*" -engine name=rapfi "cmd=$RAPFI" \
  -rule "$RULE" -boardsize 15 -games 40 -repeat -openings "file=$OPENINGS" order=sequential \
  -concurrency 1 -sgf "$TAG.sgf" -msg "$TAG.msg.txt" > "$TAG.log" 2>&1
uptime >> "$TAG.uptime"
tail -1 "$TAG.log"
