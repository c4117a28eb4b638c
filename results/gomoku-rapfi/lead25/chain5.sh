#!/bin/bash
S=/work/notes/lead25/selfplay.sh
B=/work/bin/arbor-s25start
$S combo1 "cmd=/work/bin/arbor-tm1mq22 name=new option.GomokuThreatMask=true" "cmd=$B name=old"
sleep 3; $S combo1b "cmd=/work/bin/arbor-tm1mq22 name=new option.GomokuThreatMask=true" "cmd=$B name=old"
