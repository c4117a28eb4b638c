#!/bin/bash
cd /work/notes/lead24
while pgrep -f chain4.sh > /dev/null; do sleep 5; done
B=/work/notes/lead24/arbor-lmr2
./selfplay.sh selfplay-qf "cmd=$B name=new option.GomokuQuietFours=true" "cmd=$B name=old"
./selfplay.sh selfplay-te2r50 "cmd=$B name=new option.GomokuThreatExtension=2 option.GomokuReductionPercent=50" "cmd=$B name=old"
