#!/bin/bash
S=/work/notes/lead25/selfplay.sh
B=/work/bin/arbor-s25start
$S leafvcf "cmd=$B name=new option.GomokuLeafVcf=true" "cmd=$B name=old"
$S td400 "cmd=$B name=new option.GomokuThreeDiscount=400" "cmd=$B name=old"
$S td700 "cmd=$B name=new option.GomokuThreeDiscount=700" "cmd=$B name=old"
$S fc50 "cmd=$B name=new option.GomokuFinalCheck=50" "cmd=$B name=old"
$S mq10 "cmd=/work/bin/arbor-mq10 name=new" "cmd=$B name=old"
$S mq22 "cmd=/work/bin/arbor-mq22 name=new" "cmd=$B name=old"
