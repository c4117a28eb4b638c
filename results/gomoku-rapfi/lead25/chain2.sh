#!/bin/bash
S=/work/notes/lead25/selfplay.sh
B=/work/bin/arbor-s25start
$S r25b "cmd=$B name=new option.GomokuReductionPercent=25" "cmd=$B name=old"
$S r25te1 "cmd=$B name=new option.GomokuReductionPercent=25 option.GomokuThreatExtension=1" "cmd=$B name=old"
$S te1b "cmd=$B name=new option.GomokuThreatExtension=1" "cmd=$B name=old"
$S fs100 "cmd=$B name=new option.GomokuFutilityStep=100" "cmd=$B name=old"
$S fs220 "cmd=$B name=new option.GomokuFutilityStep=220" "cmd=$B name=old"
