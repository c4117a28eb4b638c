#!/bin/bash
cd /work/notes/lead24
while pgrep -f chain6.sh > /dev/null; do sleep 5; done
./selfplay.sh selfplay-te2-b "cmd=/work/bin/arbor-m23f name=new option.GomokuThreatExtension=2" "cmd=/work/bin/arbor-m23f name=old"
BIN=/work/notes/lead24/arbor-lmr2 ./runs.sh free-s24-te2r50-a "--option GomokuThreatExtension=2 --option GomokuReductionPercent=50"
./runs.sh free-s24-main-d ""
BIN=/work/notes/lead24/arbor-lmr2 ./runs.sh free-s24-te2r50-b "--option GomokuThreatExtension=2 --option GomokuReductionPercent=50"
./runs.sh free-s24-main-e ""
