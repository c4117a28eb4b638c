#!/bin/bash
cd /work/notes/lead24
while pgrep -f chain7.sh > /dev/null; do sleep 5; done
./selfplay.sh selfplay-m24a "cmd=/work/bin/arbor-m24a name=new" "cmd=/work/bin/arbor-m23f name=old"
BIN=/work/bin/arbor-m24a ./runs.sh free-s24-m24a-a ""
uptime > renju-s24-m24a.uptime
flock /work/notes/timed.lock sh /work/main/scripts/gomocup_vs_rapfi.sh /work/bin/arbor-m24a /work/anchors/c-gomoku-cli/src/c-gomoku-cli /work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi 4 renju-s24-m24a
gzip -f renju-s24-m24a.msg.txt
echo "renju-s24-m24a $(tail -1 renju-s24-m24a.log)" >> summary.txt
BIN=/work/bin/arbor-m24a ./runs.sh free-s24-m24a-b ""
