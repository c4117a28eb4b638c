#!/bin/bash
S=/work/notes/lead25/selfplay.sh
while pgrep -f "chain5.sh" >/dev/null; do sleep 5; done
sleep 3; $S tm8a "cmd=/work/bin/arbor-tm8 name=new option.GomokuThreatMask=true" "cmd=/work/bin/arbor-tm8 name=old"
sleep 3; $S tm8b "cmd=/work/bin/arbor-tm8 name=new option.GomokuThreatMask=true" "cmd=/work/bin/arbor-tm8 name=old"
