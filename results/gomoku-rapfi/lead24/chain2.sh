#!/bin/bash
cd /work/notes/lead24
while pgrep -f chain1.sh > /dev/null; do sleep 5; done
./selfplay.sh selfplay-r50 "cmd=/work/notes/lead24/arbor-lmr name=new option.GomokuReductionPercent=50" "cmd=/work/notes/lead24/arbor-lmr name=old"
