#!/bin/bash
cd /work/notes/lead24
while pgrep -f chain5.sh > /dev/null; do sleep 5; done
B=/work/bin/arbor-m23f
./selfplay.sh selfplay-time2x "cmd=$B name=new movetime=200" "cmd=$B name=old movetime=100"
ARBOR_TC=0.15 ./tcx.sh free-s24-tchalf-a
ARBOR_TC=0.6 ./tcx.sh free-s24-tc2x-c
