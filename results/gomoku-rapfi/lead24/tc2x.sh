#!/bin/sh
# arbor at 0.6 s a move against Rapfi at 0.3 s (what would twice the search speed be worth?)
TAG=$1; BIN=${BIN:-/work/bin/arbor-m23f}
cd /work/notes/lead24
uptime > $TAG.uptime
flock /work/notes/timed.lock /work/anchors/c-gomoku-cli/src/c-gomoku-cli -each tolerance=3 -engine name=arbor "cmd=$BIN gomocup" tc=0/0.6 -engine name=rapfi cmd=/work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi tc=0/0.3 \
  -rule 0 -boardsize 15 -games 40 -repeat -openings file=/work/main/scripts/openings/gomoku15_random20.txt order=sequential \
  -concurrency 1 -sgf $TAG.sgf -msg $TAG.msg.txt > $TAG.log 2>&1
uptime >> $TAG.uptime
gzip -f $TAG.msg.txt
echo "$TAG [arbor 0.6 s] $(tail -1 $TAG.log) $(python3 /work/main/results/gomoku-rapfi/colours.py $TAG.sgf 2>&1 | tail -1)" >> summary.txt
