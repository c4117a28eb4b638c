#!/bin/bash
cd /work/notes/lead24
./selfplay.sh selfplay-lmp60 "cmd=/work/notes/lead24/arbor-lmr name=new option.GomokuLateMovePercent=60" "cmd=/work/notes/lead24/arbor-lmr name=old"
./selfplay.sh selfplay-te2 "cmd=/work/notes/lead24/arbor-lmr name=new option.GomokuThreatExtension=2" "cmd=/work/notes/lead24/arbor-lmr name=old"
