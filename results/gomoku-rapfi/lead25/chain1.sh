#!/bin/bash
S=/work/notes/lead25/selfplay.sh
B=/work/bin/arbor-s25start
$S tt1 "cmd=/work/bin/arbor-tt1 name=new" "cmd=$B name=old"
$S r25 "cmd=$B name=new option.GomokuReductionPercent=25" "cmd=$B name=old"
$S te1 "cmd=$B name=new option.GomokuThreatExtension=1" "cmd=$B name=old"
